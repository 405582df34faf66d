/**
 * Block 0 of a game's rolls, as both salted rollers (v2's salted-roll.ts, v3's roll-v3.ts) make it: the message
 * "clientSeed:nonce:…" written into one reused buffer, the client seed and its ":" once for the game, and its
 * HMAC-SHA256 under the game seed read from bytes. A message string for each of 10,000 rolls, and its flat copy, were
 * garbage a verification spent its time collecting.
 *
 * @example
 *   const zero = blockZero(gameSeed, clientSeed);
 *   zero.start(nonce).text(salt);     // the writer, reset to "clientSeed:nonce:", then the roll's parts
 *   diceFromBlock(zero.digest());
 */
import { hashes } from "./hash-backend";
import { Utf8Writer } from "./utf8-writer";

export interface BlockZero {
  /** The writer, reset to "clientSeed:nonce:", for the roll's own parts. */
  start(nonce: number): Utf8Writer;
  /** HMAC-SHA256(gameSeed, what was written); the bytes may be overwritten by the next call. */
  digest(): Uint8Array;
}

export function blockZero(gameSeed: string, clientSeed: string): BlockZero {
  const digestBytes = hashes.keyedHmacBytes(gameSeed);
  const message = new Utf8Writer(256);
  message.text(clientSeed);
  message.text(":");
  const prefix = message.size;
  return {
    start(nonce) {
      message.reset(prefix);
      message.number(nonce);
      message.text(":");
      return message;
    },
    digest: () => digestBytes(message.data, message.size),
  };
}
