/**
 * Fairgammon's persistence layer (see README.md beside this file): open a database, migrate it, and read and write
 * matches through typed functions that return Results with stable ERR_ codes.
 *
 * @example
 *   import { getDb, migrateDatabase, createMatch, appendEvent, loadMatch } from "@/server/db";
 *   await migrateDatabase(getDb().url);
 *   const db = getDb();
 */
export { getDb, openDb, type Db, type DbClient } from "./client";
export { databaseTarget, targetOf, type DatabaseTarget } from "./database-url";
export { migrateDatabase, MigrationError, type MigrationReport } from "./migrate";
export { createUser, findPlayer, findUserById, findUserByUsername, playerInfo, type NewUser } from "./users";
export { createMatch, revealSeed, type NewMatch, type RevealError } from "./matches";
export { appendEvent } from "./append-event";
export type { AppendEventError, AppendEventInput, AppendResult, EventStore, MatchLog } from "./event-store";
export { decodeEvent, encodeEvent, STORED_EVENT_TYPES, type PlayerLookup } from "./event-codec";
export { eventAppend } from "./event-rows";
export { auditBundle, loadMatch, type AuditBundleError, type LoadedMatch } from "./match-read";
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, listMatchesForUser, listOpenMatches } from "./listings";
export { ROLL_LOG_VIEW, listAdminAudit, type AdminAuditRow } from "./admin";
export type * from "./types";
