/**
 * GET /api/matches/:id/events[?invite=token]: the match's whole event log, in order, for anyone who may see the match
 * (server/match/visibility.ts, the rule of the live match and the audit route) — what a page that opens a match late,
 * or reloads, needs to show every move so far, as the sockets would have shown them one by one. Nothing in it is
 * secret: these are the events the match's room receives, in the form it receives them (a first opening salt without
 * its value: lib/match/published.ts), seeds only once revealed. A malformed id is 400; a match
 * this viewer may not see answers like one that does not exist (404).
 *
 * @example
 *   const answer = await eventsResponse(db, matchId, invite, () => userFromRequest(request));
 *   // 200 { version: 42, events: [{ version: 1, event: { type: "created", … } }, …] }
 */
import { publishedEvent } from "@/lib/match/published";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { jsonError } from "@/server/auth/route-guards";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { reviewableMatch } from "@/server/record/match-review";

export async function eventsResponse(db: Db, matchId: string, invite: string | undefined, viewerOf: () => Promise<UserRow | null>): Promise<Response> {
  if (!matchIdSchema.safeParse(matchId).success) return jsonError("ERR_BAD_REQUEST", { reason: "matchId" });
  const found = await reviewableMatch(db, matchId, await viewerOf(), invite);
  if (!found.ok) return jsonError("ERR_NOT_FOUND", { reason: "match" });
  const { view, events } = found.value;
  return Response.json({ version: view.version, events: events.map((event, index) => ({ version: index + 1, event: publishedEvent(event) })) }, { headers: { "cache-control": "no-store" } });
}
