/**
 * The digest of a game record's canonical lines (docs/fair-dice-v2.md, section 5a; the lines are made by
 * lib/record/record-lines.ts): what a signed proof binds the moves with, so that a changed move changes the digest
 * even when its dice stay the same.
 *
 * @example
 *   recordDigest(["game 1", "white 31 8/5 6/5"]); // hex SHA-256 of "game 1\nwhite 31 8/5 6/5\n"
 */
import { hashes } from "./hash-backend";

/** hex(SHA-256) of the lines, each followed by "\n", as UTF-8 (Node's SHA-256 in Node: hash-backend.ts). */
export function recordDigest(lines: readonly string[]): string {
  return hashes.sha256Hex(lines.length === 0 ? "" : `${lines.join("\n")}\n`);
}
