/**
 * Appending one event, written once for both databases (an SqlPlan, sql-plan.ts): the version bump that decides
 * between concurrent writers, the event row, its roll, the Match columns it changes, the client seed it adds, the game
 * it finishes and a rated end's rating changes. The SQLite fast path runs it inside a savepoint of its group commit
 * (sqlite-event-store.ts), the Prisma path in a transaction (prisma-event-store.ts, PostgreSQL); a refusal is returned
 * as a failure Result, and the runner's transaction or savepoint undoes whatever the plan wrote before it.
 *
 * Conflicts are read from how many rows a statement changed (a version bump that matched nothing, an insert that
 * `ON CONFLICT DO NOTHING` skipped), not from a driver's error codes, so both databases answer them the same way.
 *
 * @example
 *   const result = runOnSqlite(connection, appendPlan(input, new Date(), "sqlite"));
 *   const result = await runInPrisma(tx, "postgres", appendPlan(input, new Date(), "postgres"));
 */
import { randomUUID } from "node:crypto";
import { err, ok } from "@/lib/engine/types";
import { clientSeedTaken, type AppendEventInput, type AppendResult } from "./event-store";
import { ratingWrite } from "./rating-writes";
import type { Dialect, Row, SqlPlan } from "./sql-plan";
import type { MatchUpdate } from "./types";

/** Column of Match for each field of MatchUpdate (the names are fixed here, never taken from input). */
const MATCH_UPDATE_COLUMNS = {
  status: "status",
  whiteId: "whiteId",
  blackId: "blackId",
  scoreWhite: "scoreWhite",
  scoreBlack: "scoreBlack",
  winner: "winner",
  endReason: "endReason",
  startedAt: "startedAt",
  finishedAt: "finishedAt",
  rematchOfferBy: "rematchOfferBy",
  rematchId: "rematchId",
} as const satisfies Record<keyof MatchUpdate, string>;

/** The row count a `count` statement answered with. */
function changed(row: Row | undefined): number {
  return Number(row?.changed ?? 0);
}

export function* appendPlan(input: AppendEventInput, now: Date, dialect: Dialect): SqlPlan<AppendResult> {
  const { matchId, expectedVersion, event, roll, matchUpdate, game, clientSeed, rating } = input;
  const version = expectedVersion + 1;
  // Of concurrent writers with the same expectation exactly one moves the version (on PostgreSQL the others wait for
  // its row lock, then find the version changed).
  const [bumped] = yield {
    sql: `UPDATE "Match" SET "version" = ?, "updatedAt" = ? WHERE "id" = ? AND "version" = ?`,
    params: [version, now, matchId, expectedVersion],
    count: true,
  };
  if (changed(bumped) !== 1) {
    const [current] = yield { sql: `SELECT "version" FROM "Match" WHERE "id" = ?`, params: [matchId] };
    return current === undefined
      ? err("ERR_MATCH_NOT_FOUND", { matchId })
      : err("ERR_VERSION_CONFLICT", { matchId, version: Number(current.version) });
  }
  // The sequence is the version we now hold, so it is free: every write that set a version wrote its event.
  yield {
    sql: `INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
    params: [matchId, version, event.type, JSON.stringify(event.payload), event.actorId ?? null, now],
  };
  if (roll) {
    const [logged] = yield {
      sql: `INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "whiteSalt", "blackSalt", "whiteValue", "blackValue", "createdAt")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      params: [matchId, roll.nonce, roll.game, roll.kind, roll.player, roll.die1, roll.die2, roll.whiteSalt ?? null, roll.blackSalt ?? null, roll.whiteValue ?? null, roll.blackValue ?? null, now],
      count: true,
    };
    if (changed(logged) === 0) return err("ERR_NONCE_TAKEN", { matchId, nonce: roll.nonce });
  }
  const fields = matchUpdate ? (Object.keys(MATCH_UPDATE_COLUMNS) as (keyof MatchUpdate)[]).filter((field) => matchUpdate[field] !== undefined) : [];
  if (matchUpdate && fields.length > 0) {
    yield {
      sql: `UPDATE "Match" SET ${fields.map((field) => `"${MATCH_UPDATE_COLUMNS[field]}" = ?`).join(", ")} WHERE "id" = ?`,
      params: [...fields.map((field) => matchUpdate[field]), matchId],
    };
  }
  if (clientSeed) {
    // The version check is what refuses a second seed; a seed already here means the log and this column disagree.
    const column = clientSeed.color === "white" ? "whiteClientSeed" : "blackClientSeed";
    const [set] = yield { sql: `UPDATE "MatchSeed" SET "${column}" = ? WHERE "matchId" = ? AND "${column}" IS NULL`, params: [clientSeed.seed, matchId], count: true };
    if (changed(set) !== 1) throw new Error(clientSeedTaken(matchId, clientSeed.color));
  }
  if (game) {
    // The id the schema declares (`@default(uuid())`: a v4 UUID, which Prisma would make in the client too).
    const [recorded] = yield {
      sql: `INSERT INTO "Game" ("id", "matchId", "number", "winner", "points", "resultType", "endedBy", "cubeValue", "crawford", "createdAt")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      params: [randomUUID(), matchId, game.number, game.winner, game.points, game.resultType, game.endedBy, game.cubeValue, game.crawford, now],
      count: true,
    };
    if (changed(recorded) === 0) return err("ERR_GAME_RECORDED", { matchId, game: game.number });
  }
  // Ratings (issue 20): the rated match's rating changes, in the transaction of the event that ends it.
  if (rating) yield* ratingWrite(matchId, rating, now, dialect);
  return ok({ version });
}
