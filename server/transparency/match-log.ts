/**
 * Every match in the public transparency log (docs/transparency-log.md, section 1): its commitment when it is created
 * — appended by `MatchService.create` before the creator is answered, so before any client seed or die — and the
 * digest of its record when it ends, as a reaction to its stored `ended` event (on the node that stored it). Both are
 * idempotent (the log keeps one entry of each kind per match), so a retry, a second node or the sweep repeats nothing;
 * a failed append is logged, counted and retried (server/reactions/retrying.ts), and `catchUp` appends what a stopped
 * node, a failure or an older version left unlogged — at start-up, in the background, oldest first.
 *
 * @example
 *   const matchLog = new MatchLog({ db, log, matches, logger });
 *   await matchLog.created(live);   // MatchService's creation hook
 *   void matchLog.catchUp();        // after boot
 */
import { ENTRY_FORMAT, type MatchCreatedEntry, type MatchEndedEntry } from "@/lib/transparency";
import type { Db } from "@/server/db/client";
import { decodeEvent, STORED_EVENT_TYPES } from "@/server/db/event-codec";
import { protocolOfSeedRow } from "@/server/db/bundle-rows";
import { EVENT_COLUMNS, eventRow } from "@/server/db/prisma-event-store";
import type { Logger } from "@/server/log";
import type { LiveMatch } from "@/server/match/live-match";
import type { MatchService } from "@/server/match/match-service";
import { ReactionRunner } from "@/server/reactions/retrying";
import { matchRecordLines } from "@/server/record/signed-proof";
import { recordDigest } from "@/lib/dice";
import type { TransparencyLog } from "./transparency-log";

export interface MatchLogOptions {
  readonly db: Db;
  readonly log: TransparencyLog;
  readonly logger: Logger;
  /** Heard for its stored `ended` events; absent in tools that only log (a catch-up run). */
  readonly matches?: MatchService;
  readonly now?: () => number;
}

/** How many entries the catch-up hands the log at once (the log's group commit takes them in one transaction). */
const CATCH_UP_CHUNK = 256;

export class MatchLog {
  readonly runner: ReactionRunner;
  readonly #options: MatchLogOptions;

  constructor(options: MatchLogOptions) {
    this.#options = options;
    this.runner = new ReactionRunner(options.logger);
    options.matches?.onStored((message) => {
      if (message.event.type !== "ended") return;
      const { matchId } = message;
      this.runner.start("log a match's end", () => this.ended(matchId), { matchId });
    });
  }

  /**
   * Logs a new match's commitment; never throws (the match exists already: a failed append is retried in the
   * background and, failing that, appended by the next start's catch-up).
   */
  async created(live: LiveMatch): Promise<void> {
    const entry = createdEntry(live.view.matchId, live.view.diceProtocol, live.view.commitment, (this.#options.now ?? Date.now)());
    try {
      await this.#options.log.append(entry);
    } catch (error) {
      this.#options.logger.warn("a new match's commitment was not logged; trying again", { matchId: entry.matchId, error: messageOf(error) });
      this.runner.start("log a match's creation", () => this.#options.log.append(entry), { matchId: entry.matchId });
    }
  }

  /** Logs the digest of an ended match's record (nothing for a match that has not ended, or is not there). */
  async ended(matchId: string): Promise<void> {
    const entry = await endedEntry(this.#options.db, matchId, (this.#options.now ?? Date.now)());
    if (entry) await this.#options.log.append(entry);
  }

  /**
   * Appends every match's entry that is missing — creations first, in the order the matches were made, then ends —
   * and returns how many it appended. A match made before the log existed is logged with its own creation time.
   */
  async catchUp(): Promise<{ readonly created: number; readonly ended: number }> {
    const { db, log } = this.#options;
    // The protocol as the match's `created` event names it: the seed row tells v1 from a chain, not v2 from v3.
    const unlogged = await db.prisma.$queryRawUnsafe<{ id: string; commitment: string; createdAt: unknown; chainLength: number | null; created: string | null }[]>(
      `SELECT m."id", s."commitment", m."createdAt", s."chainLength",
         (SELECT e."payload" FROM "MatchEvent" e WHERE e."matchId" = m."id" AND e."type" = '${STORED_EVENT_TYPES.created}' ORDER BY e."sequence" LIMIT 1) AS "created"
       FROM "Match" m JOIN "MatchSeed" s ON s."matchId" = m."id"
       WHERE NOT EXISTS (SELECT 1 FROM "TransparencyEntry" t WHERE t."kind" = 'match-created' AND t."matchId" = m."id")
       ORDER BY m."createdAt", m."id"`,
    );
    let created = 0;
    for (let at = 0; at < unlogged.length; at += CATCH_UP_CHUNK) {
      const chunk = unlogged.slice(at, at + CATCH_UP_CHUNK).map((row) =>
        createdEntry(row.id, protocolOfRow(row), row.commitment, new Date(row.createdAt as string | Date).getTime()),
      );
      const appended = await Promise.all(chunk.map((entry) => log.append(entry)));
      created += appended.filter((a) => a.appended).length;
    }
    const unended = await db.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT m."id" FROM "Match" m WHERE m."status" IN ('finished', 'aborted')
       AND NOT EXISTS (SELECT 1 FROM "TransparencyEntry" t WHERE t."kind" = 'match-ended' AND t."matchId" = m."id")
       ORDER BY m."finishedAt", m."id"`,
    );
    let ended = 0;
    for (let at = 0; at < unended.length; at += CATCH_UP_CHUNK) {
      const entries = await Promise.all(unended.slice(at, at + CATCH_UP_CHUNK).map(({ id }) => endedEntry(db, id, Date.now())));
      const appended = await Promise.all(entries.flatMap((entry) => (entry ? [log.append(entry)] : [])));
      ended += appended.filter((a) => a.appended).length;
    }
    return { created, ended };
  }

  close(): void {
    this.runner.close();
  }
}

/** A match's protocol from its seed row and its stored `created` payload (JSON text): fair-dice-v3 only where it says so. */
function protocolOfRow(row: { readonly chainLength: number | null; readonly created: string | null }): string {
  const seeded = protocolOfSeedRow(row).protocol;
  if (seeded === "fair-dice-v1" || row.created === null) return seeded;
  try {
    const named = (JSON.parse(row.created) as { dice?: { protocol?: unknown } } | null)?.dice?.protocol;
    return named === "fair-dice-v3" ? named : seeded;
  } catch {
    return seeded;
  }
}

function createdEntry(matchId: string, protocol: string, commitment: string, createdAt: number): MatchCreatedEntry {
  return { format: ENTRY_FORMAT, kind: "match-created", matchId, protocol, commitment, createdAt };
}

/**
 * The ended match's entry: its record's digest, at the time its `ended` event says (else `fallback`). Reads only the
 * match's length and its action and end events — no fold of the whole log: every match that ends pays this once.
 */
async function endedEntry(db: Db, matchId: string, fallback: number): Promise<MatchEndedEntry | null> {
  const [match, rows] = await Promise.all([
    db.prisma.match.findUnique({ where: { id: matchId }, select: { matchLength: true } }),
    db.prisma.matchEvent.findMany({
      where: { matchId, type: { in: [STORED_EVENT_TYPES.action, STORED_EVENT_TYPES.ended] } },
      orderBy: { sequence: "asc" },
      select: EVENT_COLUMNS,
    }),
  ]);
  const events = rows.map((row) => decodeEvent(matchId, eventRow(row), noPlayers));
  const end = events.findLast((event) => event.type === "ended");
  if (!match || end?.type !== "ended") return null;
  const recordLines = matchRecordLines({ matchLength: match.matchLength }, events);
  return { format: ENTRY_FORMAT, kind: "match-ended", matchId, recordDigest: recordDigest(recordLines), endedAt: end.at ?? fallback };
}

/** Action and end events name no player: a lookup that is never asked. */
function noPlayers(id: string): never {
  throw new Error(`match log: an action or end event asked for player ${id}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
