/**
 * GET /api/transparency/… — the answers of the public transparency log's route handlers (app/api/transparency/…):
 * the latest signed head, the head of a size, consistency and inclusion proofs, and pages of entries
 * (docs/transparency-log.md, section 9b). Public and read-only: anyone may ask, nothing here writes, and a bad query
 * (a size that is not a whole number, a malformed match id, too many entries) is a 400 that names the parameter. A
 * head of a given size never changes, so it may be cached for good; the latest head may not.
 *
 * @example
 *   return transparencyHeadResponse(log, key);
 *   return inclusionResponse(log, new URL(request.url).searchParams);
 */
import { matchIdSchema } from "@/lib/protocol";
import { TREE_HEAD_FORMAT } from "@/lib/transparency";
import type { TransparencyLog, ProofError } from "@/server/transparency/transparency-log";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { errorBody, jsonResponse } from "./json";

/** The most entries one page of GET /api/transparency/entries holds. */
export const ENTRIES_PAGE = 256;

const FOREVER = { "cache-control": "public, max-age=31536000, immutable" } as const;

/** A whole number from 0 to 2^31 − 1 written plainly ("12", not "1e1", "012" or "+3"), or undefined. */
function size(text: string | null): number | undefined {
  if (text === null || !/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 2 ** 31 - 1 ? value : undefined;
}

function proofError(code: ProofError): Response {
  switch (code) {
    case "ERR_NOT_IN_HEAD":
      return jsonResponse(409, errorBody("ERR_NOT_IN_HEAD"));
    case "ERR_SIZES":
      return jsonResponse(400, errorBody("ERR_SIZES"));
    case "ERR_NOT_LOGGED":
      return jsonResponse(404, errorBody("ERR_NOT_LOGGED"));
    case "ERR_NO_HEAD":
      return jsonResponse(404, errorBody("ERR_NO_HEAD"));
  }
}

export async function transparencyHeadResponse(log: TransparencyLog, key: Pick<ProofSigningKey, "keyId" | "publicKey">): Promise<Response> {
  return jsonResponse(200, { format: TREE_HEAD_FORMAT, head: await log.latestHead(), keyId: key.keyId, publicKey: key.publicKey });
}

export async function headOfSizeResponse(log: TransparencyLog, sizeText: string): Promise<Response> {
  const treeSize = size(sizeText);
  if (treeSize === undefined) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "treeSize" }));
  const head = await log.head(treeSize);
  return head ? jsonResponse(200, { head }, FOREVER) : jsonResponse(404, errorBody("ERR_NO_HEAD"));
}

export async function consistencyResponse(log: TransparencyLog, query: URLSearchParams): Promise<Response> {
  const [from, to] = [size(query.get("from")), size(query.get("to"))];
  if (from === undefined || to === undefined) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "consistency" }));
  const proof = await log.consistencyProof(from, to);
  return proof.ok ? jsonResponse(200, proof.value, FOREVER) : proofError(proof.code);
}

export async function inclusionResponse(log: TransparencyLog, query: URLSearchParams): Promise<Response> {
  const matchId = query.get("match");
  const kind = query.get("kind");
  const treeSize = query.has("size") ? size(query.get("size")) : null;
  if (!matchIdSchema.safeParse(matchId).success) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "matchId" }));
  if (kind !== "match-created" && kind !== "match-ended") return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "entryKind" }));
  if (treeSize === undefined) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "treeSize" }));
  const proof = await log.inclusionProof(matchId!, kind, treeSize ?? undefined);
  return proof.ok ? jsonResponse(200, proof.value) : proofError(proof.code);
}

export async function entriesResponse(log: TransparencyLog, query: URLSearchParams): Promise<Response> {
  const start = size(query.get("start"));
  const count = size(query.get("count") ?? String(ENTRIES_PAGE));
  if (start === undefined || count === undefined || count < 1 || count > ENTRIES_PAGE) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "entries" }));
  return jsonResponse(200, { entries: await log.entries(start, count) });
}
