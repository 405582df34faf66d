/**
 * The verifiable draw of a tournament (docs/tournaments.md, sections 1–3): the commitment to the draw seed, the
 * canonical list of entrants and its digest, and the draw order — the list shuffled by Fisher–Yates with whole
 * numbers drawn, by rejection, from HMAC-SHA256 blocks keyed with the seed.
 *
 * @example
 *   const entrants = canonicalEntrants(["u3", "u1", "u2"]);  // ["u1", "u2", "u3"]
 *   drawOrder(seed, entrants);                               // e.g. ["u2", "u3", "u1"]: number 1 is "u2"
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { commitmentOf } from "../dice/commitment";
import { err, ok, type Result } from "../engine/types";

export const DRAW_PROTOCOL = "tournament-draw-v1";

const SEED = /^[0-9a-f]{64}$/;
const ENTRANT = /^[A-Za-z0-9_-]{1,64}$/;
const TWO_32 = 2 ** 32;

export function isDrawSeed(value: unknown): value is string {
  return typeof value === "string" && SEED.test(value);
}

/** hex(SHA-256(seed)) over the seed's 64 ASCII characters: the same commitment as a match's server seed. */
export function drawCommitment(seed: string): string {
  return commitmentOf(seed);
}

/** Byte (ASCII) order, not the locale's: "B" < "a", "a10" < "a2". */
function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The entrants as the draw takes them: ids checked, without repeats, in byte order. */
export function canonicalEntrants(ids: Iterable<string>): Result<string[], "ERR_BAD_ENTRANTS"> {
  const unique = new Set<string>();
  for (const id of ids) {
    if (typeof id !== "string" || !ENTRANT.test(id)) return err("ERR_BAD_ENTRANTS", { reason: "id" });
    unique.add(id);
  }
  return ok([...unique].sort(byBytes));
}

/** hex(SHA-256) of the canonical list joined by line feeds. */
export function entrantsDigest(canonical: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes(canonical.join("\n"))));
}

/** The endless stream of 32-bit words of section 3, step 1. */
function* words(seed: string, digest: string): Generator<number, never, undefined> {
  const key = utf8ToBytes(seed);
  for (let block = 0; ; block++) {
    const bytes = hmac(sha256, key, utf8ToBytes(`draw:${digest}:${block}`));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset < 32; offset += 4) yield view.getUint32(offset, false);
  }
}

/** A whole number below `m`, by rejection (section 3, step 2). */
function below(m: number, stream: Iterator<number, never, undefined>): number {
  const limit = TWO_32 - (TWO_32 % m);
  for (;;) {
    const word = stream.next().value;
    if (word < limit) return word % m;
  }
}

/** The canonical list shuffled by the seed (section 3, step 3). `canonical` must be canonicalEntrants' output. */
export function drawOrder(seed: string, canonical: readonly string[]): string[] {
  if (!isDrawSeed(seed)) throw new RangeError("a draw seed is 64 lowercase hex characters");
  const order = [...canonical];
  const stream = words(seed, entrantsDigest(canonical));
  for (let i = order.length - 1; i >= 1; i--) {
    const j = below(i + 1, stream);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}
