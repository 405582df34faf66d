/**
 * The PostgreSQL adapter through outages (postgres-resilience.ts), on a private server the test stops and crashes:
 * transactions cut off by the outage fail with an error isDatabaseUnavailable recognises, the process sees no
 * unhandled error, and afterwards the pool still has all its connections — more transactions at once than the pool
 * holds all complete. (With the stock adapter each cut-off transaction kept its connection forever, and the
 * transactions after the second outage here waited for good.)
 *
 * Needs TEST_POSTGRES_URL (CI sets it; the test runs its own PostgreSQL from the same installation); skipped otherwise.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "@/tests/support/private-services";
import { waitFor } from "@/tests/support/wait-for";
import { openDb, type Db } from "./client";
import { migrateDatabase } from "./migrate";
import { isDatabaseUnavailable } from "./postgres-resilience";

const enabled = Boolean(process.env.TEST_POSTGRES_URL);
if (!enabled) console.warn("PostgreSQL outage tests skipped: set TEST_POSTGRES_URL to run them");

let server: PrivatePostgres | null = null;
let db: Db | null = null;

/** One transaction that holds its connection for `holdMs`: what a command's append does, slowed down. */
function transaction(holdMs: number): Promise<void> {
  return db!.prisma.$transaction(async (tx) => {
    await tx.$queryRawUnsafe("SELECT 1");
    await tx.$queryRawUnsafe(`SELECT pg_sleep(${holdMs / 1000})::text`);
  });
}

/** The adapter's pool (pg's default). */
const POOL_SIZE = 10;

/** How many of the outage database's backends are inside a `transaction` now (their pg_sleep running). */
async function sleepingTransactions(): Promise<number> {
  const admin = new pg.Client({ connectionString: server!.url() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'outage' AND state = 'active' AND query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

describe.skipIf(!enabled)("PostgreSQL adapter through outages (needs TEST_POSTGRES_URL)", () => {
  beforeAll(async () => {
    server = await startPrivatePostgres();
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query("CREATE DATABASE outage");
    await admin.end();
    await migrateDatabase(server.url("outage"));
    db = openDb(server.url("outage"));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await server?.dispose();
  }, 60_000);

  it("keeps its pool whole across stops and crashes that cut transactions off, and reports them as unavailable", { timeout: 180_000 }, async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on("unhandledRejection", onUnhandled);
    process.on("uncaughtException", onUnhandled);
    try {
      for (const [round, outage] of (["stop", "crash", "stop"] as const).entries()) {
        // More cut-off transactions than the pool's 10 connections: a leak of one each would exhaust it.
        const cut = Array.from({ length: 12 }, () => transaction(2000).then(() => null, (error: unknown) => error));
        // The outage comes once all ten hold a connection, inside their transaction (in pg_sleep, as the server says).
        await waitFor(async () => (await sleepingTransactions()) >= POOL_SIZE, `round ${round}: ${POOL_SIZE} transactions in flight`, { timeoutMs: 20_000, intervalMs: 20 });
        await server![outage]();
        const errors = await within(Promise.all(cut), 30_000, `round ${round}: the cut-off transactions`);
        const failed = errors.filter((error) => error !== null);
        expect(failed.length, `round ${round}: transactions cut off`).toBeGreaterThan(0);
        for (const error of failed) expect(isDatabaseUnavailable(error), `round ${round}: ${String(error)}`).toBe(true);
        // While it is down: a clear error at once, not a hang.
        const down = await within(db!.prisma.$queryRawUnsafe("SELECT 1").then(() => null, (error: unknown) => error), 15_000, "a query while down");
        expect(isDatabaseUnavailable(down)).toBe(true);
        await server!.start();
        await within(Promise.all(Array.from({ length: 25 }, () => transaction(50))), 30_000, `round ${round}: 25 transactions after the restart`);
      }
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
      process.off("uncaughtException", onUnhandled);
    }
  });

  it("tells an outage from other errors", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("match x: reveal refused: ERR_SEED_MISMATCH"))).toBe(false);
  });
});
