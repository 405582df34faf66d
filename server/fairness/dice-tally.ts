/**
 * The public dice record's running counts: each finished public match's rolls are counted once, some time after it
 * ends, into small tables — by month and outcome (DiceTally), by player (DicePlayerTally) — and the match is marked
 * counted (DiceTallyMatch) in the same transaction. The record (dice-record.ts) is then a read of a few hundred rows,
 * not two GROUP BYs over the whole roll log: on SQLite those held the event loop 2–3 s once a minute at 10^6 rolls
 * (better-sqlite3 is synchronous), and players must never wait for a statistic (issue 47).
 *
 * A batch counts at most TALLY_BATCH_MATCHES matches, reading their rolls by the roll log's (matchId, nonce) key,
 * so one batch holds the event loop for milliseconds however large the log is; the migration that made the tables
 * counted every match finished before it. The plan is plain SQL for both databases (sql-plan.ts); on PostgreSQL the
 * marks table is locked first, so two nodes counting at once take turns instead of counting a match twice.
 *
 * @example
 *   while ((await countNewMatches(db)) === TALLY_BATCH_MATCHES);  // caught up
 */
import { ok } from "@/lib/engine/types";
import type { Db } from "@/server/db/client";
import type { Dialect, SqlPlan } from "@/server/db/sql-plan";
import { writePlan } from "@/server/db/transaction";

/** Matches counted per transaction: ~20,000 rolls at 100 a match, tens of milliseconds of SQLite. */
export const TALLY_BATCH_MATCHES = 200;

/** The month of a roll's `createdAt` as "YYYY-MM", in each database's own words: ISO text in SQLite, a timestamp in PostgreSQL. */
export function monthOf(dialect: Dialect, column: string): string {
  return dialect === "sqlite" ? `substr(${column}, 1, 7)` : `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;
}

/** The rolls the record counts: those of finished public matches. */
export const PUBLIC_FINISHED = `m."status" = 'finished' AND m."visibility" = 'public'`;

/** Who made a turn roll: the player in that seat. */
export const ROLLER = `CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END`;

const num = (value: unknown) => Number(value ?? 0);
const list = (length: number) => Array.from({ length }, () => "?").join(", ");

/**
 * One batch: mark up to `limit` uncounted finished public matches counted and add their rolls to the tallies. The
 * answer is how many it counted (fewer than `limit`: caught up). Tally rows are written in key order, so two writers
 * on PostgreSQL would lock them in the same order even without the table lock.
 */
export function* tallyPlan(dialect: Dialect, now: Date, limit = TALLY_BATCH_MATCHES): SqlPlan<number> {
  if (dialect === "postgres") yield { sql: `LOCK TABLE "DiceTallyMatch" IN EXCLUSIVE MODE`, params: [] };
  // Two counts over indexes first: when every finished public match is counted (the usual refresh), that is all, and
  // the search for uncounted ones below (one probe per finished match) is skipped. A finished match stays finished.
  const [behind] = yield {
    sql: `SELECT (SELECT COUNT(*) FROM "Match" m WHERE ${PUBLIC_FINISHED}) - (SELECT COUNT(*) FROM "DiceTallyMatch") AS "behind"`,
    params: [],
  };
  if (num(behind?.behind) <= 0) return 0;
  const fresh = yield {
    sql: `SELECT m."id" AS "id" FROM "Match" m
           WHERE ${PUBLIC_FINISHED} AND NOT EXISTS (SELECT 1 FROM "DiceTallyMatch" t WHERE t."matchId" = m."id")
           LIMIT ?`,
    params: [limit],
  };
  const ids = fresh.map((row) => String(row.id));
  if (ids.length === 0) return 0;
  const month = monthOf(dialect, `r."createdAt"`);
  const pairs = yield {
    sql: `SELECT ${month} AS "month", r."die1" AS "die1", r."die2" AS "die2", COUNT(*) AS "count"
            FROM "RollLog" r WHERE r."matchId" IN (${list(ids.length)})
           GROUP BY ${month}, r."die1", r."die2" ORDER BY 1, 2, 3`,
    params: ids,
  };
  const players = yield {
    sql: `SELECT ${ROLLER} AS "userId", COUNT(*) AS "rolls",
                 SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END) AS "doubles",
                 SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END) AS "pips"
            FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId"
           WHERE r."matchId" IN (${list(ids.length)}) AND r."kind" = 'turn' AND ${ROLLER} IS NOT NULL
           GROUP BY ${ROLLER} ORDER BY 1`,
    params: ids,
  };
  if (pairs.length > 0) {
    yield {
      sql: `INSERT INTO "DiceTally" ("month", "die1", "die2", "count") VALUES ${pairs.map(() => "(?, ?, ?, ?)").join(", ")}
            ON CONFLICT ("month", "die1", "die2") DO UPDATE SET "count" = "DiceTally"."count" + excluded."count"`,
      params: pairs.flatMap((row) => [String(row.month), num(row.die1), num(row.die2), num(row.count)]),
    };
  }
  if (players.length > 0) {
    yield {
      sql: `INSERT INTO "DicePlayerTally" ("userId", "rolls", "doubles", "pips") VALUES ${players.map(() => "(?, ?, ?, ?)").join(", ")}
            ON CONFLICT ("userId") DO UPDATE SET "rolls" = "DicePlayerTally"."rolls" + excluded."rolls",
              "doubles" = "DicePlayerTally"."doubles" + excluded."doubles", "pips" = "DicePlayerTally"."pips" + excluded."pips"`,
      params: players.flatMap((row) => [String(row.userId), num(row.rolls), num(row.doubles), num(row.pips)]),
    };
  }
  yield { sql: `INSERT INTO "DiceTallyMatch" ("matchId", "countedAt") VALUES ${ids.map(() => "(?, ?)").join(", ")}`, params: ids.flatMap((id) => [id, now]) };
  return ids.length;
}

/** Counts one batch of newly finished public matches; how many it counted. */
export async function countNewMatches(db: Db, now: Date = new Date(), limit = TALLY_BATCH_MATCHES): Promise<number> {
  const counted = await writePlan(db, (dialect) =>
    (function* () {
      return ok(yield* tallyPlan(dialect, now, limit));
    })(),
  );
  return counted.ok ? counted.value : 0;
}
