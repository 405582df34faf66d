/**
 * GET /api/matches/:id/export.mat[?invite=token] — the answer of its route handler
 * (app/api/matches/[id]/export.mat/route.ts): a finished match as a GNU Backgammon .mat file with its signed proofs
 * (server/record/match-review.ts), downloaded as an attachment, for anyone who may see the match; 404 otherwise
 * (a malformed id included), 409 while it runs.
 *
 * @example
 *   return matResponse(getDb(), getProofKey(), id, invite, () => userFromRequest(request));
 */
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { matExport } from "@/server/record/match-review";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { errorBody, jsonResponse } from "./json";

export async function matResponse(db: Db, key: ProofSigningKey, matchId: string, invite: string | undefined, viewer: () => Promise<UserRow | null>): Promise<Response> {
  const exported = await matExport(db, matchId, await viewer(), invite, key);
  if (!exported.ok) {
    const status = exported.code === "ERR_NOT_FINISHED" ? 409 : 404;
    return jsonResponse(status, errorBody(exported.code, exported.values));
  }
  return new Response(exported.value.text, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.value.filename}"`,
      "cache-control": "no-store",
    },
  });
}
