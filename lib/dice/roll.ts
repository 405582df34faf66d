/**
 * One roll of fair-dice-v1 (docs/fair-dice-v1.md, section 3): a byte stream of HMAC-SHA256 blocks keyed with the
 * server seed's ASCII string, bytes >= 252 skipped, the first two accepted bytes b give the dice b % 6 + 1.
 *
 * The roller keys the HMAC once per seed and clones that keyed state for every block (noble's public
 * `hmac.create(...).clone()`), so verifying a long match does not rehash the key for each roll.
 *
 * @example
 *   rollForNonce("0000000000000000000000000000000000000000000000000000000000000001", "a:b", 0); // [die1, die2]
 *   const roller = createRoller(serverSeed, clientSeed);
 *   roller.roll(0); roller.roll(1);
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { Dice, DieValue } from "../engine/types";

// One encoder for every message: noble's utf8ToBytes builds a new TextEncoder and copies its output on each call.
const utf8 = new TextEncoder();

/** The largest multiple of 6 not above 256: accepting only bytes below it gives every face 42 of 252 byte values. */
export const REJECT_FROM = 252;

/** The HMAC message of block `block` of roll `nonce`: "clientSeed:n" for block 0, "clientSeed:n:k" after it. */
export function rollMessage(clientSeed: string, nonce: number, block = 0): string {
  assertCounter("nonce", nonce);
  assertCounter("block", block);
  return block === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${block}`;
}

/**
 * The two dice taken from a stream of blocks, read in order; bytes >= 252 are skipped and further blocks are only
 * pulled when the ones before had fewer than two accepted bytes. Tests inject streams here to force rejection and
 * continuation blocks.
 */
export function diceFromByteStream(blocks: Iterable<Uint8Array>): Dice {
  let first: DieValue | undefined;
  for (const block of blocks) {
    for (const byte of block) {
      if (byte >= REJECT_FROM) continue;
      const die = ((byte % 6) + 1) as DieValue;
      if (first === undefined) first = die;
      else return [first, die];
    }
  }
  throw new Error("diceFromByteStream: the byte stream ended before two bytes below 252 were read");
}

/**
 * diceFromByteStream of a stream whose first block is `block`, when that block alone has two bytes below 252 — as
 * good as always — or undefined, when the further blocks are needed. Lets a verifier roll 10,000 times without a
 * generator for each roll.
 */
export function diceFromBlock(block: Uint8Array): Dice | undefined {
  let first: DieValue | undefined;
  for (let i = 0; i < block.length; i++) {
    const byte = block[i]!;
    if (byte >= REJECT_FROM) continue;
    const die = ((byte % 6) + 1) as DieValue;
    if (first === undefined) first = die;
    else return [first, die];
  }
  return undefined;
}

export interface Roller {
  /** The endless byte stream of roll `nonce`: HMAC block 0, then blocks 1, 2, ... as the caller pulls them. */
  blocks(nonce: number): Generator<Uint8Array, never, undefined>;
  /** The dice of roll `nonce`. */
  roll(nonce: number): Dice;
}

/**
 * HMAC-SHA256 keyed once with `seed` (as its UTF-8 text), for many messages: each call copies the keyed state into
 * one scratch HMAC (noble's `_cloneInto`, which reuses the scratch's buffers — `clone()` made two hashes and their
 * views per block, and the garbage was a seventh of a 10,000-roll verification) and digests into one reused buffer.
 * The returned bytes are overwritten by the next call.
 */
export function keyedDigest(seed: string): (message: string) => Uint8Array {
  const digest = keyedBytesDigest(seed);
  return (message) => digest(utf8.encode(message));
}

/** keyedDigest of a message given as its bytes. */
export function keyedBytesDigest(seed: string): (message: Uint8Array) => Uint8Array {
  const keyed = hmac.create(sha256, utf8.encode(seed));
  const scratch = keyed.clone();
  const out = new Uint8Array(keyed.outputLen);
  return (message) => {
    keyed._cloneInto(scratch).update(message).digestInto(out);
    return out;
  };
}

/**
 * A roller for one match: the HMAC is keyed with `serverSeed` once; each block clones that keyed state and digests
 * into one reused output buffer (`npm run bench -- dice` times a 10,000-roll verification).
 */
export function createRoller(serverSeed: string, clientSeed: string): Roller {
  const digest = keyedDigest(serverSeed);
  const computeBlock = (nonce: number, block: number): Uint8Array => digest(rollMessage(clientSeed, nonce, block));
  function* blocks(nonce: number): Generator<Uint8Array, never, undefined> {
    // Copies, because the caller may keep a block while pulling the next one.
    for (let block = 0; ; block++) yield computeBlock(nonce, block).slice();
  }
  function* reusedBlocks(nonce: number): Generator<Uint8Array, never, undefined> {
    for (let block = 0; ; block++) yield computeBlock(nonce, block);
  }
  return { blocks, roll: (nonce) => diceFromByteStream(reusedBlocks(nonce)) };
}

/** The dice of roll `nonce` of a match; for many rolls of one match use createRoller. */
export function rollForNonce(serverSeed: string, clientSeed: string, nonce: number): Dice {
  return createRoller(serverSeed, clientSeed).roll(nonce);
}

function assertCounter(name: string, n: number): void {
  // Non-integers would print as "1.5" or "1e+21" and silently change the message; that is a caller's bug.
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`rollMessage: ${name} must be a non-negative integer, got ${n}`);
}
