/**
 * Runs every tournament by itself: registration closes and the first round starts at their times, each round's
 * matches are made (both players seated, their clock and rating as the tournament says), results are read from the
 * matches, a player who does not show loses by forfeit, the next round starts when the last match of a round ends, and
 * the tournament ends. Every node runs one; they agree through the event log's version (tournament-store.ts): a node
 * that loses a race reloads and finds the step done. A match is made with an id fixed by its tournament, round and
 * pairing, so two nodes making it at once make one match; a crash between making it and recording it is repaired by
 * the next tick, which finds the match and records it.
 *
 * @example
 *   const runner = new TournamentRunner({ db, service, vault, io, logger, now: Date.now });
 *   runner.start(1000);   // and runner.stop() at shutdown
 */
import { createHash } from "node:crypto";
import { closeEvents, finishEvent, forfeitWinner, nextRoundEvents, nextSteps, startEvents, type Step, type TournamentEvent, type TournamentView } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import { isDatabaseUnavailable } from "@/server/db/postgres-resilience";
import { findParticipant } from "@/server/db/users";
import type { Logger } from "@/server/log";
import type { MatchService } from "@/server/match/match-service";
import type { GameServer } from "@/server/socket/socket-types";
import type { SeedVault } from "@/server/vault";
import { rooms } from "@/server/socket/rooms";
import { activeTournamentIds, appendTournamentEvents, loadTournament } from "./tournament-store";

export interface TournamentRunnerOptions {
  readonly db: Db;
  readonly service: MatchService;
  readonly vault: SeedVault;
  readonly io: GameServer | null;
  readonly logger: Logger;
  readonly now: () => number;
}

/** The id of a tournament's match: fixed by the tournament, round and pairing, so it is made once however often asked. */
export function tournamentMatchId(tournamentId: string, round: number, index: number): string {
  return `tm${createHash("sha256").update(`${tournamentId}:${round}:${index}`).digest("hex").slice(0, 30)}`;
}

/** Steps one tournament may take in one go (a round of 64 matches, its results, the next round…). */
const STEPS_PER_TICK = 200;

export class TournamentRunner {
  readonly #options: TournamentRunnerOptions;
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<void> | null = null;

  constructor(options: TournamentRunnerOptions) {
    this.#options = options;
  }

  start(everyMs = 1000): void {
    this.#timer = setInterval(() => void this.tick(), everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One pass over every tournament not over; passes never overlap on a node. */
  tick(): Promise<void> {
    this.#running ??= this.#pass().finally(() => (this.#running = null));
    return this.#running;
  }

  async #pass(): Promise<void> {
    let ids: string[];
    try {
      ids = await activeTournamentIds(this.#options.db);
    } catch (error) {
      // A database outage (or restart) must not take the node down: the next tick tries again.
      this.#options.logger.warn("tournament runner: database unavailable", { error: error instanceof Error ? error.message.split("\n").at(-1) : String(error) });
      return;
    }
    for (const id of ids) {
      try {
        await this.advance(id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isDatabaseUnavailable(error)) this.#options.logger.warn("tournament step waits for the database", { tournamentId: id, error: message.split("\n").at(-1) });
        else this.#options.logger.error("tournament step failed", { tournamentId: id, error: message });
      }
    }
  }

  /** Takes every step of tournament `id` that is due and can be taken now. */
  async advance(id: string): Promise<void> {
    const { db, logger } = this.#options;
    for (let taken = 0; taken < STEPS_PER_TICK; taken++) {
      const loaded = await loadTournament(db, id);
      if (!loaded) return;
      const { view } = loaded;
      const now = this.#options.now();
      let events: TournamentEvent[] | null = null;
      for (const step of nextSteps(view, now)) {
        events = await this.#eventsFor(step, view, loaded.stored, now);
        if (events) break;
      }
      if (!events) return;
      const appended = await appendTournamentEvents(db, id, view, events, new Date(now));
      if (!appended.ok) continue; // another node took a step first: reload and look again
      this.#announce(appended.value, events);
      logger.info("tournament step", { tournamentId: id, version: appended.value.version, events: events.map((event) => event.type) });
    }
  }

  /** The events that take `step`, after doing what it needs outside the log; null when it cannot be taken yet. */
  async #eventsFor(step: Step, view: TournamentView, stored: Parameters<SeedVault["reveal"]>[0], now: number): Promise<TournamentEvent[] | null> {
    switch (step.kind) {
      case "close":
        return closeEvents(view);
      case "start":
        // The only place the draw seed is opened: it is published in the `started` event at the same moment.
        return startEvents(view, this.#options.vault.reveal(stored));
      case "next-round":
        return nextRoundEvents(view);
      case "finish":
        return [finishEvent(view)];
      case "make-match": {
        const matchId = await this.#makeMatch(view, step.round, step.index, step.pairing);
        return matchId ? [{ type: "match-made", round: step.round, index: step.index, matchId, at: now }] : null;
      }
      case "await-result":
        return this.#result(view, step, now);
    }
  }

  async #makeMatch(view: TournamentView, round: number, index: number, pairing: { white: string; black: string }): Promise<string | null> {
    const { db, service, logger } = this.#options;
    const [white, black] = await Promise.all([findParticipant(db, pairing.white), findParticipant(db, pairing.black)]);
    if (!white || !black) {
      logger.error("tournament player missing", { tournamentId: view.id, white: pairing.white, black: pairing.black });
      return null;
    }
    const matchId = tournamentMatchId(view.id, round, index);
    const { settings } = view;
    const created = await service.create(
      { type: "create", matchLength: settings.matchLength, visibility: "public", timeControl: settings.timeControl, rated: settings.rated, color: "white", opponent: black },
      { creator: white, matchId },
    );
    if (!created.ok && created.code !== "ERR_MATCH_EXISTS") {
      logger.error("tournament match not made", { tournamentId: view.id, matchId, code: created.code });
      return null;
    }
    return matchId;
  }

  /**
   * A match's result once it has one; a forfeit once its players were given `noShowMs` to begin and did not. The
   * match row's columns answer the common case (still in play, or ended with a winner) without loading the match into
   * this node's cache; only a match that ended without a winner, or a no-show, is loaded for its players' seeds.
   */
  async #result(view: TournamentView, step: Extract<Step, { kind: "await-result" }>, now: number): Promise<TournamentEvent[] | null> {
    const { db, service } = this.#options;
    const pairing = view.rounds[step.round - 1]?.pairings[step.index];
    if (!pairing?.black) return null;
    const row = await db.prisma.match.findUnique({ where: { id: step.matchId }, select: { status: true, winner: true, endReason: true } });
    if (!row) return null;
    const ended = row.status === "finished" || row.status === "aborted";
    if (ended && row.winner) {
      const winner = row.winner === "white" ? pairing.white : pairing.black;
      return [{ type: "result", round: step.round, index: step.index, winner, reason: row.endReason === "abandoned" ? "forfeit" : "played" }];
    }
    if (!ended && (row.status !== "seeding" || now - step.madeAt < view.settings.noShowMs)) return null;
    const seeds = await service.withMatch(step.matchId, (live) => live?.view.clientSeeds ?? null);
    if (!seeds) return null;
    const winner = forfeitWinner({ white: pairing.white, black: pairing.black }, { white: seeds.white !== null, black: seeds.black !== null });
    if (!ended) {
      // The match that was never begun is cancelled in its creator's (white's) name: its seed is revealed, as any cancel.
      const creator = await findParticipant(db, pairing.white);
      if (creator) await service.command(step.matchId, { type: "cancel" }, creator);
    }
    // Cancelled before its first roll (by us after a no-show, before a crash, or by its creator): the same forfeit rule.
    return [{ type: "result", round: step.round, index: step.index, winner, reason: "forfeit" }];
  }

  /** Tells the players of a round that just started where their match is (every page they have open). */
  #announce(view: TournamentView, events: readonly TournamentEvent[]): void {
    const io = this.#options.io;
    if (!io) return;
    for (const event of events) {
      if (event.type !== "match-made") continue;
      const pairing = view.rounds[event.round - 1]?.pairings[event.index];
      for (const player of [pairing?.white, pairing?.black]) {
        if (player) io.to(rooms.user(player)).emit("tournament:match", { tournamentId: view.id, name: view.settings.name, round: event.round, matchId: event.matchId });
      }
    }
  }
}
