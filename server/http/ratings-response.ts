/**
 * GET /api/matches/:id/ratings[?invite=token]: what a rated match did to its players' ratings — each player's rating
 * before and after and the change — for anyone who may see the match (the review's rule, server/record/match-review.ts;
 * the same numbers are public on the players' profiles). The match page asks once the match is over, for its end
 * panel. Empty while the match runs, for an unrated match, and for a guest's seat (guests have no rating). A malformed
 * id is 400; a match this viewer may not see answers like one that does not exist (404).
 *
 * The changes are written in the transaction that stores the match's end (server/db/rating-writes.ts), so a page that
 * has seen the end finds them.
 *
 * @example
 *   await ratingsResponse(db, matchId, invite, () => userFromRequest(request));
 *   // 200 { changes: [{ color: "white", before: 1500, after: 1510, delta: 10 }, { color: "black", … }] }
 */
import { matchIdSchema } from "@/lib/protocol/protocol";
import { jsonError } from "@/server/auth/route-guards";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import type { MatchRatingChange } from "@/lib/rating/match-ratings";
import { reviewableMatch } from "@/server/record/match-review";

export async function ratingsResponse(db: Db, matchId: string, invite: string | undefined, viewerOf: () => Promise<UserRow | null>): Promise<Response> {
  if (!matchIdSchema.safeParse(matchId).success) return jsonError("ERR_BAD_REQUEST", { reason: "matchId" });
  const found = await reviewableMatch(db, matchId, await viewerOf(), invite);
  if (!found.ok) return jsonError("ERR_NOT_FOUND", { reason: "match" });
  const { view } = found.value;
  const rows = view.rated ? await db.prisma.ratingChange.findMany({ where: { matchId }, select: { userId: true, before: true, after: true, delta: true } }) : [];
  const changes: MatchRatingChange[] = [];
  for (const color of ["white", "black"] as const) {
    const row = rows.find((r) => r.userId === view.players[color]?.id);
    if (row) changes.push({ color, before: row.before, after: row.after, delta: row.delta });
  }
  return Response.json({ changes }, { headers: { "cache-control": "no-store" } });
}
