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
import { diceFromByteStream, keyedDigest } from "./roll";
import { isSalt } from "./salt";
import type { RollSalts } from "./types";

export type { RollSalts };

/** The salts in message order: white's, then black's (present ones only), joined with ":". */
export function saltsText(salts: RollSalts): string {
  const present = [salts.white, salts.black].filter((salt): salt is string => salt !== undefined);
  if (present.length === 0 || !present.every(isSalt)) throw new RangeError("saltsText: a roll needs one or two salts of 32 lowercase hex characters");
  return present.join(":");
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
}

/**
 * The rolls of one game: the HMAC keyed once with the game's seed and copied for every block (`keyedDigest`, as v1's
 * roller does), each block digested into one reused buffer when only the dice are wanted.
 */
export function createSaltedRoller(gameSeed: string, clientSeed: string): SaltedRoller {
  const digest = keyedDigest(gameSeed);
  const computeBlock = (nonce: number, salts: RollSalts, block: number): Uint8Array => digest(saltedRollMessage(clientSeed, nonce, salts, block));
  function* blocks(nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined> {
    // Copies, because the caller may keep a block while pulling the next one.
    for (let block = 0; ; block++) yield computeBlock(nonce, salts, block).slice();
  }
  function* reusedBlocks(nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined> {
    for (let block = 0; ; block++) yield computeBlock(nonce, salts, block);
  }
  return { blocks, roll: (nonce, salts) => diceFromByteStream(reusedBlocks(nonce, salts)) };
}
