/**
 * Player client seeds (docs/fair-dice-v1.md, section 1): 1 to 64 characters from [A-Za-z0-9_-]. The match's
 * clientSeed is white's seed, a colon, then black's seed; the colon cannot occur inside a seed, so the pair is
 * unambiguous.
 *
 * @example
 *   validateClientSeed("Bl4ck_seed-9"); // { ok: true, value: "Bl4ck_seed-9" }
 *   combineClientSeeds("w4h1t3seed", "Bl4ck_seed-9"); // "w4h1t3seed:Bl4ck_seed-9"
 */
import { err, ok, type Result } from "../engine/types";

export const CLIENT_SEED_MAX_LENGTH = 64;

const CLIENT_SEED_CHARS = /^[A-Za-z0-9_-]+$/;

export type ClientSeedError = "ERR_CLIENT_SEED_TYPE" | "ERR_CLIENT_SEED_EMPTY" | "ERR_CLIENT_SEED_TOO_LONG" | "ERR_CLIENT_SEED_CHARS";

/**
 * Checks a player's client seed; the failure says what to change. Its `reason` tells the four codes apart, so that a
 * refusal wrapping it (the match's ERR_BAD_CLIENT_SEED) can pass the values on.
 */
export function validateClientSeed(s: unknown): Result<string, ClientSeedError> {
  if (typeof s !== "string") return err("ERR_CLIENT_SEED_TYPE", { reason: "type" });
  if (s.length === 0) return err("ERR_CLIENT_SEED_EMPTY", { reason: "empty", max: CLIENT_SEED_MAX_LENGTH });
  if (s.length > CLIENT_SEED_MAX_LENGTH) return err("ERR_CLIENT_SEED_TOO_LONG", { reason: "tooLong", length: s.length, max: CLIENT_SEED_MAX_LENGTH });
  if (!CLIENT_SEED_CHARS.test(s)) return err("ERR_CLIENT_SEED_CHARS", { reason: "chars" });
  return ok(s);
}

/**
 * The match's clientSeed. Both seeds must already be valid (validateClientSeed); an invalid one is a programmer
 * error and throws, because combining it would make the colon separator ambiguous.
 */
export function combineClientSeeds(white: string, black: string): string {
  for (const [color, seed] of [["white", white], ["black", black]] as const) {
    const checked = validateClientSeed(seed);
    if (!checked.ok) throw new RangeError(`combineClientSeeds: ${color}'s seed is invalid (${checked.code})`);
  }
  return `${white}:${black}`;
}
