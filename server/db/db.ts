/**
 * The database handle's type, apart from its making (client.ts), so the stores and transactions that a handle holds
 * can name it without importing the module that builds them.
 */
import type BetterSqlite3 from "better-sqlite3";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { DatabaseTarget } from "./database-url";
import type { EventStore } from "./event-store";

export type DbClient = PrismaClient;

/** A Prisma interactive transaction's client. */
export type Tx = Prisma.TransactionClient;

/** Synchronous better-sqlite3 work on Prisma's own SQLite connection, queued with Prisma's queries (sqlite-adapter.ts). */
export interface SqliteConnection {
  /** Connects the Prisma client first if it has not connected yet. */
  exclusive<T>(work: (connection: BetterSqlite3.Database) => T): Promise<T>;
  /** Whether the connection is open now (it opens on the first query and closes when the last handle closes). */
  readonly connected: boolean;
}

export interface Db {
  readonly kind: DatabaseTarget["kind"];
  readonly url: string;
  readonly prisma: DbClient;
  /** The match event log (event-store.ts): the SQLite fast path on SQLite, Prisma on PostgreSQL. */
  readonly events: EventStore;
  /** Present on SQLite databases only. */
  readonly sqlite?: SqliteConnection;
  close(): Promise<void>;
}

