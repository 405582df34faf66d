/**
 * The event store of the aggregates kept outside the match log — tournaments ("tournament:<id>") and direct
 * challenges ("challenge:<id>") — in one append-only table keyed by (stream, version). The key is the version check:
 * an append names the version it was decided on and writes the next ones; a second writer of the same version hits
 * the key and gets ERR_CONFLICT, with nothing written. An aggregate's projections (its list rows) are written in the
 * same transaction as its events, so a row never says what the events do not. The match log keeps its own table and
 * write plan (server/db/event-store.ts: rolls, seeds and ratings go with its events) behind the same three verbs:
 * read, version, append.
 *
 * @example
 *   const store = new StreamStore(db);
 *   const events = await store.read("tournament:t1", (payload) => tournamentEventSchema.parse(payload));
 *   await store.append("tournament:t1", 4, [{ type: "registered", … }], now, (tx) => projectEntries(tx, …)); // ok | ERR_CONFLICT
 */
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "@/server/db/client";
import type { Tx } from "@/server/db/db";
import { writeTransaction } from "@/server/db/transaction";

/** Every stored event is an object with its `type`. */
export interface StreamedEvent {
  readonly type: string;
}

export class StreamStore {
  constructor(private readonly db: Db) {}

  /**
   * The stream's events in version order, each parsed by `parse` (the aggregate's zod schema): a corrupt row throws,
   * naming its stream and version, where it is read.
   */
  async read<E>(stream: string, parse: (payload: unknown) => E): Promise<E[]> {
    const rows = await this.db.prisma.streamEvent.findMany({ where: { stream }, orderBy: { version: "asc" }, select: { version: true, payload: true } });
    return rows.map((row, index) => {
      if (row.version !== index + 1) throw new Error(`stream ${stream}: version ${row.version} where ${index + 1} was expected`);
      try {
        return parse(JSON.parse(row.payload));
      } catch (error) {
        throw new Error(`stream ${stream}: event ${row.version} is corrupt: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  /** The stream's version: its number of events (0: no such stream). */
  async version(stream: string): Promise<number> {
    const last = await this.db.prisma.streamEvent.findFirst({ where: { stream }, orderBy: { version: "desc" }, select: { version: true } });
    return last?.version ?? 0;
  }

  /**
   * Appends `events` after version `expected`, and runs `project` (the aggregate's row writes) in the same
   * transaction. ERR_CONFLICT when another writer appended first: nothing of this append is written.
   */
  append(stream: string, expected: number, events: readonly StreamedEvent[], at: Date, project?: (tx: Tx) => Promise<void>): Promise<Result<number, "ERR_CONFLICT">> {
    if (events.length === 0) return Promise.resolve(ok(expected));
    return writeTransaction(
      this.db,
      async (tx) => {
        // The first new version must follow the last stored one: a stream that moved on conflicts here even when its
        // newest version is further than this append's (the key alone would catch only an exact collision).
        const last = await tx.streamEvent.findFirst({ where: { stream }, orderBy: { version: "desc" }, select: { version: true } });
        if ((last?.version ?? 0) !== expected) return err("ERR_CONFLICT");
        await tx.streamEvent.createMany({ data: events.map((event, i) => ({ stream, version: expected + i + 1, type: event.type, payload: JSON.stringify(event), createdAt: at })) });
        await project?.(tx);
        return ok(expected + events.length);
      },
      () => err("ERR_CONFLICT"),
    );
  }
}
