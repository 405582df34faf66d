/**
 * One roll of fair-dice-v2 (docs/fair-dice-v2.md, section 3): v1's byte stream and rejection sampling, keyed with the
 * game's seed, over a message that ends with the roll's salts — made by the roller's browser (both players' for an
 * opening roll, white's first), so that nobody, the server included, knows the dice before the roller asks.
 *
 * @example
 *   const salt = newSalt();                                             // salt.ts
 *   saltedRollMessage("w:b", 17, { black: salt });                      // "w:b:17:0f1e…e1f0"
 *   createSaltedRoller(gameSeed, "w:b").roll(17, { black: salt });     // [die1, die2]
 */
import type { Dice } from "../engine/types";
import { blockZero } from "./block-zero";
import { hashes } from "./hash-backend";
import { diceFromBlock, diceFromByteStream } from "./roll";
import { isSalt } from "./salt";
import type { RollSalts } from "./types";

export type { RollSalts };

/** The salts in message order: white's, then black's (present ones only), joined with ":". */
export function saltsText(salts: RollSalts): string {
  assertSalts(salts);
  return salts.white === undefined ? salts.black! : salts.black === undefined ? salts.white : `${salts.white}:${salts.black}`;
}

/** Refuses salts that are not one or two salts in their form (read directly: a verifier asks it of every roll). */
function assertSalts({ white, black }: RollSalts): void {
  if ((white === undefined && black === undefined) || (white !== undefined && !isSalt(white)) || (black !== undefined && !isSalt(black))) {
    throw new RangeError("saltsText: a roll needs one or two salts of 32 lowercase hex characters");
  }
}

/** The HMAC message of block `block` of roll `nonce`: "clientSeed:n:salts", then ":j" for block j ≥ 1. */
export function saltedRollMessage(clientSeed: string, nonce: number, salts: RollSalts, block = 0): string {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`saltedRollMessage: nonce must be a non-negative integer, got ${nonce}`);
  if (!Number.isSafeInteger(block) || block < 0) throw new RangeError(`saltedRollMessage: block must be a non-negative integer, got ${block}`);
  const base = `${clientSeed}:${nonce}:${saltsText(salts)}`;
  return block === 0 ? base : `${base}:${block}`;
}

export interface SaltedRoller {
  /** The endless byte stream of roll `nonce` with `salts`: block 0, then 1, 2, … as the caller pulls them. */
  blocks(nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined>;
  roll(nonce: number, salts: RollSalts): Dice;
  /**
   * roll's dice for salts already known to be one or two salts in their form — as the verifier's salts check found
   * them — without checking them again.
   */
  rollChecked(nonce: number, salts: RollSalts): Dice;
}

/**
 * The rolls of one game: the HMAC keyed once with the game's seed (Node's crypto in Node, noble's in a browser:
 * hash-backend.ts), each block digested into one reused buffer when only the dice are wanted. `roll` writes block
 * 0's message straight into one reused buffer (block-zero.ts), as v3's roller does: a message string for each of
 * 10,000 rolls, and its flat copy, were garbage a verification spent its time collecting.
 */
export function createSaltedRoller(gameSeed: string, clientSeed: string): SaltedRoller {
  const digest = hashes.keyedHmac(gameSeed);
  const zero = blockZero(gameSeed, clientSeed);
  const computeBlock = (nonce: number, salts: RollSalts, block: number): Uint8Array => digest(saltedRollMessage(clientSeed, nonce, salts, block));
  function* blocks(nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined> {
    // Copies, because the caller may keep a block while pulling the next one.
    for (let block = 0; ; block++) yield computeBlock(nonce, salts, block).slice();
  }
  function* reusedBlocks(nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined> {
    for (let block = 0; ; block++) yield computeBlock(nonce, salts, block);
  }
  /** saltedRollMessage's block 0, piece by piece: each ends or is followed by ":" or a digit, so no surrogate pair is split between two. */
  function rollSalted(nonce: number, salts: RollSalts): Dice {
    // saltedRollMessage refuses a nonce that is not one, before it looks at the salts.
    if (!Number.isSafeInteger(nonce) || nonce < 0) return diceFromByteStream(reusedBlocks(nonce, salts));
    const message = zero.start(nonce);
    if (salts.white !== undefined) message.text(salts.white);
    if (salts.white !== undefined && salts.black !== undefined) message.text(":");
    if (salts.black !== undefined) message.text(salts.black);
    return diceFromBlock(zero.digest()) ?? diceFromByteStream(reusedBlocks(nonce, salts));
  }
  return {
    blocks,
    roll(nonce, salts) {
      if (Number.isSafeInteger(nonce) && nonce >= 0) assertSalts(salts);
      return rollSalted(nonce, salts);
    },
    rollChecked: rollSalted,
  };
}
