/**
 * The computer at the table. The driver hears of every event the match server stores (and of every unfinished match
 * at recovery); when a match waits for a computer's seat it asks the engine — in a worker thread, never on this event
 * loop — and sends the answer as a command through the match service, as that seat's user: the same `decide` a
 * person's socket goes through. Its client seed is drawn here with crypto randomness, after the match's commitment is
 * published (docs/provably-fair.md says why that keeps the dice fair).
 *
 * Nothing is held only here: what the computer must do next follows from the stored match, so a restarted server
 * wakes the driver for each unfinished match and it carries on.
 *
 * @example
 *   const driver = new ComputerDriver({ service, pool, computers, logger }); // hears every stored event (service.onStored)
 *   await driver.wake(matchId); // at recovery, or once it is seated
 */
import { randomBytes } from "node:crypto";
import type { ComputerAction, ComputerLevel } from "@/lib/analysis/computer-player";
import type { HintPlay } from "@/lib/analysis/hint";
import { COLORS, type Color } from "@/lib/engine/types";
import type { Participant, PlayRequest } from "@/lib/match";
import type { MatchEventMessage } from "@/lib/protocol";
import type { MatchView } from "@/lib/match";
import { pendingTurnRoll } from "@/lib/match/contributions";
import type { ComputerUsers } from "@/server/db/computer-users";
import { isDatabaseUnavailable } from "@/server/db/postgres-resilience";
import type { EnginePool } from "@/server/engine/engine-pool";
import type { Logger } from "@/server/log";
import type { MatchService } from "./match-service";

export interface ComputerDriverOptions {
  readonly service: MatchService;
  readonly pool: EnginePool;
  readonly computers: ComputerUsers;
  readonly logger: Logger;
  /**
   * A step failed because the database is unreachable: handed over (to server/match/outage-recovery.ts, which wakes the
   * computer again once the database is back) instead of retried three times and given up, which would leave the
   * match waiting for the computer after any outage longer than the retries.
   */
  readonly onDatabaseUnavailable?: (matchId: string) => void;
  /**
   * How often to look for matches against the computer whose player has walked away (0: never). The computer then
   * claims the match as abandoned, as a person's opponent can, once its opponent has been away for the match
   * server's abandonment time (lib/match/leaving.ts decides) — so such matches end instead of staying "playing".
   */
  readonly abandonedSweepMs?: number;
}

/** Matches whose seats are known to be all people (or all known): no look-up for their next events. */
const SEAT_CACHE_SIZE = 20_000;
/** A step that fails (the engine's worker died, a refusal) is tried again this often, then given up until the next event. */
const RETRIES = 3;
const RETRY_DELAY_MS = 500;
/** Hints remembered: a few per match in play is plenty; the oldest go first. */
const HINTS_KEPT = 2000;

type Step = "idle" | "acted" | "retry";

export class ComputerDriver {
  readonly #options: ComputerDriverOptions;
  /** match id → the computer's seat, or null for a match of two people (only once both seats are taken). */
  readonly #seats = new Map<string, { readonly color: Color; readonly level: ComputerLevel } | null>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  /** Hints asked for, by match, version and seat, oldest first (Map keeps insertion order). */
  readonly #hints = new Map<string, Promise<HintPlay[]>>();
  #closed = false;

  #sweep: ReturnType<typeof setInterval> | null = null;

  constructor(options: ComputerDriverOptions) {
    this.#options = options;
    options.service.onStored((message) => this.notice(message));
    if (options.abandonedSweepMs) {
      this.#sweep = setInterval(() => void this.claimAbandoned(), options.abandonedSweepMs);
      this.#sweep.unref();
    }
  }

  /**
   * For each match in play against the computer, the computer claims it if its opponent has been away long enough;
   * the match server refuses (and stores nothing) while the opponent is connected or not yet away that long. Resolves
   * with the number of matches claimed.
   */
  async claimAbandoned(): Promise<number> {
    let claimed = 0;
    for (const [matchId, seat] of [...this.#seats]) {
      if (this.#closed) break;
      if (!seat) continue;
      try {
        const view = await this.#options.service.withMatch(matchId, (live) => live?.view ?? null);
        const computer = view?.players[seat.color];
        if (!view || !computer || view.status !== "playing") continue;
        const reply = await this.#options.service.command(matchId, { type: "claim-abandoned", expectedVersion: view.version }, { player: computer, kind: "computer" });
        if (reply.ok) claimed++;
      } catch (error) {
        this.#options.logger.warn("the computer could not claim an abandoned match", { matchId, error: (error as Error).message });
      }
    }
    return claimed;
  }

  /** Is this user a computer player? */
  isComputer(userId: string): boolean {
    return this.#options.computers.levelOf.has(userId);
  }

  /**
   * The engine's best plays for `color`'s dice in this view of a match (a hint: lib/play/hint-rule.ts says who may
   * ask). One engine run per match version and seat, however often it is asked: a player who asks again, from two
   * tabs or in a flood, gets the same answer without taking the workers from the computers' own moves.
   */
  hint(view: MatchView, color: Color): Promise<HintPlay[]> {
    const key = `${view.matchId}:${view.version}:${color}`;
    const known = this.#hints.get(key);
    if (known) return known;
    const asked = this.#options.pool.run({ kind: "hint", state: view.state, color });
    this.#hints.set(key, asked);
    // A failed run is not kept: the next ask tries again.
    asked.catch(() => this.#hints.delete(key));
    if (this.#hints.size > HINTS_KEPT) this.#hints.delete(this.#hints.keys().next().value ?? key);
    return asked;
  }

  /** The computer user of a level. */
  userOf(level: ComputerLevel): string {
    return this.#options.computers.idOf[level];
  }

  /** An event was stored: if the match has a computer seat, see whether it must act. */
  notice(message: MatchEventMessage): void {
    if (this.#closed) return;
    const known = this.#seats.get(message.matchId);
    if (known === null && message.event.type !== "ended") return;
    if (message.event.type === "ended") {
      this.#seats.delete(message.matchId);
      return;
    }
    void this.wake(message.matchId);
  }

  /**
   * Looks at the match and acts for its computer seat while the match waits for it; resolves when it waits for
   * someone else (never rejects: failures are logged).
   */
  wake(matchId: string): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const running = this.#running.get(matchId);
    if (running) {
      this.#again.add(matchId);
      return running;
    }
    const drive = this.#drive(matchId).finally(() => this.#running.delete(matchId));
    this.#running.set(matchId, drive);
    return drive;
  }

  /** Resolves when no match is being driven (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running.values());
  }

  close(): void {
    this.#closed = true;
    if (this.#sweep) clearInterval(this.#sweep);
  }

  async #drive(matchId: string): Promise<void> {
    let failures = 0;
    do {
      this.#again.delete(matchId);
      let step: Step;
      try {
        step = await this.#step(matchId);
      } catch (error) {
        if (this.#closed) return;
        if (this.#options.onDatabaseUnavailable && isDatabaseUnavailable(error)) {
          this.#options.logger.warn("the computer could not act: database unavailable", { matchId });
          this.#options.onDatabaseUnavailable(matchId);
          return;
        }
        this.#options.logger.error("the computer could not act", { matchId, error: error instanceof Error ? error.message : String(error) });
        step = "retry";
      }
      if (step === "retry") {
        if (++failures > RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        this.#again.add(matchId);
      } else if (step === "acted") {
        failures = 0;
        // Its own event may be what the match waits on next (e.g. after a roll, its move): look again.
        this.#again.add(matchId);
      }
    } while (this.#again.has(matchId) && !this.#closed);
  }

  /** One action for the computer's seat, if the match waits for one. */
  async #step(matchId: string): Promise<Step> {
    const { service, pool, logger } = this.#options;
    const view = await service.withMatch(matchId, (live) => live?.view ?? null);
    if (!view) return "idle";
    const seat = this.#seatOf(view);
    if (!seat || view.ended) return "idle";
    const computer = view.players[seat.color];
    if (!computer) return "idle";
    const actor: Participant = { player: computer, kind: "computer" };
    if (view.status === "seeding" && view.clientSeeds[seat.color] === null) {
      // Drawn now: the commitment (in the match's first event) is already published and cannot change.
      const clientSeed = randomBytes(16).toString("hex");
      const reply = await service.command(matchId, { type: "seed", clientSeed, commitment: view.commitment }, actor);
      if (reply.ok) return "acted";
      if (reply.code === "ERR_SEED_ALREADY_SUBMITTED") return "idle";
      logger.warn("the computer's seed was refused", { matchId, code: reply.code, message: reply.message });
      return "retry";
    }
    if (view.status !== "playing") return "idle";
    if (view.diceProtocol === "fair-dice-v2" && view.state.phase === "opening") return this.#saltOpening(view, seat.color, actor);
    if (view.state.turn !== seat.color) return "idle";
    // fair-dice-v3: its roll's salt is in and the roll waits for the person's reveal (their browser's to send).
    if (pendingTurnRoll(view)) return "idle";
    const action = await pool.run({ kind: "choose-action", state: view.state, color: seat.color, level: seat.level });
    if (!action) return "idle";
    const reply = await service.command(matchId, { type: "play", play: playRequestOf(action, view), expectedVersion: view.version }, actor);
    if (reply.ok) return "acted";
    // Someone else's event came first (a resignation offered while it thought): decide again on the new state.
    if (reply.code === "ERR_STALE_VERSION" || reply.code === "ERR_CONFLICT") return "acted";
    logger.error("the computer's action was refused", { matchId, action: action.type, code: reply.code, message: reply.message });
    return "retry";
  }

  /**
   * fair-dice-v2: the computer's part of the opening roll. It sends no salt: the match takes the computer's salt from
   * the game's seed (docs/fair-dice-v2.md, section 3a), so nobody, this driver included, chooses it.
   */
  async #saltOpening(view: MatchView, color: Color, actor: Participant): Promise<Step> {
    const nonce = view.rolls.length;
    // The service's own view (withMatch), but `from` is what a published view has too: whose salt is already in.
    if (view.pendingSalts?.nonce === nonce && view.pendingSalts.from.includes(color)) return "idle";
    const reply = await this.#options.service.command(view.matchId, { type: "play", play: { type: "roll", nonce }, expectedVersion: view.version }, actor);
    if (reply.ok || reply.code === "ERR_STALE_VERSION" || reply.code === "ERR_CONFLICT") return "acted";
    this.#options.logger.error("the computer's opening salt was refused", { matchId: view.matchId, code: reply.code, message: reply.message });
    return "retry";
  }

  /** The computer's seat in the match, remembered once both seats are taken. */
  #seatOf(view: MatchView): { readonly color: Color; readonly level: ComputerLevel } | null {
    const cached = this.#seats.get(view.matchId);
    if (cached !== undefined) return cached;
    let seat: { color: Color; level: ComputerLevel } | null = null;
    for (const color of COLORS) {
      const level = view.players[color] ? this.#options.computers.levelOf.get(view.players[color].id) : undefined;
      if (level) seat = { color, level };
    }
    if (view.players.white && view.players.black) {
      this.#seats.set(view.matchId, seat);
      if (this.#seats.size > SEAT_CACHE_SIZE) {
        const oldest = this.#seats.keys().next().value;
        if (oldest !== undefined) this.#seats.delete(oldest);
      }
    }
    return seat;
  }
}

/**
 * The engine's choice as the command a seat sends (the seat is the sender's; the dice of a roll are drawn by decide,
 * in a fair-dice-v2 match with the computer's salt from the game's seed).
 */
function playRequestOf(action: ComputerAction, view: MatchView): PlayRequest {
  switch (action.type) {
    case "roll":
      // fair-dice-v2: the nonce only; the match takes the computer's salt from the game's seed (section 3a).
      return view.diceProtocol === "fair-dice-v1" ? { type: "roll" } : { type: "roll", nonce: view.rolls.length };
    case "double":
    case "take":
    case "drop":
    case "resign-accept":
    case "resign-decline":
      return { type: action.type };
    case "move":
      return { type: "move", moves: action.moves };
  }
}
