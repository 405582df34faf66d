/**
 * Applies pending migrations (`npm start`, `npm run db:migrate`, every test database). It does what
 * `prisma migrate deploy` does and books each migration in `_prisma_migrations` the way Prisma does (same table, same
 * checksum, same timestamps), so `prisma migrate status` and `prisma migrate deploy` agree with it afterwards — but it
 * runs in milliseconds instead of starting the Prisma CLI (1.2 s on SQLite, 11.4 s on PostgreSQL, where the CLI
 * lingers ~10 s after finishing; measured with scripts/bench-migrate.ts, figures in server/db/README.md).
 *
 * - SQLite: each migration.sql runs as one script outside a transaction, as Prisma runs it (table redefinitions turn
 *   `PRAGMA foreign_keys` off, which a transaction would ignore); a failure is booked with its message in `logs` and
 *   no `finished_at`, as Prisma books it (`prisma migrate resolve` then applies).
 * - PostgreSQL: each migration.sql and its booking run in one transaction, so a failure leaves nothing behind; the
 *   run holds Prisma's advisory lock (72707369) so it never overlaps a CLI deploy.
 *
 * @example
 *   const report = await migrateDatabase("file:./data/fairgammon.db");
 *   report.applied; // ["20261129120000_init"] on a new database, [] afterwards
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { ensureSqliteDirectory, targetOf } from "./database-url";
import { readMigrations, type DatabaseKind, type MigrationFile } from "./migration-files";

export interface MigrationReport {
  readonly kind: DatabaseKind;
  /** Migrations applied by this run, in order. */
  readonly applied: readonly string[];
  /** Migrations that were already applied before this run. */
  readonly alreadyApplied: number;
  /** Applied migrations whose file changed since (Prisma warns about these too). */
  readonly modified: readonly string[];
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Prisma's own advisory lock key for migrations. */
const PRISMA_MIGRATE_LOCK = 72707369;

interface BookedMigration {
  readonly migration_name: string;
  readonly checksum: string;
  readonly finished_at: unknown;
  readonly rolled_back_at: unknown;
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const POSTGRES_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

const SELECT_BOOKED = `SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at`;

/** What is left to do, or the failed migration that blocks everything (Prisma's P3009). */
function plan(files: readonly MigrationFile[], booked: readonly BookedMigration[]): Omit<MigrationReport, "kind" | "applied"> & { pending: MigrationFile[] } {
  const failed = booked.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} failed earlier; fix the database, then mark it with \`npx prisma migrate resolve\` before migrating again.`,
    );
  }
  const done = new Map(booked.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => [row.migration_name, row.checksum]));
  return {
    pending: files.filter((file) => !done.has(file.name)),
    alreadyApplied: files.filter((file) => done.has(file.name)).length,
    modified: files.filter((file) => done.has(file.name) && done.get(file.name) !== file.checksum).map((file) => file.name),
  };
}

/** Prisma's SQLite timestamp text, e.g. 2026-11-29T11:35:34.837+00:00. */
function sqliteNow(): string {
  return new Date().toISOString().replace("Z", "+00:00");
}

function migrateSqlite(file: string, migrationsDir: string | undefined): MigrationReport {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.exec(SQLITE_TABLE);
    const booked = db.prepare(SELECT_BOOKED).all() as BookedMigration[];
    const { pending, alreadyApplied, modified } = plan(readMigrations("sqlite", migrationsDir), booked);
    const applied: string[] = [];
    for (const migration of pending) {
      const id = randomUUID();
      db.prepare(`INSERT INTO "_prisma_migrations" ("id", "checksum", "started_at", "migration_name") VALUES (?, ?, ?, ?)`).run(
        id,
        migration.checksum,
        sqliteNow(),
        migration.name,
      );
      try {
        db.exec(migration.sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        db.prepare(`UPDATE "_prisma_migrations" SET "logs" = ? WHERE "id" = ?`).run(message, id);
        throw new MigrationError(`Migration ${migration.name} failed: ${message}`);
      }
      db.prepare(`UPDATE "_prisma_migrations" SET "applied_steps_count" = 1, "finished_at" = ? WHERE "id" = ?`).run(sqliteNow(), id);
      applied.push(migration.name);
    }
    return { kind: "sqlite", applied, alreadyApplied, modified };
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, migrationsDir: string | undefined): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK})`);
    await client.query(POSTGRES_TABLE);
    const booked = (await client.query<BookedMigration>(SELECT_BOOKED)).rows;
    const { pending, alreadyApplied, modified } = plan(readMigrations("postgres", migrationsDir), booked);
    const applied: string[] = [];
    for (const migration of pending) {
      await client.query("BEGIN");
      try {
        const started = (await client.query<{ now: Date }>("SELECT clock_timestamp() AS now")).rows[0]?.now;
        // Sent as one simple query: PL/pgSQL bodies contain semicolons, so the script must not be split.
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, started_at, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, $3, clock_timestamp(), $4, 1)`,
          [randomUUID(), migration.checksum, started, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        const message = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${message}`);
      }
      applied.push(migration.name);
    }
    return { kind: "postgres", applied, alreadyApplied, modified };
  } finally {
    await client.end();
  }
}

/**
 * Applies the pending migrations of the database at `url` (a `file:` or `postgres(ql)://` URL; see
 * server/db/database-url.ts). `migrationsDir` replaces the repository's folder (tests of the migrator use it).
 */
export async function migrateDatabase(url: string, options: { readonly migrationsDir?: string } = {}): Promise<MigrationReport> {
  const target = targetOf(url);
  if (target.kind === "postgres") return migratePostgres(target.url, options.migrationsDir);
  ensureSqliteDirectory(target);
  return migrateSqlite(target.file, options.migrationsDir);
}
