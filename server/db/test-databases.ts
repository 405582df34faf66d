/**
 * Fresh, migrated databases for tests and benchmarks: a SQLite file in a new temporary folder, and — when
 * `TEST_POSTGRES_URL` names a PostgreSQL server — a uniquely named PostgreSQL database created on it and dropped
 * afterwards, so parallel runs never share rows. Tests never clean up by deleting rows (the append-only tables
 * refuse it); they start from a new database instead.
 *
 * @example
 *   describe.each(testDatabaseKinds())("appendEvent on %s", (kind) => {
 *     let handle: TestDatabase;
 *     beforeAll(async () => { handle = await openTestDatabase(kind); });
 *     afterAll(() => handle.dispose());
 *   });
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDb, type Db } from "./client";
import { migrateDatabase } from "./migrate";

export type TestDatabaseKind = Db["kind"];

export interface TestDatabase {
  readonly db: Db;
  readonly url: string;
  dispose(): Promise<void>;
}

/** "sqlite" always; "postgres" too when TEST_POSTGRES_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/**
 * A URL for a new, empty, unmigrated database of that kind, and how to remove it. A PostgreSQL database is created
 * on the server `postgresServer` names (default TEST_POSTGRES_URL).
 */
export async function createEmptyDatabase(
  kind: TestDatabaseKind,
  postgresServer = process.env.TEST_POSTGRES_URL,
): Promise<{ readonly url: string; drop(): Promise<void> }> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "fairgammon-db-"));
    return { url: `file:${join(dir, "test.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = postgresServer;
  if (!server) throw new Error("no PostgreSQL server: set TEST_POSTGRES_URL");
  const name = `fairgammon_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A new database of that kind, migrated, with an open handle. */
export async function openTestDatabase(kind: TestDatabaseKind, postgresServer?: string): Promise<TestDatabase> {
  const empty = await createEmptyDatabase(kind, postgresServer);
  await migrateDatabase(empty.url);
  const db = openDb(empty.url);
  return {
    db,
    url: empty.url,
    dispose: async () => {
      await db.close();
      await empty.drop();
    },
  };
}
