/**
 * Closing the PostgreSQL pool while a connection is still lent out (postgres-resilience.ts, item 4) — a transaction
 * Prisma lost track of, which a stopping node once waited for until it was killed: the close ends within its grace
 * instead of waiting forever, drops the connection, and says so in a warning. A connection given back in time is
 * waited for, and nothing is said.
 *
 * Needs TEST_POSTGRES_URL (CI sets it); skipped otherwise.
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLOSE_GRACE_MS, releaseLostConnections } from "./postgres-resilience";

const url = process.env.TEST_POSTGRES_URL;

describe.skipIf(!url)("closing the PostgreSQL pool with a connection lent out (needs TEST_POSTGRES_URL)", () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error & { code?: string }) => warnings.push(`${warning.code}: ${warning.message}`);
  beforeEach(() => {
    warnings.length = 0;
    process.on("warning", onWarning);
  });
  afterEach(() => {
    process.off("warning", onWarning);
  });

  it("ends within the grace, drops the connection and warns", async () => {
    const pool = releaseLostConnections(new pg.Pool({ connectionString: url }));
    const lost = await pool.connect();
    await lost.query("SELECT 1");
    const closing = Date.now();
    await pool.end();
    const tookMs = Date.now() - closing;
    expect(tookMs).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
    expect(tookMs).toBeLessThan(CLOSE_GRACE_MS + 3000);
    await expect(lost.query("SELECT 1")).rejects.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([expect.stringMatching(/^FAIRGAMMON_LENT_AT_CLOSE: 1 database connection\(s\) still lent out/)]);
  });

  it("waits for a connection given back within the grace, and says nothing", async () => {
    const pool = releaseLostConnections(new pg.Pool({ connectionString: url }));
    const busy = await pool.connect();
    const query = busy.query("SELECT pg_sleep(0.3)::text").then(() => busy.release());
    await pool.end();
    await query;
    expect(pool.totalCount).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });
});
