/**
 * One roll of fair-dice-v3 (docs/fair-dice-v3.md, section 3): v2's byte stream and rejection sampling (roll.ts),
 * keyed with the game's seed, over a message that ends with both browsers' contributions — for a turn roll the
 * roller's salt and then the opponent's chain value, for an opening roll white's value and then black's. The
 * opponent's value was fixed by its head before the salt existed and is revealed only after the salt is logged, so
 * the roller (even with the server and its seed) cannot grind a salt towards a roll.
 *
 * @example
 *   turnRollMessage("w:b", 17, salt, value);                                   // "w:b:17:<salt>:<value>"
 *   createRollerV3(gameSeed, "w:b").roll(17, { kind: "turn", salt, value });   // [die1, die2]
 *   createRollerV3(gameSeed, "w:b").roll(0, { kind: "opening", white, black });
 */
import type { Dice } from "../engine/types";
import { blockZero } from "./block-zero";
import { hashes } from "./hash-backend";
import { isChainValue } from "./hash-chain";
import { diceFromBlock, diceFromByteStream, rollMessage } from "./roll";
import { isSalt } from "./salt";

/** What the browsers put into one roll: a turn roll's salt and opponent's value, or an opening roll's two values. */
export type RollContributions =
  | { readonly kind: "turn"; readonly salt: string; readonly value: string }
  | { readonly kind: "opening"; readonly white: string; readonly black: string };

/** The contributions in message order, as the message's last two fields. */
function contributionsText(parts: RollContributions): string {
  if (parts.kind === "turn") {
    if (!isSalt(parts.salt) || !isChainValue(parts.value)) throw new RangeError("rollMessageV3: a turn roll needs a salt (32 hex) and a chain value (64 hex)");
    return `${parts.salt}:${parts.value}`;
  }
  if (!isChainValue(parts.white) || !isChainValue(parts.black)) throw new RangeError("rollMessageV3: an opening roll needs two chain values (64 hex)");
  return `${parts.white}:${parts.black}`;
}

/** The HMAC message of block `block` of roll `nonce`: "clientSeed:n:a:b", then ":j" for block j ≥ 1. */
export function rollMessageV3(clientSeed: string, nonce: number, parts: RollContributions, block = 0): string {
  if (!Number.isSafeInteger(block) || block < 0) throw new RangeError(`rollMessageV3: block must be a non-negative integer, got ${block}`);
  const base = `${rollMessage(clientSeed, nonce)}:${contributionsText(parts)}`;
  return block === 0 ? base : `${base}:${block}`;
}

/** Block 0's message of a turn roll: clientSeed ":" n ":" rollerSalt ":" opponentValue. */
export function turnRollMessage(clientSeed: string, nonce: number, rollerSalt: string, opponentValue: string): string {
  return rollMessageV3(clientSeed, nonce, { kind: "turn", salt: rollerSalt, value: opponentValue });
}

/** Block 0's message of an opening roll: clientSeed ":" n ":" whiteValue ":" blackValue. */
export function openingRollMessage(clientSeed: string, nonce: number, whiteValue: string, blackValue: string): string {
  return rollMessageV3(clientSeed, nonce, { kind: "opening", white: whiteValue, black: blackValue });
}

export interface RollerV3 {
  roll(nonce: number, parts: RollContributions): Dice;
  /**
   * The dice of roll `nonce` from its two contributions in message order — a turn roll's salt and value, an opening
   * roll's white and black values — already known to be in their forms: roll's, without checking them again (the
   * verifier has, in its contributions check) or an object per roll.
   */
  rollChecked(nonce: number, first: string, second: string): Dice;
}

/**
 * The rolls of one game: the HMAC keyed once with the game's seed (Node's crypto in Node, noble's in a browser:
 * hash-backend.ts), each block's digest read before the next is made. rollChecked writes block 0's message straight
 * into one reused buffer (block-zero.ts): a message string for each of 10,000 rolls, and its flat copy, was most of
 * the garbage left in a verification.
 */
export function createRollerV3(gameSeed: string, clientSeed: string): RollerV3 {
  const digest = hashes.keyedHmac(gameSeed);
  const zero = blockZero(gameSeed, clientSeed);
  function* blocks(base: string): Generator<Uint8Array, never, undefined> {
    yield digest(base);
    // A further block is needed only when 31 of block 0's 32 bytes are ≥ 252: practically never, but the rule says how.
    for (let block = 1; ; block++) yield digest(`${base}:${block}`);
  }
  const diceOf = (base: string): Dice => diceFromBlock(digest(base)) ?? diceFromByteStream(blocks(base));
  const base = (nonce: number, first: string, second: string) => `${rollMessage(clientSeed, nonce)}:${first}:${second}`;
  return {
    roll: (nonce, parts) => diceOf(rollMessageV3(clientSeed, nonce, parts)),
    rollChecked(nonce, first, second) {
      // rollMessage refuses a nonce that is not one.
      if (!Number.isSafeInteger(nonce) || nonce < 0) return diceOf(base(nonce, first, second));
      // base()'s pieces, each ending or followed by ":" or a digit, so no surrogate pair is split between two.
      const message = zero.start(nonce);
      message.text(first);
      message.text(":");
      message.text(second);
      return diceFromBlock(zero.digest()) ?? diceOf(base(nonce, first, second));
    },
  };
}
