/**
 * The rematch's process manager, on the node that stored the agreement: a finished match's stored `rematch-made` →
 * the new match is made (the same settings, colours swapped, both players seated: lib/match/rematch.ts
 * `rematchCreation`) under the id the event named, then both pages are told it is there (`match:rematch-ready`) and a
 * computer seated in it is woken. The make is idempotent — a repeat (a retry, a second node's answer, the sweep after
 * a crash) finds the match made (ERR_MATCH_EXISTS) and doubles nothing — and `catchUp` (at start-up) makes every
 * rematch whose agreement is stored but whose match is not, so a crash between the two steps loses nothing.
 *
 * @example
 *   const rematches = new RematchReactions({ matches, db, io, logger, wake });
 *   await rematches.ready(matchId);   // the answering command waits for the match before it answers
 */
import { rematchCreation } from "@/lib/match";
import type { Db } from "@/server/db/client";
import { crashPoint } from "@/server/kernel/crash-point";
import type { Logger } from "@/server/log";
import type { MatchService } from "@/server/match/match-service";
import { rooms } from "@/server/socket/rooms";
import type { GameServer } from "@/server/socket/socket-types";
import { ReactionRunner } from "./retrying";

export interface RematchReactionsOptions {
  readonly matches: MatchService;
  readonly db: Db;
  readonly io: GameServer | null;
  readonly logger: Logger;
  /** Wakes the computer players in a match (a rematch against the computer starts its seed at once). */
  readonly wake?: (matchId: string) => void;
}

export class RematchReactions {
  readonly runner: ReactionRunner;
  readonly #options: RematchReactionsOptions;
  /** Finished match id → its rematch being made now. */
  readonly #making = new Map<string, Promise<boolean>>();

  constructor(options: RematchReactionsOptions) {
    this.#options = options;
    this.runner = new ReactionRunner(options.logger);
    options.matches.onStored((message) => {
      if (message.event.type !== "rematch-made") return;
      crashPoint("rematch-made");
      const { matchId } = message;
      this.runner.start("make a rematch", () => this.#makeOrFail(matchId), { matchId });
    });
  }

  /**
   * Whether the rematch of `matchId` exists, made now if its agreement is stored and the match is not (false: no
   * rematch agreed). While one make is under way a second caller waits for it instead of starting another.
   */
  ready(matchId: string): Promise<boolean> {
    const making = this.#making.get(matchId);
    if (making) return making;
    const made = this.#make(matchId).finally(() => this.#making.delete(matchId));
    this.#making.set(matchId, made);
    return made;
  }

  /** Makes the rematches agreed before a stop whose matches were not made (a crash between the two steps). */
  async catchUp(): Promise<void> {
    const owed = await this.#options.db.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT m."id" FROM "Match" m WHERE m."rematchId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Match" r WHERE r."id" = m."rematchId")`,
    );
    for (const { id } of owed) await this.ready(id);
  }

  close(): void {
    this.runner.close();
  }

  async #makeOrFail(matchId: string): Promise<void> {
    if (!(await this.ready(matchId))) throw new Error(`match ${matchId}: rematch-made stored, but no rematch to make`);
  }

  async #make(matchId: string): Promise<boolean> {
    const { matches, io, wake } = this.#options;
    const planned = await matches.withMatch(matchId, (live) => (live ? rematchCreation(live.view) : null));
    if (!planned) return false;
    const created = await matches.create(planned.command, { creator: planned.creator, matchId: planned.matchId });
    if (!created.ok && created.code !== "ERR_MATCH_EXISTS") throw new Error(`match ${matchId}: rematch ${planned.matchId} not made: ${created.code}`);
    // Only now are the pages sent on: no page opens a match that does not exist yet.
    io?.to(rooms.match(matchId)).emit("match:rematch-ready", { matchId, rematchId: planned.matchId });
    wake?.(planned.matchId);
    return true;
  }
}
