/**
 * The event store through Prisma: what PostgreSQL uses, and on SQLite the reference that the fast path
 * (sqlite-event-store.ts) must match row for row (append-event.test.ts). Its append is the same SQL plan as the fast
 * path's (append-plan.ts), run in a Prisma transaction; reads are Prisma's.
 *
 * @example
 *   const store = new PrismaEventStore({ kind: "postgres", prisma });
 *   await store.append({ matchId, expectedVersion: 3, event: { type: "action", payload } });
 */
import type { Db } from "./db";
import { appendPlan } from "./append-plan";
import type { AppendEventError, AppendEventInput, AppendResult, EventStore, MatchLog } from "./event-store";
import { readSnapshot, writeTransaction, type Tx } from "./transaction";
import { runInPrisma } from "./sql-plan";
import type { EventRow, JsonValue } from "./types";

/** What the Prisma store needs of a database handle. */
export type PrismaHandle = Pick<Db, "kind" | "prisma">;

/** The MatchEvent columns an event row is read from (a Prisma `select`). */
export const EVENT_COLUMNS = { sequence: true, type: true, payload: true, actorId: true, createdAt: true } as const;

/** A stored event's row with its JSON payload parsed. */
export function eventRow(event: Omit<EventRow, "payload"> & { readonly payload: string }): EventRow {
  return { ...event, payload: JSON.parse(event.payload) as JsonValue };
}

/** A match's row, sealed seed and events inside a transaction (loadMatch reads rolls and games in the same one). */
export async function readMatchLog(tx: Tx, matchId: string): Promise<MatchLog | null> {
  const match = await tx.match.findUnique({ where: { id: matchId } });
  const seed = await tx.matchSeed.findUnique({ where: { matchId } });
  if (!match || !seed) return null;
  const events = await tx.matchEvent.findMany({ where: { matchId }, orderBy: { sequence: "asc" }, select: EVENT_COLUMNS });
  return {
    match,
    seed: {
      commitment: seed.commitment,
      sealed: { ciphertext: seed.ciphertext, iv: seed.iv, tag: seed.tag },
      ...(seed.chainLength !== null && { chainLength: seed.chainLength }),
      whiteClientSeed: seed.whiteClientSeed,
      blackClientSeed: seed.blackClientSeed,
      revealedSeed: seed.revealedSeed,
      revealedAt: seed.revealedAt,
    },
    events: events.map(eventRow),
  };
}

export class PrismaEventStore implements EventStore {
  constructor(private readonly db: PrismaHandle) {}

  append(input: AppendEventInput, at = new Date()): Promise<AppendResult> {
    const { kind } = this.db;
    return writeTransaction<{ version: number }, AppendEventError>(this.db, (tx) => runInPrisma(tx, kind, appendPlan(input, at, kind)));
  }

  readLog(matchId: string): Promise<MatchLog | null> {
    return readSnapshot(this.db, (tx) => readMatchLog(tx, matchId));
  }

  async version(matchId: string): Promise<number | null> {
    const row = await this.db.prisma.match.findUnique({ where: { id: matchId }, select: { version: true } });
    return row?.version ?? null;
  }
}
