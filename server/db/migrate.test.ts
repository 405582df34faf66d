import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "./migrate";
import { migrationsDirectory, readMigrations } from "./migration-files";
import { runPrismaCli } from "./prisma-cli";
import { createEmptyDatabase, testDatabaseKinds } from "./test-databases";

const BROKEN = "29991231000000_broken";

describe.each(testDatabaseKinds())("migrateDatabase on %s", (kind) => {
  const drops: (() => Promise<void>)[] = [];
  const scratch = mkdtempSync(join(tmpdir(), "fairgammon-migrations-"));
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(scratch, { recursive: true, force: true });
  });
  const emptyDatabase = async () => {
    const empty = await createEmptyDatabase(kind);
    drops.push(empty.drop);
    return empty.url;
  };
  /** A copy of the repository's migrations plus `extra` migrations, in a scratch folder. */
  const migrationsWith = (name: string, extra: Record<string, string>) => {
    const dir = join(scratch, name);
    cpSync(migrationsDirectory(kind), dir, { recursive: true });
    for (const [migration, sql] of Object.entries(extra)) {
      mkdirSync(join(dir, migration));
      writeFileSync(join(dir, migration, "migration.sql"), sql);
    }
    return dir;
  };
  const cliEnv = (url: string) => ({ DATABASE_URL: url });

  it("applies every migration once; a second run has nothing to do; `prisma migrate status` agrees", async () => {
    const url = await emptyDatabase();
    const names = readMigrations(kind).map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    expect(await migrateDatabase(url)).toEqual({ kind, applied: names, alreadyApplied: 0, modified: [] });
    expect(await migrateDatabase(url)).toEqual({ kind, applied: [], alreadyApplied: names.length, modified: [] });
    const status = await runPrismaCli(["migrate", "status"], cliEnv(url));
    expect(status.output).toContain("Database schema is up to date!");
    expect(status.code).toBe(0);
  });

  it("reports an applied migration whose file changed since", async () => {
    const url = await emptyDatabase();
    await migrateDatabase(url);
    const dir = migrationsWith("modified", {});
    const [first] = readMigrations(kind, dir);
    appendFileSync(join(dir, first!.name, "migration.sql"), "\n-- edited after it was applied\n");
    expect((await migrateDatabase(url, { migrationsDir: dir })).modified).toEqual([first!.name]);
  });

  it("stops at a failing migration and leaves it as Prisma would", async () => {
    const url = await emptyDatabase();
    const dir = migrationsWith("broken", { [BROKEN]: `CREATE TABLE "Half" ("x" INTEGER);\nSELECT * FROM "NoSuchTable";\n` });
    await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(`Migration ${BROKEN} failed`);
    if (kind === "sqlite") {
      // As `prisma migrate deploy` on SQLite: no transaction, so the first statement stays; the failure is booked
      // with its message and blocks later runs until resolved.
      const db = new Database(url.slice("file:".length), { readonly: true });
      const row = db.prepare(`SELECT finished_at, logs FROM _prisma_migrations WHERE migration_name = ?`).get(BROKEN) as { finished_at: unknown; logs: string };
      const half = db.prepare(`SELECT name FROM sqlite_master WHERE name = 'Half'`).get();
      db.close();
      expect(row.finished_at).toBeNull();
      expect(row.logs).toContain("no such table");
      expect(half).toBeDefined();
      await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(`Migration ${BROKEN} failed earlier`);
      // Prisma reads the booking as a failed migration too.
      const status = await runPrismaCli(["migrate", "status"], cliEnv(url));
      expect(status.output).toContain(`${BROKEN}`);
      expect(status.output).toMatch(/failed/i);
      expect(status.code).toBe(1);
    } else {
      // PostgreSQL: the migration and its booking share one transaction, so nothing of it remains.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const booked = await client.query(`SELECT 1 FROM _prisma_migrations WHERE migration_name = $1`, [BROKEN]);
      const half = await client.query(`SELECT to_regclass('"Half"') AS t`);
      await client.end();
      expect(booked.rowCount).toBe(0);
      expect(half.rows[0]?.t).toBeNull();
    }
  });
});
