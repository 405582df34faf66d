/**
 * The rating change of a rated match, written inside the transaction that stores the match's `ended` event, so the
 * end and the ratings are one commit: a crash leaves either both or neither, and a restarted server that writes the
 * end again (recovery) writes the ratings with it, once. The players' ratings are read inside that same transaction
 * (on PostgreSQL with `FOR NO KEY UPDATE`, so two matches of one player ending at once cannot both start from the
 * same rating), the change is computed with lib/rating's FIBS formula, and one RatingChange row per player is inserted —
 * unique per (match, player), so a second application of the same match throws and rolls its transaction back.
 *
 * One body for both append paths (`ratingWrite`, an SqlPlan: sql-plan.ts): the SQLite fast path runs it on its
 * connection inside the append's savepoint, the Prisma path in its transaction. rating-writes.test.ts checks that both
 * write the same rows.
 *
 * @example
 *   // AppendEventInput.rating, set by eventAppend from lib/match ratedOutcome:
 *   await runInPrisma(tx, "postgres", ratingWrite(matchId, { winnerId, loserId, matchLength: 5 }, now, "postgres"));
 */
import { rateMatch } from "@/lib/rating/fibs";
import type { RatedOutcome } from "@/lib/match/rated";
import type { Dialect, SqlPlan } from "./sql-plan";

export type RatingWrite = RatedOutcome;

interface PlayerRating {
  readonly id: string;
  readonly rating: number;
  readonly experience: number;
}

export interface RatingChangeRow {
  readonly userId: string;
  readonly opponentId: string;
  readonly won: boolean;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  readonly opponentRating: number;
  /** The player's FIBS experience after the match. */
  readonly experience: number;
}

/**
 * A rating rounded to a millionth: Prisma's SQLite driver writes a float with 16 significant digits where
 * better-sqlite3 writes all 17, so unrounded the two append paths would store ratings differing in the last digit.
 */
function micro(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The two rows (winner's first) for the players as read in the transaction; none when either is missing. Who may
 * play rated is decided at the match's door (lib/match/rated.ts), not here.
 */
export function ratingChanges(write: RatingWrite, players: readonly PlayerRating[]): readonly RatingChangeRow[] {
  const winner = players.find((player) => player.id === write.winnerId);
  const loser = players.find((player) => player.id === write.loserId);
  if (!winner || !loser || winner.id === loser.id) return [];
  const rated = rateMatch(winner, loser, write.matchLength);
  const winnerAfter = micro(rated.winner.rating);
  const loserAfter = micro(rated.loser.rating);
  return [
    {
      userId: winner.id, opponentId: loser.id, won: true, before: winner.rating, after: winnerAfter,
      delta: micro(winnerAfter - winner.rating), opponentRating: loser.rating, experience: rated.winner.experience,
    },
    {
      userId: loser.id, opponentId: winner.id, won: false, before: loser.rating, after: loserAfter,
      delta: micro(loserAfter - loser.rating), opponentRating: winner.rating, experience: rated.loser.experience,
    },
  ];
}

/**
 * The write: read both players (locked in id order on PostgreSQL), then insert each one's change and move their
 * rating. The lock is `FOR NO KEY UPDATE`, the one the UPDATE itself takes, not `FOR UPDATE`: the append has already
 * inserted the match's event, whose foreign key to its actor holds a KEY SHARE lock on that player's row until the
 * commit, and `FOR UPDATE` waits for KEY SHARE — so two ends of one player's matches, each holding a KEY SHARE and
 * each waiting for the other's, deadlocked (40P01, issue 47). NO KEY UPDATE ignores KEY SHARE and still excludes
 * another NO KEY UPDATE, so the second end waits for the first and starts from its rating.
 */
export function* ratingWrite(matchId: string, write: RatingWrite, now: Date, dialect: Dialect): SqlPlan<void> {
  const read = yield {
    sql: `SELECT "id", "rating", "experience" FROM "User" WHERE "id" IN (?, ?) ORDER BY "id"${dialect === "postgres" ? " FOR NO KEY UPDATE" : ""}`,
    params: [write.winnerId, write.loserId],
  };
  // better-sqlite3 reads integers as BigInt on this connection (safeIntegers).
  const players = read.map((row) => ({ id: String(row.id), rating: Number(row.rating), experience: Number(row.experience) }));
  for (const row of ratingChanges(write, players)) {
    yield {
      sql: `INSERT INTO "RatingChange" ("matchId", "userId", "opponentId", "matchLength", "won", "before", "after", "delta", "opponentRating", "createdAt")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [matchId, row.userId, row.opponentId, write.matchLength, row.won, row.before, row.after, row.delta, row.opponentRating, now],
    };
    yield {
      sql: `UPDATE "User" SET "rating" = ?, "experience" = ?, "ratedMatches" = "ratedMatches" + 1, "lastRatedAt" = ? WHERE "id" = ?`,
      params: [row.after, row.experience, now, row.userId],
    };
  }
}
