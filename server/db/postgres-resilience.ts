/**
 * The app's PostgreSQL driver adapter, kept whole through database outages (a restart, a failover, a network cut),
 * and the test that tells an outage from any other error. Only public parts of node-postgres are used: the pool is
 * ours (handed to @prisma/adapter-pg, which supports an external pool), and its documented events tell which
 * connection is lent out.
 *
 * What the stock @prisma/adapter-pg 6.19.3 does when connections die, measured on a private server
 * (postgres-resilience.test.ts stops and crashes one; server/cluster/postgres-restart.test.ts restarts one under a
 * running cluster):
 *
 * 1. A transaction cut off by the outage loses its pool connection for good. Prisma ends a failed transaction by
 *    sending ROLLBACK through the transaction and only then calling its `rollback()`, which is what releases the
 *    connection to the pool; on a dead connection the ROLLBACK throws, `rollback()` is never called, and the pool
 *    (10 connections) is one short — after ten such transactions every query waits forever.
 *    Here a lent connection that ends is released with an error as it ends (`client.release(error)`, the pool's
 *    public way to drop a connection); Prisma's ROLLBACK on it then fails at once and never releases it twice.
 * 2. A lent connection's 'error' event is listened to by the adapter only while its transaction runs: here every
 *    connection gets one listener of its own when the pool opens it, so no 'error' event is ever unlistened.
 * 3. Connecting has no time limit by default: a database host that does not answer would hold a command for minutes.
 *    Here it is 5 s, and TCP keep-alive finds dead idle connections.
 *
 * 4. Closing the pool (`$disconnect`, a node's stop) waits for every lent connection to come back, and one whose
 *    transaction Prisma left unfinished never does: a stopping node then hung until it was killed (10 s in the
 *    cluster tests, after a database restart). Here the close waits at most CLOSE_GRACE_MS for them, then drops
 *    what is still lent and says how many, so a stop always ends and a leak is never silent.
 *
 * Queries outside transactions need nothing: pg-pool releases (and drops) their connections itself.
 *
 * @example
 *   new PrismaClient({ adapter: resilientPostgresAdapter("postgresql://postgres@127.0.0.1:5432/fairgammon") });
 *   isDatabaseUnavailable(error); // true for "Can't reach database server", "terminating connection", …
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

/** How long a new connection may take before the command fails (and the node's /api/ready reports the database). */
export const CONNECT_TIMEOUT_MS = 5000;

/** How long closing the pool waits for lent connections before it drops them (item 4). */
export const CLOSE_GRACE_MS = 2000;

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

/**
 * Releases a lent connection with an error when it ends (the pool then closes it and opens a fresh one when needed),
 * and gives every connection a lasting 'error' listener. Uses the pool's documented 'connect', 'acquire', 'release'
 * and 'remove' events.
 */
export function releaseLostConnections(pool: pg.Pool): pg.Pool {
  const lent = new Set<pg.PoolClient>();
  pool.on("acquire", (connection) => lent.add(connection));
  pool.on("release", (_error, connection) => lent.delete(connection));
  pool.on("remove", (connection) => lent.delete(connection));
  pool.on("connect", (connection) => {
    // The pool's and the transaction's listeners come and go; this one stays. The error itself reaches whoever
    // waits on the connection (a query fails) or, for an idle one, the pool's 'error' event below.
    connection.on("error", () => {});
    connection.on("end", () => {
      if (!lent.delete(connection)) return;
      connection.release(new Error("Connection terminated: the database connection ended while lent out"));
    });
  });
  // An idle connection's error: the pool has dropped it already; the next command opens a fresh one.
  pool.on("error", () => {});
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (lent.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (lent.size > 0) {
      process.emitWarning(`${lent.size} database connection(s) still lent out ${CLOSE_GRACE_MS} ms after the pool began to close: dropped`, { code: "FAIRGAMMON_LENT_AT_CLOSE" });
      for (const connection of [...lent]) connection.release(new Error("Connection closed: the pool closed while it was lent out"));
    }
    await end();
  }) as typeof pool.end;
  return pool;
}

/** The app's adapter on `url`: the stock one on a pool of ours, configured and listened to as above. */
export function resilientPostgresAdapter(url: string): PrismaPg {
  const pool = releaseLostConnections(new pg.Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }));
  return new PrismaPg(pool, { disposeExternalPool: true });
}
