/**
 * The digest of a game record's canonical lines (docs/fair-dice-v2.md, section 5a; the lines are made by
 * lib/record/record-lines.ts): what a signed proof binds the moves with, so that a changed move changes the digest
 * even when its dice stay the same.
 *
 * @example
 *   recordDigest(["game 1", "white 31 8/5 6/5"]); // hex SHA-256 of "game 1\nwhite 31 8/5 6/5\n"
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** hex(SHA-256) of the lines, each followed by "\n", as UTF-8. */
export function recordDigest(lines: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes(lines.map((line) => `${line}\n`).join(""))));
}
