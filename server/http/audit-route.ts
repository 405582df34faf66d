/**
 * GET /api/matches/:id/audit[?invite=token] — the match's audit document (server/match/audit-document.ts) for anyone
 * allowed to see the match; `serverSeed` is null until the match is over.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchIdSchema } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { auditDocument } from "@/server/match/audit-document";
import type { Actor } from "@/server/match/context";
import { canView } from "@/server/match/visibility";
import { sendError, sendJson } from "./json";

export const AUDIT_ROUTE = /^\/api\/matches\/([^/]+)\/audit$/;

export async function handleAudit(
  req: IncomingMessage,
  res: ServerResponse,
  matchId: string,
  deps: { readonly db: Db; readonly identify: (req: IncomingMessage) => Promise<Actor | null> },
): Promise<void> {
  if (!matchIdSchema.safeParse(matchId).success) return sendError(res, 400, "ERR_BAD_REQUEST", "That is not a match id.");
  const outcome = await auditDocument(deps.db, matchId);
  const invite = new URL(req.url ?? "/", "http://localhost").searchParams.get("invite") ?? undefined;
  const actor = await deps.identify(req);
  if (!outcome.live || !canView(outcome.live, actor, invite)) return sendError(res, 404, "ERR_NOT_FOUND", "There is no such match, or it is private.");
  if (!outcome.ok) return sendError(res, 409, outcome.code, outcome.message);
  sendJson(res, 200, outcome.document, { "content-disposition": `inline; filename="fairgammon-${matchId}-audit.json"` });
}
