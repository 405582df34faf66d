/**
 * fair-dice-v3's chain arithmetic without any hashing (docs/fair-dice-v3.md, section 1): the chain length M, the form
 * of a head or value, and where contribution c lives across a game's chains. The match's rules (lib/match, which the
 * page folds and asks what is allowed) need these and nothing else of hash-chain.ts, so they stay out of the hashes'
 * weight on a page's first load.
 *
 * @example
 *   isChainValue("9c4e…");        // true for 64 lowercase hex characters
 *   contributionPlace(1025);      // { chain: 1, position: 1 }: the renewed chain's first value
 */

/** M: values per chain, so a player's contribution c ≤ M of a game is value(c) of that game's first chain. */
export const CONTRIBUTION_CHAIN_LENGTH = 1024;

/** A tail, head or revealed value: 64 lowercase hex characters, always used as that ASCII text. */
export const CHAIN_VALUE_PATTERN = /^[0-9a-f]{64}$/;

/** A character that is not a lowercase hex digit. */
const NOT_LOWER_HEX = /[^0-9a-f]/;

export function isChainValue(value: unknown): value is string {
  // CHAIN_VALUE_PATTERN's test, as a length and a search for a wrong character: a third faster, and a verifier asks
  // it of every value.
  return typeof value === "string" && value.length === 64 && !NOT_LOWER_HEX.test(value);
}

/**
 * Where a player's contribution `c` (1, 2, … within one game) lives: `chain` counts the game's chains from 0 (a
 * renewed chain is 1, then 2, …) and `position` is its index in that chain, 1 to M.
 */
export function contributionPlace(c: number): { readonly chain: number; readonly position: number } {
  if (!Number.isSafeInteger(c) || c < 1) throw new RangeError(`contributionPlace: a contribution number is 1 or more, got ${c}`);
  return { chain: Math.floor((c - 1) / CONTRIBUTION_CHAIN_LENGTH), position: ((c - 1) % CONTRIBUTION_CHAIN_LENGTH) + 1 };
}

/**
 * How many heads a player has committed in a game once they have made `contributions` of them: the first at the
 * start, and one more with each reveal of a value(M) — so a player who revealed exactly M values has two.
 */
export function headsAfter(contributions: number): number {
  if (!Number.isSafeInteger(contributions) || contributions < 0) throw new RangeError(`headsAfter: a count is 0 or more, got ${contributions}`);
  return Math.floor(contributions / CONTRIBUTION_CHAIN_LENGTH) + 1;
}
