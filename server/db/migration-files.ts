/**
 * The migrations on disk: prisma/migrations (SQLite) and prisma/postgres/migrations (PostgreSQL), one folder per
 * migration holding `migration.sql`, applied in name order. The checksum is the one Prisma records in
 * `_prisma_migrations.checksum` (SHA-256 of the file, lowercase hex), so `prisma migrate status` agrees with
 * server/db/migrate.ts.
 *
 * @example
 *   const migrations = readMigrations("sqlite"); // [{ name: "20261129120000_init", sql: "...", checksum: "2f6e…" }]
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export type DatabaseKind = "sqlite" | "postgres";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The migrations folder of a database kind, inside the repository. */
export function migrationsDirectory(kind: DatabaseKind): string {
  return join(REPO_ROOT, kind === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");
}

export function checksumOf(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

export function readMigrations(kind: DatabaseKind, directory = migrationsDirectory(kind)): MigrationFile[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(directory, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(directory, name, "migration.sql"), "utf8");
      return { name, sql, checksum: checksumOf(sql) };
    });
}
