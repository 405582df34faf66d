/**
 * Fresh, migrated databases for tests and benchmarks: a SQLite file in a new temporary folder, and — when
 * `TEST_POSTGRES_URL` names a PostgreSQL server — a uniquely named PostgreSQL database created on it (a copy of a
 * migrated template kept there) and dropped afterwards, so parallel runs never share rows. Tests never clean up by
 * deleting rows (the append-only tables refuse it); they start from a new database instead.
 *
 * @example
 *   describe.each(testDatabaseKinds())("appendEvent on %s", (kind) => {
 *     let handle: TestDatabase;
 *     beforeAll(async () => { handle = await openTestDatabase(kind); });
 *     afterAll(() => handle.dispose());
 *   });
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDb, type Db } from "./client";
import { migrateDatabase } from "./migrate";
import { readMigrations } from "./migration-files";

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
  /** A database to copy instead (createMigratedDatabase's template). */
  template?: string,
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
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
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

/**
 * The name of the migrated template database on the shared test server for the migrations on disk now: the same
 * name in every process and run that has these migrations, another once they change.
 */
function templateName(): string {
  const migrations = readMigrations("postgres").map((m) => `${m.name}:${m.checksum}`);
  return `fairgammon_template_${createHash("sha256").update(migrations.join("\n")).digest("hex").slice(0, 16)}`;
}

/** The advisory lock held while a template is built (a constant no other code takes). */
const TEMPLATE_LOCK = 4_808_001;

/** The template, per server, once this process has made sure it exists. */
const templates = new Map<string, Promise<string>>();

/**
 * Makes sure the shared server has a template database migrated to the migrations on disk: built under another name
 * and renamed once complete (so no process copies a half-migrated one), the first process to find it missing building
 * it while holding an advisory lock. It is kept for the next runs (nothing connects to it but a build).
 */
function migratedTemplate(server: string): Promise<string> {
  let known = templates.get(server);
  if (!known) {
    known = (async () => {
      const name = templateName();
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      try {
        await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
        const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_building_${randomBytes(4).toString("hex")}`;
          await admin.query(`CREATE DATABASE "${building}"`);
          const url = new URL(server);
          url.pathname = `/${building}`;
          try {
            await migrateDatabase(url.toString());
            await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
          } catch (error) {
            await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => {});
            throw error;
          }
        }
      } finally {
        await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => {});
        await admin.end();
      }
      return name;
    })();
    templates.set(server, known);
    known.catch(() => templates.delete(server));
  }
  return known;
}

/**
 * A URL for a new database of that kind, migrated, and how to remove it. On the shared test server
 * (TEST_POSTGRES_URL) a PostgreSQL database is a copy of a migrated template (CREATE DATABASE … TEMPLATE: ~0.1 s
 * instead of ~0.5 s for creating and migrating one); on any other server (a test's private one, used once) it is
 * created and migrated.
 */
export async function createMigratedDatabase(
  kind: TestDatabaseKind,
  postgresServer = process.env.TEST_POSTGRES_URL,
): Promise<{ readonly url: string; drop(): Promise<void> }> {
  if (kind === "sqlite" || !postgresServer || postgresServer !== process.env.TEST_POSTGRES_URL) {
    const empty = await createEmptyDatabase(kind, postgresServer);
    await migrateDatabase(empty.url);
    return empty;
  }
  return createEmptyDatabase(kind, postgresServer, await migratedTemplate(postgresServer));
}

/** A new database of that kind, migrated, with an open handle. */
export async function openTestDatabase(kind: TestDatabaseKind, postgresServer?: string): Promise<TestDatabase> {
  const empty = await createMigratedDatabase(kind, postgresServer);
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
