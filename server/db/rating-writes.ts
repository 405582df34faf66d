/**
 * The rating change of a rated match, written inside the transaction that stores the match's `ended` event, so the
 * end and the ratings are one commit: a crash leaves either both or neither, and a restarted server that writes the
 * end again (recovery) writes the ratings with it, once. The players' ratings are read inside that same transaction
 * (on PostgreSQL with `FOR UPDATE`, so two matches of one player ending at once cannot both start from the same
 * rating), the change is computed with lib/rating's FIBS formula, and one RatingChange row per player is inserted —
 * unique per (match, player), so a second application of the same match throws and rolls its transaction back.
 *
 * Two bodies with the same rows, one per append path: `writeRatingWithPrisma` for a Prisma transaction
 * (prisma-event-store.ts, PostgreSQL) and `writeRatingOnSqlite` for the better-sqlite3 connection (sqlite-event-store.ts, inside
 * the append's savepoint). rating-writes.test.ts checks both.
 *
 * @example
 *   // AppendEventInput.rating, set by eventAppend from lib/rating ratedOutcome:
 *   await writeRatingWithPrisma(tx, matchId, { winnerId, loserId, matchLength: 5 }, now, { lock: true });
 */
import type BetterSqlite3 from "better-sqlite3";
import { rateMatch } from "@/lib/rating/fibs";
import type { RatedOutcome } from "@/lib/match/rated";
import { sqliteTimestamp } from "./sqlite-adapter";
import type { Tx } from "./transaction";

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
 * Inside a Prisma transaction. `lock`: read the players `FOR UPDATE` (PostgreSQL; SQLite's write transaction holds
 * the whole database already and knows no such clause).
 */
export async function writeRatingWithPrisma(tx: Tx, matchId: string, write: RatingWrite, now: Date, { lock }: { readonly lock: boolean }): Promise<void> {
  const ids = [write.winnerId, write.loserId];
  // Locked in id order, so two transactions locking the same two players cannot deadlock.
  const players = lock
    ? await tx.$queryRaw<PlayerRating[]>`SELECT "id", "rating", "experience" FROM "User"
        WHERE "id" IN (${ids[0]}, ${ids[1]}) ORDER BY "id" FOR UPDATE`
    : await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, rating: true, experience: true } });
  const rows = ratingChanges(write, players);
  for (const row of rows) {
    await tx.ratingChange.create({
      data: {
        matchId, userId: row.userId, opponentId: row.opponentId, matchLength: write.matchLength, won: row.won,
        before: row.before, after: row.after, delta: row.delta, opponentRating: row.opponentRating, createdAt: now,
      },
      select: { id: true },
    });
    await tx.user.update({
      where: { id: row.userId },
      data: { rating: row.after, experience: row.experience, ratedMatches: { increment: 1 }, lastRatedAt: now },
      select: { id: true },
    });
  }
}

interface Statements {
  readonly players: BetterSqlite3.Statement<unknown[], Omit<PlayerRating, "experience"> & { readonly experience: number | bigint }>;
  readonly insertChange: BetterSqlite3.Statement<unknown[], unknown>;
  readonly updateUser: BetterSqlite3.Statement<unknown[], unknown>;
}

const prepared = new WeakMap<BetterSqlite3.Database, Statements>();

function statementsFor(connection: BetterSqlite3.Database): Statements {
  let statements = prepared.get(connection);
  if (!statements) {
    statements = {
      players: connection.prepare(`SELECT "id", "rating", "experience" FROM "User" WHERE "id" IN (?, ?)`),
      insertChange: connection.prepare(
        `INSERT INTO "RatingChange" ("matchId", "userId", "opponentId", "matchLength", "won", "before", "after", "delta", "opponentRating", "createdAt")
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateUser: connection.prepare(
        `UPDATE "User" SET "rating" = ?, "experience" = ?, "ratedMatches" = "ratedMatches" + 1, "lastRatedAt" = ? WHERE "id" = ?`,
      ),
    };
    prepared.set(connection, statements);
  }
  return statements;
}

/** On the better-sqlite3 connection, inside the append's transaction or savepoint (synchronous, like the append). */
export function writeRatingOnSqlite(connection: BetterSqlite3.Database, matchId: string, write: RatingWrite, now: Date): void {
  const statements = statementsFor(connection);
  const at = sqliteTimestamp(now);
  // The connection reads integers as BigInt (safeIntegers): experience comes back as one.
  const players = statements.players.all(write.winnerId, write.loserId).map((player) => ({
    ...player,
    rating: Number(player.rating),
    experience: Number(player.experience),
  }));
  const rows = ratingChanges(write, players);
  for (const row of rows) {
    statements.insertChange.run(
      matchId, row.userId, row.opponentId, write.matchLength, row.won ? 1 : 0, row.before, row.after, row.delta, row.opponentRating, at,
    );
    statements.updateUser.run(row.after, row.experience, at, row.userId);
  }
}
