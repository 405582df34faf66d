/**
 * The process managers between tournaments and matches, on every node, reacting to stored events (no polling):
 * - a round started → its matches are made (both players seated, the tournament's clock and rating), each under an id
 *   fixed by its tournament, round and pairing, then recorded (`match-made`); a crash between the two repeats the
 *   make, which finds the match made (ERR_MATCH_EXISTS), and records it;
 * - a match recorded → both players are told on every page they have open (`tournament:match`);
 * - a tournament match's `ended` → its result is recorded (`match-ended`, decided once by the tournament);
 * - a no-show's forfeit recorded → the match nobody began is voided by the server.
 * Each is idempotent; `catchUp` redoes from the stored state whatever a stopped node left undone (at start-up, and
 * when a node is lost), so a crash between two steps loses nothing and doubles nothing.
 *
 * @example
 *   const reactions = new TournamentReactions({ tournaments, matches, db, io, logger });
 *   await reactions.catchUp();
 */
import { matchesToMake } from "@/lib/tournament/decide";
import type { TournamentEvent, TournamentView } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import { findParticipant } from "@/server/db/users";
import type { Logger } from "@/server/log";
import type { MatchService } from "@/server/match/match-service";
import { crashPoint } from "@/server/kernel/crash-point";
import { rooms } from "@/server/socket/rooms";
import type { GameServer } from "@/server/socket/socket-types";
import type { TournamentService } from "@/server/tournaments/tournament-service";
import { ReactionRunner } from "./retrying";

/** The id of a tournament's match: fixed by the tournament, round and pairing, so it is made once however often asked. */
export function tournamentMatchId(tournamentId: string, round: number, index: number): string {
  return `${tournamentId}-r${round}-m${index}`;
}

/** A tournament match made before its id named its tournament ("tm" and 30 hex digits of a hash). */
const LEGACY_MATCH_ID = /^tm[0-9a-f]{30}$/;

/** The tournament a match belongs to, read from its id (null: not a tournament match of this scheme). */
export function tournamentOfMatch(matchId: string): string | null {
  return /^(t[0-9a-f]{20})-r\d{1,4}-m\d{1,5}$/.exec(matchId)?.[1] ?? null;
}

export interface TournamentReactionsOptions {
  readonly tournaments: TournamentService;
  readonly matches: MatchService;
  readonly db: Db;
  readonly io: GameServer | null;
  readonly logger: Logger;
}

export class TournamentReactions {
  readonly runner: ReactionRunner;
  readonly #options: TournamentReactionsOptions;

  constructor(options: TournamentReactionsOptions) {
    this.#options = options;
    this.runner = new ReactionRunner(options.logger);
    options.tournaments.kernel.onStored((message, view) => this.#heardTournament(view, message.event));
    options.matches.onStored((message) => {
      if (message.event.type !== "ended") return;
      const tournamentId = tournamentOfMatch(message.matchId);
      if (tournamentId) crashPoint("tournament-match-ended");
      if (tournamentId) this.runner.start("record a tournament result", () => this.recordResult(tournamentId, message.matchId), { matchId: message.matchId });
      else if (LEGACY_MATCH_ID.test(message.matchId)) this.runner.start("record a tournament result", () => this.#recordLegacy(message.matchId), { matchId: message.matchId });
    });
  }

  #heardTournament(view: TournamentView, event: TournamentEvent): void {
    const tournamentId = view.id;
    if (event.type === "round-started") this.runner.start("make a round's matches", () => this.makeMatches(tournamentId), { tournamentId });
    if (event.type === "match-made") this.#announce(view, event);
    if (event.type === "result" && event.reason === "forfeit") {
      const matchId = view.rounds[event.round - 1]?.matchIds[event.index];
      if (matchId) this.runner.start("void a no-show's match", () => this.voidUnbegun(matchId), { matchId });
    }
  }

  /** Makes every match of the round in play that is still to be made, and records each. */
  async makeMatches(tournamentId: string): Promise<void> {
    const { tournaments, matches, db } = this.#options;
    const view = await tournaments.read(tournamentId);
    if (!view) return;
    for (const pairing of matchesToMake(view, tournaments.now())) {
      const [white, black] = await Promise.all([findParticipant(db, pairing.white), findParticipant(db, pairing.black)]);
      if (!white || !black) throw new Error(`tournament ${tournamentId}: player of round ${pairing.round} missing`);
      const matchId = tournamentMatchId(tournamentId, pairing.round, pairing.index);
      const { settings } = view;
      const created = await matches.create(
        { type: "create", matchLength: settings.matchLength, visibility: "public", timeControl: settings.timeControl, rated: settings.rated, color: "white", opponent: black },
        { creator: white, matchId },
      );
      if (!created.ok && created.code !== "ERR_MATCH_EXISTS") throw new Error(`tournament ${tournamentId}: match ${matchId} not made: ${created.code}`);
      crashPoint("tournament-match-created");
      const recorded = await tournaments.command(tournamentId, { type: "match-made", round: pairing.round, index: pairing.index, matchId }, null);
      if (!recorded.ok) throw new Error(`tournament ${tournamentId}: match ${matchId} not recorded: ${recorded.code}`);
    }
  }

  /** Records the result of a tournament match that has ended (nothing when it has not, or it is recorded). */
  async recordResult(tournamentId: string, matchId: string): Promise<void> {
    const ended = await this.#options.matches.withMatch(matchId, (live) =>
      live?.view.ended ? { winner: live.view.ended.winner, abandoned: live.view.ended.reason === "abandoned", seeded: { white: live.view.clientSeeds.white !== null, black: live.view.clientSeeds.black !== null } } : null,
    );
    if (!ended) return;
    const recorded = await this.#options.tournaments.command(tournamentId, { type: "match-ended", matchId, ...ended }, null);
    if (!recorded.ok) throw new Error(`tournament ${tournamentId}: result of ${matchId} not recorded: ${recorded.code}`);
  }

  /** A match of the older id scheme: its tournament is the active one whose round in play holds it. */
  async #recordLegacy(matchId: string): Promise<void> {
    for (const id of await this.#options.tournaments.activeIds()) {
      const view = await this.#options.tournaments.read(id);
      if (view?.rounds.at(-1)?.matchIds.includes(matchId)) return this.recordResult(id, matchId);
    }
  }

  /** Ends, by the server, a match its players never began (refused once it has begun or ended: then nothing to do). */
  async voidUnbegun(matchId: string): Promise<void> {
    const voided = await this.#options.matches.command(matchId, { type: "void" }, null);
    if (!voided.ok && voided.code !== "ERR_WRONG_STATUS") throw new Error(`match ${matchId} not voided: ${voided.code}`);
  }

  /**
   * Redoes from the stored state what the reactions may have left undone: every tournament not over is settled, its
   * round's missing matches made, the results of its ended matches recorded and its no-shows' matches voided.
   */
  async catchUp(): Promise<void> {
    const { tournaments } = this.#options;
    for (const id of await tournaments.activeIds()) {
      await tournaments.settle(id);
      await this.makeMatches(id);
      const view = await tournaments.read(id);
      const round = view?.rounds.at(-1);
      if (!view || !round) continue;
      for (const [index, matchId] of round.matchIds.entries()) {
        if (!matchId) continue;
        if (round.winners[index] === null) await this.recordResult(id, matchId);
        else if (round.reasons[index] === "forfeit") await this.voidUnbegun(matchId);
      }
    }
  }

  /** Tells both players of a match just made where it is (every page they have open, every node). */
  #announce(view: TournamentView, event: Extract<TournamentEvent, { type: "match-made" }>): void {
    const pairing = view.rounds[event.round - 1]?.pairings[event.index];
    for (const player of [pairing?.white, pairing?.black]) {
      if (player) this.#options.io?.to(rooms.user(player)).emit("tournament:match", { tournamentId: view.id, name: view.settings.name, round: event.round, matchId: event.matchId });
    }
  }
}

