/**
 * GET /api/fairness/keys — the answer of its route handler (app/api/fairness/keys/route.ts): the key list
 * (`fairgammon-proof-keys-1`, server/fairness/proof-keys.ts), public halves only, for anyone, cacheable for a few
 * minutes (a new key is listed when a node first starts with it, before it signs anything).
 *
 * @example
 *   return proofKeysResponse(getDb());
 */
import type { Db } from "@/server/db/client";
import { proofKeyList } from "@/server/fairness/proof-keys";
import { jsonResponse } from "./json";

export async function proofKeysResponse(db: Db): Promise<Response> {
  return jsonResponse(200, await proofKeyList(db), { "cache-control": "public, max-age=300" });
}
