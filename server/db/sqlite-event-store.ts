/**
 * The event store on SQLite: appends written with better-sqlite3 on the connection Prisma uses too
 * (sqlite-adapter.ts `exclusive`, queued with Prisma's queries), the appends of one event-loop turn in one commit,
 * each in its own savepoint; reads through Prisma (PrismaEventStore's, on that same connection). An append is the
 * same SQL plan the Prisma store runs (append-plan.ts): only the way it is run differs.
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
import type BetterSqlite3 from "better-sqlite3";
import { ok, type Result } from "@/lib/engine/types";
import { appendPlan } from "./append-plan";
import type { SqliteConnection } from "./db";
import type { AppendEventError, AppendEventInput, AppendResult, EventStore, MatchLog } from "./event-store";
import { runOnSqlite } from "./sql-plan";

interface Statements {
  /** All of a group's appends in one transaction, each in a savepoint (appendEventsOnSqlite). */
  readonly group: BetterSqlite3.Transaction<(all: readonly PendingAppend[]) => Outcome[]>;
}

const prepared = new WeakMap<BetterSqlite3.Database, Statements>();

function statementsFor(connection: BetterSqlite3.Database): Statements {
  let statements = prepared.get(connection);
  if (!statements) {
    // A transaction function called inside another runs as a savepoint (better-sqlite3 nests them that way).
    const one = connection.transaction((pending: PendingAppend) => appendOne(connection, pending));
    const group = connection.transaction((all: readonly PendingAppend[]): Outcome[] =>
      all.map((pending) => {
        try {
          return { result: ok(one(pending)) };
        } catch (error) {
          return error instanceof RollBack ? { result: error.failure } : { error };
        }
      }),
    );
    statements = { group };
    prepared.set(connection, statements);
  }
  return statements;
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

/** The body of one append (append-plan.ts); throws RollBack for a refusal, so that its savepoint undoes it. */
function appendOne(connection: BetterSqlite3.Database, { input, now }: PendingAppend): { readonly version: number } {
  const result = runOnSqlite(connection, appendPlan(input, now, "sqlite"));
  if (!result.ok) throw new RollBack(result);
  return result.value;
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
