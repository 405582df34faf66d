/**
 * A node's tournaments, put together: the kernel-backed service (every command and every due step), its clock (the
 * close, the start, no-shows) and the reactions that tie tournaments to their matches. Started after the matches are
 * recovered; `catchUp` then redoes whatever a stopped node left between two steps.
 *
 * @example
 *   const tournaments = new Tournaments({ db, vault, matches: service, io, logger });
 *   await tournaments.start();  // and await tournaments.stop() at shutdown
 */
import type { Logger } from "@/server/log";
import { TournamentReactions } from "@/server/reactions/tournament-reactions";
import { TournamentClock } from "./tournament-clock";
import { TournamentService, type TournamentServiceOptions } from "./tournament-service";

export interface TournamentsOptions extends TournamentServiceOptions {
  /** How often the clock sweeps the tournaments not over (TOURNAMENT_TICK_MS). */
  readonly sweepEveryMs?: number;
}

export class Tournaments {
  readonly service: TournamentService;
  readonly clock: TournamentClock;
  readonly reactions: TournamentReactions;
  readonly #logger: Logger;

  constructor(options: TournamentsOptions) {
    this.#logger = options.logger;
    this.service = new TournamentService(options);
    this.clock = new TournamentClock({ tournaments: this.service, logger: options.logger, sweepEveryMs: options.sweepEveryMs });
    this.reactions = new TournamentReactions({ tournaments: this.service, matches: options.matches, db: options.db, io: options.io, logger: options.logger });
  }

  async start(): Promise<void> {
    await this.catchUp("boot");
    await this.clock.start();
  }

  /** Redoes what the reactions may have left undone (a restart, a lost node); a failure is logged, the sweep retries. */
  async catchUp(reason: string): Promise<void> {
    await this.reactions.catchUp().catch((error: unknown) => {
      this.reactions.runner.counts.failed++;
      this.#logger.error("tournament catch-up failed; the clock's sweep tries again", { reason, error: error instanceof Error ? error.message : String(error) });
    });
  }

  async stop(): Promise<void> {
    this.clock.stop();
    this.reactions.runner.close();
    await this.reactions.runner.idle();
  }

  /** Takes every step due for one tournament now and waits for the reactions it started (tests, scripts). */
  async advance(id: string): Promise<void> {
    await this.service.settle(id);
    await this.reactions.runner.idle();
    await this.reactions.makeMatches(id);
    await this.reactions.runner.idle();
  }
}
