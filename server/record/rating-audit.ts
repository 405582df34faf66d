/**
 * Every rating recomputed from the match record, for `verify --all`: the ratings are tamper-evident like the dice.
 * RatingChange rows are append-only (database triggers), but a User's rating and a Match's `rated` column are
 * projections an operator could edit, and rows written before the triggers existed could have been edited too.
 *
 * The record decides: a finished match rates when its event log says it was rated and it ended with a winner between
 * two registered players (lib/rating's `ratedOutcome`, the rule the server applies). Starting from 1500 and no
 * experience, the rated matches are replayed in the order their changes were committed (the rows' ids; the end's time
 * for a match that has none), each change computed by the same `ratingChanges` the server writes with. Any stored row
 * that differs, is missing or has no rated match behind it, a User whose rating, experience or count disagrees with
 * the replay, and a Match whose `rated` column disagrees with its log, is named.
 *
 * @example
 *   const problems = await auditRatings(db);  // [] when every rating follows from the record
 *   problems[0]; // { matchId: "…", userId: "…", problem: "after is 1512.3, the record gives 1522.360680" }
 */
import { ratedOutcome, type RatedOutcome } from "@/lib/match/rated";
import { INITIAL_RATING } from "@/lib/rating/fibs";
import type { Db } from "@/server/db/client";
import { ratingChanges } from "@/server/db/rating-writes";
import { loadLiveMatch } from "@/server/match/live-match";

export interface RatingProblem {
  readonly matchId?: string;
  readonly userId?: string;
  readonly problem: string;
}

const TOLERANCE = 1e-6;
const FIELDS = ["before", "after", "delta", "opponentRating"] as const;

interface Standing {
  rating: number;
  experience: number;
  matches: number;
}

export async function auditRatings(db: Db): Promise<RatingProblem[]> {
  const problems: RatingProblem[] = [];
  const finished = await db.prisma.match.findMany({ where: { status: "finished" }, select: { id: true, rated: true } });
  const rows = await db.prisma.ratingChange.findMany({ orderBy: { id: "asc" } });
  const rowsOf = new Map<string, typeof rows>();
  for (const row of rows) rowsOf.set(row.matchId, [...(rowsOf.get(row.matchId) ?? []), row]);

  const rated: { matchId: string; outcome: RatedOutcome; order: number; endedAt: number }[] = [];
  for (const match of finished) {
    const loaded = await loadLiveMatch(db, match.id);
    if (!loaded) continue;
    const { view } = loaded.live;
    if (match.rated !== view.rated) problems.push({ matchId: match.id, problem: `the Match row says rated=${match.rated}, its event log says ${view.rated}` });
    const outcome = ratedOutcome({ ...view, ended: null }, view);
    if (outcome) {
      const end = loaded.events.find(({ event }) => event.type === "ended")?.event;
      const endedAt = end?.type === "ended" && end.at !== undefined ? Number(end.at) : 0;
      rated.push({ matchId: match.id, outcome, order: rowsOf.get(match.id)?.[0]?.id ?? Number.MAX_SAFE_INTEGER, endedAt });
    }
  }
  const ratedIds = new Set(rated.map((m) => m.matchId));
  for (const [matchId, extra] of rowsOf) {
    if (!ratedIds.has(matchId)) problems.push({ matchId, problem: `${extra.length} rating change(s) for a match its record does not rate` });
  }

  rated.sort((a, b) => a.order - b.order || a.endedAt - b.endedAt || a.matchId.localeCompare(b.matchId));
  const standings = new Map<string, Standing>();
  const standingOf = (id: string) => standings.get(id) ?? { rating: INITIAL_RATING, experience: 0, matches: 0 };
  for (const { matchId, outcome } of rated) {
    const players = [outcome.winnerId, outcome.loserId].map((id) => ({ id, ...standingOf(id), isGuest: false, computerLevel: null }));
    const expected = ratingChanges(outcome, players);
    const stored = rowsOf.get(matchId) ?? [];
    for (const change of expected) {
      const row = stored.find((r) => r.userId === change.userId);
      if (!row) problems.push({ matchId, userId: change.userId, problem: "no rating change stored for a rated match" });
      else {
        if (row.won !== change.won || row.opponentId !== change.opponentId || row.matchLength !== outcome.matchLength) {
          problems.push({ matchId, userId: change.userId, problem: "the stored result (won, opponent or length) differs from the record" });
        }
        for (const field of FIELDS) {
          if (Math.abs(row[field] - change[field]) > TOLERANCE) problems.push({ matchId, userId: change.userId, problem: `${field} is ${row[field]}, the record gives ${change[field].toFixed(6)}` });
        }
      }
      const standing = standingOf(change.userId);
      standings.set(change.userId, { rating: change.after, experience: change.experience, matches: standing.matches + 1 });
    }
  }

  const users = await db.prisma.user.findMany({ where: { OR: [{ ratedMatches: { gt: 0 } }, { id: { in: [...standings.keys()] } }, { NOT: { rating: INITIAL_RATING } }] }, select: { id: true, rating: true, experience: true, ratedMatches: true } });
  for (const user of users) {
    const expected = standingOf(user.id);
    if (Math.abs(user.rating - expected.rating) > TOLERANCE || user.experience !== expected.experience || user.ratedMatches !== expected.matches) {
      problems.push({
        userId: user.id,
        problem: `the User row says rating ${user.rating}, experience ${user.experience}, ${user.ratedMatches} rated matches; the record gives ${expected.rating.toFixed(6)}, ${expected.experience}, ${expected.matches}`,
      });
    }
  }
  return problems;
}
