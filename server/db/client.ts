/**
 * Database handles. A `Db` wraps one Prisma client for one database URL; `getDb()` is the process-wide handle for
 * `DATABASE_URL` (one Prisma client per process, kept on globalThis so Next's dev reloads do not open more), and
 * `openDb(url)` opens an isolated one (tests, benchmarks, scripts). Migrate first (server/db/migrate.ts).
 *
 * Two generated clients exist, one per provider (generated/prisma for SQLite, generated/prisma-pg for PostgreSQL);
 * their models are identical (server/db/schema-drift.test.ts), so the data layer is typed with the SQLite client's
 * types and sticks to what both providers support.
 *
 * @example
 *   const db = openDb("file:/tmp/test.db");
 *   await createUser(db, { username: "ada" });
 *   await db.close();
 */
import { PrismaClient } from "@/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/generated/prisma-pg/client";
import { databaseTarget, ensureSqliteDirectory, targetOf, type DatabaseTarget } from "./database-url";
import { postgresAdapter } from "./postgres-adapter";
import { sqliteAdapter } from "./sqlite-adapter";

export type DbClient = PrismaClient;

export interface Db {
  readonly kind: DatabaseTarget["kind"];
  readonly url: string;
  readonly prisma: DbClient;
  close(): Promise<void>;
}

function clientFor(target: DatabaseTarget): DbClient {
  if (target.kind === "postgres") {
    // Same models and enums as the SQLite client (see the module comment); only the query compiler differs.
    return new PostgresPrismaClient({ adapter: postgresAdapter(target.url) }) as unknown as DbClient;
  }
  ensureSqliteDirectory(target);
  return new PrismaClient({ adapter: sqliteAdapter(target.file) });
}

/** Opens a handle on the database at `url` (`file:…` or `postgres(ql)://…`). Close it when done. */
export function openDb(url: string): Db {
  const target = targetOf(url);
  const prisma = clientFor(target);
  return { kind: target.kind, url, prisma, close: () => prisma.$disconnect() };
}

const processWide = globalThis as typeof globalThis & { __fairgammonDb?: Db };

/** The process-wide handle for `DATABASE_URL` (default: the SQLite file in DATA_DIR, see database-url.ts). */
export function getDb(): Db {
  processWide.__fairgammonDb ??= openDb(databaseTarget(process.env).url);
  return processWide.__fairgammonDb;
}
