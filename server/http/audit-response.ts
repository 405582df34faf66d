/**
 * GET /api/matches/:id/audit[?invite=token] — the answer of its route handler (app/api/matches/[id]/audit/route.ts):
 * the match's audit document (server/record/audit-document.ts) for anyone who may see the match
 * (server/match/visibility.ts), shown inline as `fairgammon-<id>-audit.json`; `serverSeed` is null until the match is
 * over. 400 for a malformed id, 404 for a match that does not exist or that the viewer may not see, 409 before the
 * first roll. Never cached.
 *
 * @example
 *   return auditResponse(getDb(), getProofKey(), id, invite, () => userFromRequest(request));
 */
import { matchIdSchema } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { canView, type Viewer } from "@/server/match/visibility";
import { auditDocument } from "@/server/record/audit-document";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { errorBody, jsonResponse } from "./json";

/** `viewer` is asked only once the match is found: a malformed or unknown id costs no session lookup. */
export async function auditResponse(db: Db, key: ProofSigningKey, matchId: string, invite: string | undefined, viewer: () => Promise<Viewer | null>): Promise<Response> {
  if (!matchIdSchema.safeParse(matchId).success) return jsonResponse(400, errorBody("ERR_BAD_REQUEST", { reason: "matchId" }));
  const outcome = await auditDocument(db, matchId, key);
  if (!outcome.live || !canView(outcome.live, await viewer(), invite)) return jsonResponse(404, errorBody("ERR_NOT_FOUND"));
  if (!outcome.ok) return jsonResponse(409, errorBody(outcome.code, outcome.values));
  return jsonResponse(200, outcome.document, { "content-disposition": `inline; filename="fairgammon-${matchId}-audit.json"` });
}
