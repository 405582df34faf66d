/**
 * fair-dice-v3's computer values (docs/fair-dice-v3.md, section 1): against the site's computer, the computer's
 * contribution c of game k — what a human's browser reveals from its hash chain — is taken from game k's seed, the
 * hex HMAC-SHA256(gameSeed(k), "computer-value:" + c). The seeds were fixed by the commitment before any client seed,
 * so the server, which plays the computer, cannot choose these values; and the human's own value is in every roll
 * the computer makes, so the server no longer knows the computer's rolls in advance.
 *
 * @example
 *   computerValue(gameSeed, 1); // "9c4e…" (64 lowercase hex characters): the computer's first contribution of the game
 */
import { hashes } from "./hash-backend";

/** The HMAC message of the computer's contribution `c` (1, 2, … within a game). */
export function computerValueMessage(c: number): string {
  if (!Number.isSafeInteger(c) || c < 1) throw new RangeError(`computerValueMessage: a contribution number is 1 or more, got ${c}`);
  return `computer-value:${c}`;
}

/** The computer's contribution `c` in the game whose seed is `gameSeed` (used as its 64 ASCII characters). */
export function computerValue(gameSeed: string, c: number): string {
  // A verifier computes one per computer contribution: Node's HMAC in Node, noble's in a browser (hash-backend.ts).
  return hashes.hmacHex(gameSeed, computerValueMessage(c));
}
