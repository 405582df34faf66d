/**
 * The event log behind one interface. A match's record is its events: every change bumps `Match.version` and appends
 * the MatchEvent whose sequence is the new version, in one transaction with the rows that event implies (its roll,
 * the game it finishes, the client seed it adds, the Match columns it changes: event-rows.ts). The match server
 * writes and rebuilds matches only through this interface (`db.events`).
 *
 * Two implementations, both over rows Prisma's schema declares and reads back the same:
 * - `PrismaEventStore` (prisma-event-store.ts): Prisma transactions. PostgreSQL uses it; on SQLite it is the
 *   reference the fast path is tested against.
 * - `SqliteEventStore` (sqlite-event-store.ts): on SQLite, better-sqlite3 statements on the connection Prisma uses
 *   too, with the appends of one event-loop turn in one commit (group commit) — Prisma cost ten times the SQL there.
 *
 * @example
 *   const result = await db.events.append({
 *     matchId, expectedVersion: 7,
 *     event: { type: "action", payload, actorId: whiteId },
 *     roll: { nonce: 4, game: 1, kind: "turn", player: "white", die1: 6, die2: 6 },
 *   });
 *   if (result.ok) result.value.version; // 8
 *   else result.code;                    // "ERR_VERSION_CONFLICT", "ERR_MATCH_NOT_FOUND", "ERR_NONCE_TAKEN", "ERR_GAME_RECORDED"
 *   const log = await db.events.readLog(matchId); // row, sealed seed, events 1…8
 */
import type { Result } from "@/lib/engine/types";
import type { RatedOutcome } from "@/lib/match";
import type { ClientSeedInput, EventRow, GameInput, MatchRow, MatchUpdate, NewEvent, RollInput, SeedState } from "./types";

export interface AppendEventInput {
  readonly matchId: string;
  /** The version the caller last saw; the write happens only if the match is still there. */
  readonly expectedVersion: number;
  readonly event: NewEvent;
  readonly roll?: RollInput;
  readonly matchUpdate?: MatchUpdate;
  readonly game?: GameInput;
  /**
   * A client seed the event adds, written to MatchSeed (where rolls' audits read it) only if that seat's seed is
   * still empty. The version check is what refuses a second seed (the decision saw the seat's seed empty at
   * `expectedVersion`, and the event log and this column are written together), so a seed already there means the
   * two disagree: the append throws and writes nothing rather than overwrite a seed that dice were rolled with.
   */
  readonly clientSeed?: ClientSeedInput;
  /**
   * Ratings (issue 20): the result of a rated match, on the event that ends it. Both players' rating changes are
   * written in this same transaction (rating-writes.ts), so the end and the ratings are stored together or not at all.
   */
  readonly rating?: RatedOutcome;
}

export type AppendEventError = "ERR_VERSION_CONFLICT" | "ERR_MATCH_NOT_FOUND" | "ERR_NONCE_TAKEN" | "ERR_GAME_RECORDED";

export type AppendResult = Result<{ readonly version: number }, AppendEventError>;

/** A match's row, sealed seed and events: what the match server rebuilds a live match from. */
export interface MatchLog {
  readonly match: MatchRow;
  readonly seed: SeedState;
  /** In sequence order, 1, 2, 3, … */
  readonly events: readonly EventRow[];
}

export interface EventStore {
  /**
   * In one transaction: moves the match from `expectedVersion` to `expectedVersion + 1` (refused when another write
   * got there first), appends the event with that sequence, logs the roll (fair-dice-v1: a roll is logged before
   * anyone is told the dice), records a finished game, stores the client seed and applies the match update; all of
   * it or nothing. A refusal is a failure Result and writes nothing; any other error rejects and writes nothing.
   * `at` is the write's time (createdAt of the new rows, Match.updatedAt).
   */
  append(input: AppendEventInput, at?: Date): Promise<AppendResult>;
  /** The match's row, sealed seed and every event, from one consistent snapshot; null when there is no such match. */
  readLog(matchId: string): Promise<MatchLog | null>;
  /** The match's stored version (the sequence of its last event); null when there is no such match. */
  version(matchId: string): Promise<number | null>;
}

/** The error of an append whose client seed finds its seat's seed already set (see AppendEventInput.clientSeed). */
export function clientSeedTaken(matchId: string, color: string): string {
  return `match ${matchId}: ${color}'s client seed is already stored, though the event log has none`;
}
