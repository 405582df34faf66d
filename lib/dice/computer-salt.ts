/**
 * fair-dice-v2's computer salts (docs/fair-dice-v2.md, section 3a): the salt of the site's computer player for roll
 * `nonce` of game k is taken from game k's seed — the first 32 hex characters of HMAC-SHA256(gameSeed(k),
 * "computer-salt:" + nonce) — instead of being drawn when it rolls. The game seeds were fixed by the commitment before
 * any client seed, so the computer's salts were fixed then too: the server, which plays that side, cannot try salts
 * until the computer's dice suit it. Anyone checks them once the game's seed is revealed.
 *
 * @example
 *   computerSalt(gameSeed, 17); // "5d0c…" (32 lowercase hex characters)
 */
import { hashes } from "./hash-backend";

/** The HMAC message of the computer's salt for roll `nonce`. */
export function computerSaltMessage(nonce: number): string {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`computerSaltMessage: nonce must be a non-negative integer, got ${nonce}`);
  return `computer-salt:${nonce}`;
}

/** The computer's salt for roll `nonce` of the game whose seed is `gameSeed` (used as its 64 ASCII characters). */
export function computerSalt(gameSeed: string, nonce: number): string {
  // A verifier computes one per roll of the computer: Node's HMAC in Node, noble's in a browser (hash-backend.ts).
  return hashes.hmacHex(gameSeed, computerSaltMessage(nonce)).slice(0, 32);
}
