/**
 * GET /api/matches/:id/audit[?invite=token] — the match's fair-dice-v1 audit bundle (docs/fair-dice-v1.md,
 * section 6) with the game record's dice for check 5, for anyone allowed to see the match. The rolls come from the
 * roll log, the record from the match's rules actions; `serverSeed` is null until the match is over.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchIdSchema, recordTurnsOf } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { auditBundle } from "@/server/db/match-read";
import type { Actor } from "@/server/match/context";
import { loadLiveMatch } from "@/server/match/live-match";
import { canView } from "@/server/match/snapshot";
import { sendError, sendJson } from "./json";

export const AUDIT_ROUTE = /^\/api\/matches\/([^/]+)\/audit$/;

export async function handleAudit(
  req: IncomingMessage,
  res: ServerResponse,
  matchId: string,
  deps: { readonly db: Db; readonly identify: (req: IncomingMessage) => Promise<Actor | null> },
): Promise<void> {
  if (!matchIdSchema.safeParse(matchId).success) return sendError(res, 400, "ERR_BAD_REQUEST", "That is not a match id.");
  const loaded = await loadLiveMatch(deps.db, matchId);
  const invite = new URL(req.url ?? "/", "http://localhost").searchParams.get("invite") ?? undefined;
  const actor = await deps.identify(req);
  if (!loaded || !canView(loaded.live, actor, invite)) return sendError(res, 404, "ERR_NOT_FOUND", "There is no such match, or it is private.");
  const bundle = await auditBundle(deps.db, matchId);
  if (!bundle.ok) return sendError(res, 409, "ERR_NOT_STARTED", "No dice have been rolled yet: the match is waiting for the players' seeds.");
  const { view } = loaded.live;
  sendJson(
    res,
    200,
    {
      ...bundle.value,
      status: view.status,
      matchLength: view.matchLength,
      players: { white: view.players.white?.name ?? null, black: view.players.black?.name ?? null },
      record: recordTurnsOf(loaded.events.map(({ event }) => event)),
    },
    { "content-disposition": `inline; filename="fairgammon-${matchId}-audit.json"` },
  );
}
