/**
 * Creating a match on SQLite in one synchronous better-sqlite3 transaction, on Prisma's own connection (as the event
 * appends do, sqlite-event-store.ts), instead of Prisma's queries. Measured with scripts/bench-create.ts: Prisma
 * 6.19's client engine compiles every query to a plan in WebAssembly, on the event loop and with no plan cache (the
 * values are part of what it compiles) — about a third of a create's CPU went there (docs/benchmarks.md). The rows
 * written are the same as the Prisma path's (matches.test.ts compares them); PostgreSQL keeps the Prisma path. What to
 * write — the row and the first events — is decided before (lib/match `decide`, server/db/matches.ts).
 *
 * @example
 *   const result = await db.sqlite.exclusive((connection) => createMatchOnSqlite(connection, plan));
 */
import type BetterSqlite3 from "better-sqlite3";
import { err, ok, type Result } from "@/lib/engine/types";
import { sqliteValue } from "./sql-plan";
import { sqliteTimestamp } from "./sqlite-adapter";
import type { MatchRow } from "./types";

export interface MatchCreation {
  readonly row: MatchRow;
  /** The first events, stored as sequences 1, 2, … */
  readonly events: readonly { readonly type: string; readonly payload: unknown; readonly actorId?: string | null }[];
  readonly maxWaiting?: number;
  readonly seed: { readonly commitment: string; readonly ciphertext: string; readonly iv: string; readonly tag: string };
}

export type CreationError = "ERR_USER_NOT_FOUND" | "ERR_TOO_MANY_WAITING" | "ERR_MATCH_EXISTS";

const MATCH_COLUMNS = [
  "id", "creatorId", "whiteId", "blackId", "matchLength", "status", "visibility", "rated", "inviteToken", "scoreWhite", "scoreBlack",
  "winner", "endReason", "version", "createdAt", "startedAt", "finishedAt", "updatedAt", "reserveMs", "delayMs", "rematchOfferBy", "rematchId",
] as const satisfies readonly (keyof MatchRow)[];

interface Statements {
  readonly creator: BetterSqlite3.Statement<unknown[], unknown>;
  readonly exists: BetterSqlite3.Statement<unknown[], unknown>;
  readonly waiting: BetterSqlite3.Statement<unknown[], number | bigint>;
  readonly insertMatch: BetterSqlite3.Statement<unknown[], unknown>;
  readonly insertSeed: BetterSqlite3.Statement<unknown[], unknown>;
  readonly insertEvent: BetterSqlite3.Statement<unknown[], unknown>;
  readonly create: BetterSqlite3.Transaction<(creation: MatchCreation) => Result<MatchRow, CreationError>>;
}

const prepared = new WeakMap<BetterSqlite3.Database, Statements>();

function statementsFor(connection: BetterSqlite3.Database): Statements {
  let statements = prepared.get(connection);
  if (statements) return statements;
  const creator = connection.prepare(`SELECT 1 FROM "User" WHERE "id" = ?`).pluck();
  const exists = connection.prepare(`SELECT 1 FROM "Match" WHERE "id" = ?`).pluck();
  const waiting = connection.prepare(`SELECT COUNT(*) FROM "Match" WHERE "creatorId" = ? AND "status" = 'waiting'`).pluck() as Statements["waiting"];
  const insertMatch = connection.prepare(`INSERT INTO "Match" (${MATCH_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${MATCH_COLUMNS.map(() => "?").join(", ")})`);
  const insertSeed = connection.prepare(`INSERT INTO "MatchSeed" ("matchId", "commitment", "ciphertext", "iv", "tag", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`);
  const insertEvent = connection.prepare(`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`);
  const create = connection.transaction((creation: MatchCreation): Result<MatchRow, CreationError> => {
    const { row } = creation;
    if (creator.get(row.creatorId) === undefined) return err("ERR_USER_NOT_FOUND", `no user ${row.creatorId}`);
    if (exists.get(row.id) !== undefined) return err("ERR_MATCH_EXISTS", `match ${row.id} exists already`);
    if (creation.maxWaiting !== undefined && Number(waiting.get(row.creatorId)) >= creation.maxWaiting) {
      return err("ERR_TOO_MANY_WAITING", `${row.creatorId} has ${creation.maxWaiting} matches waiting for an opponent already`);
    }
    insertMatch.run(...MATCH_COLUMNS.map((column) => sqliteValue(row[column])));
    const at = sqliteTimestamp(row.createdAt);
    insertSeed.run(row.id, creation.seed.commitment, creation.seed.ciphertext, creation.seed.iv, creation.seed.tag, at);
    for (const [index, event] of creation.events.entries()) insertEvent.run(row.id, index + 1, event.type, JSON.stringify(event.payload), event.actorId ?? null, at);
    return ok(row);
  });
  statements = { creator, exists, waiting, insertMatch, insertSeed, insertEvent, create };
  prepared.set(connection, statements);
  return statements;
}

export function createMatchOnSqlite(connection: BetterSqlite3.Database, creation: MatchCreation): Result<MatchRow, CreationError> {
  return statementsFor(connection).create(creation);
}
