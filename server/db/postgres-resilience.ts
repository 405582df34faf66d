/**
 * The app's PostgreSQL driver adapter, hardened for database outages (a restart, a failover, a network cut), and the
 * test that tells an outage from any other error.
 *
 * What the stock @prisma/adapter-pg 6.19.3 does when connections die, measured on a private server
 * (server/cluster/postgres-restart.test.ts restarts one under a running cluster):
 *
 * 1. A transaction cut off by the outage loses its pool connection for good. Prisma ends a failed transaction by
 *    sending ROLLBACK through the transaction and only then calling its `rollback()`, which is what releases the
 *    connection to the pool; on a dead connection the ROLLBACK throws, `rollback()` is never called, and the pool
 *    (10 connections) is one short — after ten such transactions every query waits forever.
 *    Here a transaction whose connection is lost, or whose COMMIT or ROLLBACK fails, releases its connection with the
 *    error at once (the pool then closes it and opens a fresh one when needed); a later commit or rollback is a no-op.
 * 2. A connection handed out of the pool has no 'error' listener of the pool's, and the adapter's own is removed when
 *    the transaction ends: an 'error' event arriving in between would be unlistened and end the process. Here every
 *    connection gets one listener of its own, once.
 * 3. Connecting has no time limit by default: a database host that does not answer would hold a command for minutes.
 *    Here it is 5 s, and TCP keep-alive finds dead idle connections.
 *
 * Queries outside transactions need nothing: pg-pool releases (and drops) their connections itself.
 *
 * @example
 *   new PrismaClient({ adapter: resilientPostgresAdapter("postgresql://postgres@127.0.0.1:5432/fairgammon") });
 *   isDatabaseUnavailable(error); // true for "Can't reach database server", "terminating connection", …
 */
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Transaction["queryRaw"]>[0];

/** How long a new connection may take before the command fails (and the node's /api/ready reports the database). */
export const CONNECT_TIMEOUT_MS = 5000;

/** The parts of the stock transaction this module reaches into (plain properties in 6.19.3). */
interface PgTransactionInternals {
  readonly client: pg.PoolClient & { _queryable?: boolean; _ending?: boolean };
  readonly cleanup?: () => void;
}

const listened = new WeakSet<object>();

function listenOnce(connection: pg.PoolClient): void {
  if (listened.has(connection)) return;
  listened.add(connection);
  // The pool's and the transaction's listeners come and go; this one stays, so no 'error' event is ever unlistened.
  connection.on("error", () => {});
}

/** SQLSTATE classes and driver codes of a lost or refused connection. */
const LOST = /\b(57P0[1-3]|08\d{3}|53300|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)\b|Connection terminated|terminating connection|is not queryable|Can't reach database server|Server has closed the connection|Connection closed|connection timeout|timeout exceeded when trying to connect/i;

function describe(error: unknown, depth = 0): string {
  if (depth > 3 || error === null || error === undefined) return "";
  if (typeof error !== "object") return String(error);
  const { code, message, cause, meta, kind, originalCode, originalMessage } = error as Record<string, unknown>;
  return [code, kind, originalCode, originalMessage, message, meta ? JSON.stringify(meta) : "", describe(cause, depth + 1)].filter(Boolean).join(" ");
}

/** Prisma's own codes for an unreachable database, a closed connection and an exhausted pool. */
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/**
 * Whether an error means the database cannot be reached right now (as opposed to a bug or a refused write): the
 * command can be tried again once it is back, and nothing it would have written was written.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && UNAVAILABLE_PRISMA_CODES.has(code)) return true;
  return LOST.test(describe(error));
}

function guard(transaction: Transaction): Transaction {
  const internals = transaction as unknown as PgTransactionInternals;
  const connection = internals.client;
  listenOnce(connection);
  let released = false;
  const drop = (error: unknown) => {
    if (released) return;
    released = true;
    internals.cleanup?.();
    // With an error the pool closes the connection instead of handing it out again.
    connection.release(error instanceof Error ? error : new Error(describe(error) || "connection lost"));
  };
  const run =
    <K extends "queryRaw" | "executeRaw">(method: K) =>
    async (query: Query) => {
      if (released) throw new Error("Connection closed: the transaction's database connection was lost");
      try {
        return (await (transaction[method] as (q: Query) => Promise<unknown>).call(transaction, query)) as never;
      } catch (error) {
        const ending = query.sql === "COMMIT" || query.sql === "ROLLBACK";
        if (ending || connection._queryable === false || connection._ending || LOST.test(describe(error))) drop(error);
        throw error;
      }
    };
  return Object.assign(Object.create(transaction) as Transaction, {
    queryRaw: run("queryRaw"),
    executeRaw: run("executeRaw"),
    commit: async () => {
      if (released) return;
      released = true;
      await transaction.commit();
    },
    rollback: async () => {
      if (released) return;
      released = true;
      await transaction.rollback();
    },
  });
}

class ResilientPrismaPg extends PrismaPg {
  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    return Object.assign(Object.create(adapter) as Adapter, {
      startTransaction: async (isolationLevel?: Parameters<Adapter["startTransaction"]>[0]) => guard(await adapter.startTransaction(isolationLevel)),
    });
  }
}

/** The app's adapter on `url`: the stock one with the repairs above. */
export function resilientPostgresAdapter(url: string): PrismaPg {
  return new ResilientPrismaPg({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
}
