/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same numbers on every run and in every
 * runtime, so a bot's choices, a test's random cases and a simulation can be repeated from their seed. Not for
 * anything secret (seeds and salts come from a CSPRNG).
 *
 * @example
 *   const random = mulberry32(9162);
 *   random(); // a number in [0, 1), the same one every time for this seed
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
