/**
 * The process's transparency log for the route handlers (app/api/transparency/…), like getDb and getProofKey: they
 * only read it (proofs, heads, entries); appends are the match server's (server/transparency/match-log.ts).
 *
 * @example
 *   return transparencyHeadResponse(getTransparencyLog(), getProofKey());
 */
import { getDb } from "@/server/db/client";
import { getProofKey } from "@/server/vault/proof-key";
import { TransparencyLog } from "./transparency-log";

const processWide = globalThis as typeof globalThis & { __fairgammonTransparencyLog?: TransparencyLog };

export function getTransparencyLog(): TransparencyLog {
  processWide.__fairgammonTransparencyLog ??= new TransparencyLog(getDb(), getProofKey());
  return processWide.__fairgammonTransparencyLog;
}
