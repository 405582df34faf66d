/**
 * Database handles. `getDb()` is the process-wide handle for `DATABASE_URL`; `openDb(url)` opens a handle on any
 * database (tests, benchmarks, scripts, a server given its URL). Migrate first (server/db/migrate.ts).
 *
 * All handles on the same database in one process share one Prisma client, kept on globalThis so Next's dev reloads
 * do not open more: `openDb("file:./data/x.db")` and `openDb("file:/abs/path/data/x.db")` are one connection. For
 * SQLite that is required, not just thrifty: better-sqlite3 waits for a lock synchronously, so a second connection
 * waiting for the first one's open transaction would block the very event loop that transaction needs to finish.
 * Closing a handle releases it; the client disconnects when its last handle is closed.
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
import { resolve } from "node:path";
import { PrismaClient } from "@/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/generated/prisma-pg/client";
import { databaseTarget, ensureSqliteDirectory, targetOf, type DatabaseTarget } from "./database-url";
import type { Db, DbClient, SqliteConnection } from "./db";
import type { EventStore } from "./event-store";
import { postgresAdapter } from "./postgres-adapter";
import { PrismaEventStore } from "./prisma-event-store";
import { sqliteAdapter } from "./sqlite-adapter";
import { SqliteEventStore } from "./sqlite-event-store";

export type { Db, DbClient, SqliteConnection } from "./db";

interface SharedClient {
  readonly prisma: DbClient;
  readonly events: EventStore;
  readonly sqlite?: SqliteConnection;
  handles: number;
}

function clientFor(target: DatabaseTarget): SharedClient {
  if (target.kind === "postgres") {
    // Same models and enums as the SQLite client (see the module comment); only the query compiler differs.
    const prisma = new PostgresPrismaClient({ adapter: postgresAdapter(target.url) }) as unknown as DbClient;
    return { prisma, events: new PrismaEventStore({ kind: target.kind, prisma }), handles: 0 };
  }
  ensureSqliteDirectory(target);
  const adapter = sqliteAdapter(target.file);
  const prisma = new PrismaClient({ adapter });
  const sqlite: SqliteConnection = {
    async exclusive(work) {
      // Prisma connects lazily; the connection `exclusive` uses is the one Prisma opens.
      if (!adapter.connected) await prisma.$connect();
      return adapter.exclusive(work);
    },
    get connected() {
      return adapter.connected;
    },
  };
  // One store per connection, so the appends of one event-loop turn share one commit whichever handle made them.
  const events = new SqliteEventStore(sqlite, new PrismaEventStore({ kind: target.kind, prisma }));
  return { prisma, events, sqlite, handles: 0 };
}

const processWide = globalThis as typeof globalThis & { __fairgammonDb?: Db; __fairgammonClients?: Map<string, SharedClient> };

function clients(): Map<string, SharedClient> {
  processWide.__fairgammonClients ??= new Map();
  return processWide.__fairgammonClients;
}

/** What makes two URLs the same database: the absolute file for SQLite, the URL for PostgreSQL. */
export function databaseKey(target: DatabaseTarget): string {
  return target.kind === "sqlite" ? `sqlite:${resolve(target.file)}` : `postgres:${target.url}`;
}

/** Opens a handle on the database at `url` (`file:…` or `postgres(ql)://…`). Close it when done. */
export function openDb(url: string): Db {
  const target = targetOf(url);
  const key = databaseKey(target);
  const registry = clients();
  let shared = registry.get(key);
  if (!shared) {
    shared = clientFor(target);
    registry.set(key, shared);
  }
  shared.handles++;
  const client = shared;
  let closed = false;
  return {
    kind: target.kind,
    url,
    prisma: client.prisma,
    events: client.events,
    ...(client.sqlite ? { sqlite: client.sqlite } : {}),
    close: async () => {
      if (closed) return;
      closed = true;
      if (--client.handles === 0) {
        registry.delete(key);
        await client.prisma.$disconnect();
      }
    },
  };
}

/** The process-wide handle for `DATABASE_URL` (default: the SQLite file in DATA_DIR, see database-url.ts). */
export function getDb(): Db {
  processWide.__fairgammonDb ??= openDb(databaseTarget(process.env).url);
  return processWide.__fairgammonDb;
}
