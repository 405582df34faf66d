/**
 * The event store on SQLite: appends written with better-sqlite3 on the connection Prisma uses too
 * (sqlite-adapter.ts `exclusive`, queued with Prisma's queries), the appends of one event-loop turn in one commit,
 * each in its own savepoint; reads through Prisma (PrismaEventStore's, on that same connection).
 *
 * Why the appends skip Prisma: this is the match server's one write per roll and move, and through Prisma it cost
 * ~1.3 ms of CPU where the SQL itself takes ~0.05 ms; under load Prisma was 56 % of the server's busy time and capped
 * one node at ~720 stored events/s (docs/benchmarks.md, "Match server load"). The rows are the ones the schema
 * declares and the Prisma store writes (append-event.test.ts checks them column by column): times as the adapter
 * stores every DateTime (`sqliteTimestamp`), Game ids as the schema's `@default(uuid())` makes them (a v4 UUID).
 *
 * @example
 *   const store = new SqliteEventStore(sqliteConnection, new PrismaEventStore(db));
 *   const result = await store.append(input); // written with the other appends of this event-loop turn
 */
import { randomUUID } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import { err, ok, type Result } from "@/lib/engine/types";
import type { SqliteConnection } from "./db";
import { ratingWrite } from "./rating-writes";
import { runOnSqlite } from "./sql-plan";
import { clientSeedTaken, type AppendEventError, type AppendEventInput, type AppendResult, type EventStore, type MatchLog } from "./event-store";
import { sqliteTimestamp } from "./sqlite-adapter";
import type { MatchUpdate, Seat } from "./types";

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

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

interface Statements {
  /** All of a group's appends in one transaction, each in a savepoint (appendEventsOnSqlite). */
  readonly group: BetterSqlite3.Transaction<(all: readonly PendingAppend[]) => Outcome[]>;
  readonly bumpVersion: Statement;
  readonly currentVersion: Statement;
  readonly insertEvent: Statement;
  readonly insertRoll: Statement;
  readonly insertGame: Statement;
  /** Sets a seat's client seed only while it is empty (AppendEventInput.clientSeed). */
  readonly setClientSeed: Readonly<Record<Seat, Statement>>;
  readonly updates: Map<string, Statement>;
}

// Prepared once per connection: preparing is a third of the cost of running these statements.
const prepared = new WeakMap<BetterSqlite3.Database, Statements>();

function statementsFor(connection: BetterSqlite3.Database): Statements {
  let statements = prepared.get(connection);
  if (!statements) {
    // A transaction function called inside another runs as a savepoint (better-sqlite3 nests them that way).
    const one = connection.transaction((pending: PendingAppend) => appendOne(connection, statements!, pending));
    const group = connection.transaction((all: readonly PendingAppend[]): Outcome[] =>
      all.map((pending) => {
        try {
          return { result: ok(one(pending)) };
        } catch (error) {
          return error instanceof RollBack ? { result: error.failure } : { error };
        }
      }),
    );
    statements = {
      group,
      bumpVersion: connection.prepare(`UPDATE "Match" SET "version" = ?, "updatedAt" = ? WHERE "id" = ? AND "version" = ?`),
      currentVersion: connection.prepare(`SELECT "version" FROM "Match" WHERE "id" = ?`).pluck(),
      insertEvent: connection.prepare(
        `INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      insertRoll: connection.prepare(
        `INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertGame: connection.prepare(
        `INSERT INTO "Game" ("id", "matchId", "number", "winner", "points", "resultType", "endedBy", "cubeValue", "crawford", "createdAt")
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      setClientSeed: {
        white: connection.prepare(`UPDATE "MatchSeed" SET "whiteClientSeed" = ? WHERE "matchId" = ? AND "whiteClientSeed" IS NULL`),
        black: connection.prepare(`UPDATE "MatchSeed" SET "blackClientSeed" = ? WHERE "matchId" = ? AND "blackClientSeed" IS NULL`),
      },
      updates: new Map(),
    };
    prepared.set(connection, statements);
  }
  return statements;
}

/** `UPDATE "Match" SET …` for exactly the fields present, with its parameters (Dates as the adapter stores them). */
function matchUpdateStatement(connection: BetterSqlite3.Database, statements: Statements, update: MatchUpdate): [Statement, unknown[]] {
  const fields = (Object.keys(MATCH_UPDATE_COLUMNS) as (keyof MatchUpdate)[]).filter((field) => update[field] !== undefined);
  const key = fields.join(",");
  let statement = statements.updates.get(key);
  if (!statement) {
    const assignments = fields.map((field) => `"${MATCH_UPDATE_COLUMNS[field]}" = ?`).join(", ");
    statement = connection.prepare(`UPDATE "Match" SET ${assignments} WHERE "id" = ?`);
    statements.updates.set(key, statement);
  }
  const values = fields.map((field) => {
    const value = update[field];
    return value instanceof Date ? sqliteTimestamp(value) : value;
  });
  return [statement, values];
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

class RollBack {
  constructor(readonly failure: Result<never, AppendEventError>) {}
}

/** An append's outcome inside a group: its Result, or the error only it ran into (its savepoint was rolled back). */
type Outcome = { readonly result: AppendResult } | { readonly error: unknown };

export interface PendingAppend {
  readonly input: AppendEventInput;
  readonly now: Date;
}

/** The body of one append; throws RollBack for a refusal, so that its transaction or savepoint undoes it. */
function appendOne(connection: BetterSqlite3.Database, statements: Statements, { input, now }: PendingAppend): { readonly version: number } {
  const { matchId, expectedVersion, event, roll, matchUpdate, game, clientSeed, rating } = input;
  const version = expectedVersion + 1;
  const at = sqliteTimestamp(now);
  if (statements.bumpVersion.run(version, at, matchId, expectedVersion).changes !== 1) {
    const current = statements.currentVersion.get(matchId) as bigint | number | undefined;
    throw new RollBack(
      current === undefined
        ? err("ERR_MATCH_NOT_FOUND", `no match ${matchId}`)
        : err("ERR_VERSION_CONFLICT", `match ${matchId} is at version ${Number(current)}: someone else wrote first`),
    );
  }
  // The sequence is the version we now hold, so it is free: every write that set a version wrote its event.
  statements.insertEvent.run(matchId, version, event.type, JSON.stringify(event.payload), event.actorId ?? null, at);
  if (roll) {
    try {
      statements.insertRoll.run(matchId, roll.nonce, roll.game, roll.kind, roll.player, roll.die1, roll.die2, at);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new RollBack(err("ERR_NONCE_TAKEN", `nonce ${roll.nonce} is already logged for match ${matchId}`));
    }
  }
  if (matchUpdate && Object.values(matchUpdate).some((value) => value !== undefined)) {
    const [statement, values] = matchUpdateStatement(connection, statements, matchUpdate);
    statement.run(...values, matchId);
  }
  if (clientSeed && statements.setClientSeed[clientSeed.color].run(clientSeed.seed, matchId).changes !== 1) {
    throw new Error(clientSeedTaken(matchId, clientSeed.color));
  }
  if (game) {
    try {
      // The id the schema declares (`@default(uuid())`: a v4 UUID, which Prisma makes in the client too).
      statements.insertGame.run(
        randomUUID(), matchId, game.number, game.winner, game.points, game.resultType, game.endedBy, game.cubeValue, game.crawford ? 1 : 0, at,
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new RollBack(err("ERR_GAME_RECORDED", `game ${game.number} of match ${matchId} is already recorded`));
    }
  }
  // Ratings (issue 20): the rated match's rating changes, in the savepoint of the event that ends it.
  if (rating) runOnSqlite(connection, ratingWrite(matchId, rating, now, "sqlite"));
  return { version };
}

/**
 * Writes several appends in ONE transaction (group commit), each inside its own savepoint: each is still all or
 * nothing and checked against its own expected version, in order, so two appends for the same match version in one
 * group behave exactly as two transactions would (the first wins). Only the commit is shared — the WAL write that
 * costs more than all the statements together. If the commit fails, none is written and the error is thrown.
 * Synchronous: run it inside `Db.sqlite.exclusive` so no Prisma query interleaves.
 */
export function appendEventsOnSqlite(connection: BetterSqlite3.Database, appends: readonly PendingAppend[]): Outcome[] {
  // IMMEDIATE takes the write lock at BEGIN, so another process's writer makes this wait (busy_timeout) rather than
  // fail half-way when a read lock cannot be upgraded.
  return statementsFor(connection).group.immediate(appends);
}

/**
 * Most appends one commit carries. The group is written as soon as it is full: while a turn of the event loop handles
 * a burst of commands, the first of them waits for at most this many others before its event is stored and sent,
 * instead of for the whole burst; and 16 appends per commit already save nearly all of the commit's cost.
 */
const MAX_GROUP = 16;

/**
 * The SQLite event store. Its appends use group commit: the appends asked for during one turn of the event loop are
 * written together when it ends (setImmediate), or as soon as MAX_GROUP of them are waiting, in one transaction.
 * Under load that turns hundreds of commits a second into tens; idle, an append waits for nothing but the end of the
 * current turn. Each caller gets its own Result (or error), and only after the commit, so nothing is announced before
 * it is stored. Reads go through `reads` (the Prisma store on the same database).
 */
export class SqliteEventStore implements EventStore {
  #pending: (PendingAppend & { resolve(result: AppendResult): void; reject(error: unknown): void })[] = [];
  #scheduled = false;

  constructor(
    private readonly sqlite: SqliteConnection,
    private readonly reads: Pick<EventStore, "readLog" | "version">,
  ) {}

  append(input: AppendEventInput, at = new Date()): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ input, now: at, resolve, reject });
      if (this.#pending.length >= MAX_GROUP) this.#flush();
      else if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => {
          this.#scheduled = false;
          this.#flush();
        });
      }
    });
  }

  readLog(matchId: string): Promise<MatchLog | null> {
    return this.reads.readLog(matchId);
  }

  version(matchId: string): Promise<number | null> {
    return this.reads.version(matchId);
  }

  #flush(): void {
    const group = this.#pending;
    if (group.length === 0) return;
    this.#pending = [];
    this.sqlite.exclusive((connection) => appendEventsOnSqlite(connection, group)).then(
      (outcomes) => outcomes.forEach((outcome, i) => ("error" in outcome ? group[i]!.reject(outcome.error) : group[i]!.resolve(outcome.result))),
      (error: unknown) => group.forEach((append) => append.reject(error)),
    );
  }
}
