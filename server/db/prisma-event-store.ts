/**
 * The event store through Prisma: what PostgreSQL uses, and on SQLite the reference that the fast path
 * (sqlite-event-store.ts) must match row for row (append-event.test.ts). The hot statements (version bump, event,
 * roll) are raw SQL both databases accept (transaction.ts: a model query costs about three times a raw one).
 *
 * @example
 *   const store = new PrismaEventStore({ kind: "postgres", prisma });
 *   await store.append({ matchId, expectedVersion: 3, event: { type: "action", payload } });
 */
import { err, ok } from "@/lib/engine/types";
import type { Db } from "./db";
import { clientSeedTaken, type AppendEventError, type AppendEventInput, type AppendResult, type EventStore, type MatchLog } from "./event-store";
import { bumpVersion, insertEvent, insertRoll, readSnapshot, updateMatch, versionFailure, writeTransaction, type Tx } from "./transaction";
import { ratingWrite } from "./rating-writes";
import { runInPrisma } from "./sql-plan";
import type { EventRow, JsonValue } from "./types";

/** What the Prisma store needs of a database handle. */
export type PrismaHandle = Pick<Db, "kind" | "prisma">;

const EVENT_COLUMNS = { sequence: true, type: true, payload: true, actorId: true, createdAt: true } as const;

function eventRow(event: Omit<EventRow, "payload"> & { readonly payload: string }): EventRow {
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
    const { matchId, expectedVersion } = input;
    const version = expectedVersion + 1;
    return writeTransaction<{ version: number }, AppendEventError>(
      this.db,
      async (tx) => {
        if (!(await bumpVersion(tx, matchId, expectedVersion, at))) return versionFailure(tx, matchId);
        // The sequence is the version we now hold, so it is free: every write that set a version wrote its event.
        await insertEvent(tx, matchId, version, input.event, at);
        if (input.roll && !(await insertRoll(tx, matchId, input.roll, at))) {
          return err("ERR_NONCE_TAKEN", `nonce ${input.roll.nonce} is already logged for match ${matchId}`);
        }
        if (input.matchUpdate) await updateMatch(tx, matchId, input.matchUpdate, at);
        if (input.clientSeed) {
          const { color, seed } = input.clientSeed;
          const column = color === "white" ? "whiteClientSeed" : "blackClientSeed";
          const { count } = await tx.matchSeed.updateMany({ where: { matchId, [column]: null }, data: { [column]: seed } });
          if (count !== 1) throw new Error(clientSeedTaken(matchId, color));
        }
        // The id is the schema's default (@default(uuid())), which the SQLite fast path follows.
        if (input.game) await tx.game.create({ data: { matchId, ...input.game, createdAt: at }, select: { id: true } });
        // Ratings (issue 20): the rated match's rating changes, in the transaction of the event that ends it.
        if (input.rating) await runInPrisma(tx, this.db.kind, ratingWrite(matchId, input.rating, at, this.db.kind));
        return ok({ version });
      },
      (model) => (model === "Game" ? err("ERR_GAME_RECORDED", `game ${input.game?.number} of match ${matchId} is already recorded`) : undefined),
    );
  }

  readLog(matchId: string): Promise<MatchLog | null> {
    return readSnapshot(this.db, (tx) => readMatchLog(tx, matchId));
  }

  async version(matchId: string): Promise<number | null> {
    const row = await this.db.prisma.match.findUnique({ where: { id: matchId }, select: { version: true } });
    return row?.version ?? null;
  }
}
