/**
 * The server seed and its commitment (docs/fair-dice-v1.md, section 1): the seed is 64 lowercase hex characters and
 * is always hashed as that ASCII string, never as the 32 bytes it spells.
 *
 * @example
 *   commitmentOf("0000000000000000000000000000000000000000000000000000000000000001");
 *   // "c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417"
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** hex(SHA-256(serverSeed)) over the seed's ASCII characters. */
export function commitmentOf(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}
