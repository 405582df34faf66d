/**
 * The game-seed chain of fair-dice-v2 (docs/fair-dice-v2.md, section 1): one commitment covers a seed for every game
 * a match can have. `gameSeed(L)` is the server seed, each earlier one the SHA-256 (hex, of the ASCII string) of the
 * next, and the commitment the SHA-256 of game 1's seed. Revealing game k's seed shows games 1 to k and nothing after.
 *
 * @example
 *   const length = chainLengthFor(5);                        // 9 games at most in a 5-point match
 *   const commitment = chainCommitment(serverSeed, length);  // SHA-256 applied 9 times
 *   gameSeedOf(serverSeed, length, 1);                       // SHA-256 applied 8 times
 *   leadsToCommitment(gameSeedOf(serverSeed, length, 3), 3, commitment); // true
 */
import { chainLengthFor, MAX_CHAIN_MATCH_LENGTH } from "./chain-length";
import { hashes } from "./hash-backend";

export { chainLengthFor, MAX_CHAIN_MATCH_LENGTH };

/**
 * hex(SHA-256(seed)) over the seed's ASCII characters: one link of the chain. A verifier hashes a game's seed as many
 * times as its game number, some 1,200 links for a long match: Node's SHA-256 in Node (hash-backend.ts).
 */
export function chainLink(seed: string): string {
  return hashes.sha256Hex(seed);
}

/** `seed` hashed `times` times. */
export function hashTimes(seed: string, times: number): string {
  let value = seed;
  for (let i = 0; i < times; i++) value = chainLink(value);
  return value;
}

/** Game `game`'s seed (1 ≤ game ≤ chainLength) from the server seed, which is the seed of game `chainLength`. */
export function gameSeedOf(serverSeed: string, chainLength: number, game: number): string {
  if (!Number.isSafeInteger(game) || game < 1 || game > chainLength) throw new RangeError(`gameSeedOf: game ${game} is outside 1..${chainLength}`);
  return hashTimes(serverSeed, chainLength - game);
}

/** Every game's seed, game 1 first: one pass down the chain instead of one per game. */
export function gameSeedsOf(serverSeed: string, chainLength: number): string[] {
  const seeds = new Array<string>(chainLength);
  seeds[chainLength - 1] = serverSeed;
  for (let game = chainLength - 1; game >= 1; game--) seeds[game - 1] = chainLink(seeds[game]!);
  return seeds;
}

/** The commitment published for `serverSeed`: SHA-256 applied `chainLength` times. */
export function chainCommitment(serverSeed: string, chainLength: number): string {
  return hashTimes(serverSeed, chainLength);
}

/** Whether `seed`, hashed `game` times, gives `commitment` — i.e. it is game `game`'s seed under that commitment. */
export function leadsToCommitment(seed: string, game: number, commitment: string): boolean {
  return hashTimes(seed, game) === commitment;
}
