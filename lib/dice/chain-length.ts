/**
 * How long a match's game-seed chain is (docs/fair-dice-v2.md, section 1), on its own: the match page asks it (is a
 * chain the match's?) and must not load SHA-256 for that (seed-chain.ts, which re-exports these, hashes the chain).
 *
 * @example
 *   chainLengthFor(5); // 9 games at most in a 5-point match
 */

/** The longest match length a chain is made for (the lobby's limit). */
export const MAX_CHAIN_MATCH_LENGTH = 25;

/** The most games an N-point match can have: each game gives at least one point, so 2N − 1. */
export function chainLengthFor(matchLength: number): number {
  if (!Number.isSafeInteger(matchLength) || matchLength < 1 || matchLength > MAX_CHAIN_MATCH_LENGTH) {
    throw new RangeError(`chainLengthFor: a match length is 1 to ${MAX_CHAIN_MATCH_LENGTH}, got ${matchLength}`);
  }
  return 2 * matchLength - 1;
}
