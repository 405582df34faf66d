/**
 * Creating a match, written once for both databases (an SqlPlan, sql-plan.ts): the creator's check (and, with a cap on
 * waiting matches, the count — the creator's row locked on PostgreSQL so two nodes cannot both let one more through),
 * the Match row, its sealed seed and its first events. On SQLite it runs synchronously on Prisma's own connection, not
 * through Prisma's queries: Prisma 6.19's client engine compiles every query to a plan in WebAssembly on the event
 * loop with no plan cache, about a third of a create's CPU (scripts/bench-create.ts, docs/benchmarks.md). What to
 * write is decided before (lib/match `decide`, matches.ts).
 *
 * A match id that exists already is read from the insert's row count (`ON CONFLICT DO NOTHING`), as append-plan.ts
 * reads its conflicts, so both databases answer it the same way.
 *
 * @example
 *   const result = await writePlan(db, (dialect) => createMatchPlan({ row, events, seed, maxWaiting: 3 }, dialect));
 */
import { err, ok, type Result } from "@/lib/engine/types";
import type { Dialect, Row, SqlPlan } from "./sql-plan";
import type { MatchRow } from "./types";

export interface MatchCreation {
  readonly row: MatchRow;
  /** The first events, stored as sequences 1, 2, … */
  readonly events: readonly { readonly type: string; readonly payload: unknown; readonly actorId?: string | null }[];
  /** At most this many of the creator's matches may wait for an opponent at once (this one included); absent: no cap. */
  readonly maxWaiting?: number;
  readonly seed: { readonly commitment: string; readonly ciphertext: string; readonly iv: string; readonly tag: string; readonly chainLength?: number };
}

export type CreationError = "ERR_USER_NOT_FOUND" | "ERR_TOO_MANY_WAITING" | "ERR_MATCH_EXISTS";

const MATCH_COLUMNS = [
  "id", "creatorId", "whiteId", "blackId", "matchLength", "status", "visibility", "rated", "inviteToken", "scoreWhite", "scoreBlack",
  "winner", "endReason", "version", "createdAt", "startedAt", "finishedAt", "updatedAt", "reserveMs", "delayMs", "rematchOfferBy", "rematchId",
] as const satisfies readonly (keyof MatchRow)[];

const INSERT_MATCH = `INSERT INTO "Match" (${MATCH_COLUMNS.map((column) => `"${column}"`).join(", ")})
  VALUES (${MATCH_COLUMNS.map(() => "?").join(", ")}) ON CONFLICT ("id") DO NOTHING`;

function changed(row: Row | undefined): number {
  return Number(row?.changed ?? 0);
}

export function* createMatchPlan(creation: MatchCreation, dialect: Dialect): SqlPlan<Result<MatchRow, CreationError>> {
  const { row, seed } = creation;
  const capped = creation.maxWaiting !== undefined;
  const lock = capped && dialect === "postgres" ? " FOR UPDATE" : "";
  const [creator] = yield { sql: `SELECT 1 AS "found" FROM "User" WHERE "id" = ?${lock}`, params: [row.creatorId] };
  if (creator === undefined) return err("ERR_USER_NOT_FOUND", { userId: row.creatorId });
  if (capped) {
    const [counted] = yield { sql: `SELECT COUNT(*) AS "waiting" FROM "Match" WHERE "creatorId" = ? AND "status" = 'waiting'`, params: [row.creatorId] };
    if (Number(counted?.waiting ?? 0) >= creation.maxWaiting!) {
      return err("ERR_TOO_MANY_WAITING", { count: creation.maxWaiting! });
    }
  }
  const [inserted] = yield { sql: INSERT_MATCH, params: MATCH_COLUMNS.map((column) => row[column]), count: true };
  if (changed(inserted) === 0) return err("ERR_MATCH_EXISTS", { matchId: row.id });
  yield {
    sql: `INSERT INTO "MatchSeed" ("matchId", "commitment", "ciphertext", "iv", "tag", "chainLength", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    params: [row.id, seed.commitment, seed.ciphertext, seed.iv, seed.tag, seed.chainLength ?? null, row.createdAt],
  };
  for (const [index, event] of creation.events.entries()) {
    yield {
      sql: `INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
      params: [row.id, index + 1, event.type, JSON.stringify(event.payload), event.actorId ?? null, row.createdAt],
    };
  }
  return ok(row);
}
