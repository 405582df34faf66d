/**
 * What a tournament's clock moves: registration closes at `closesAt`, the first round starts at `startsAt`, and a
 * match not begun within `noShowMs` of being made is forfeited. One timer per tournament for its next such moment
 * (lib/tournament `nextDueAt`), armed again after every event this node stores; when it fires the tournament is
 * settled through the kernel, which decides what is due. Every node arms its own; the version check lets one write
 * through. Tournaments another node created or moved are picked up by a slow sweep (RESWEEP_MS), which also re-arms
 * a timer whose settle failed (a database outage): the failure is logged and counted, and the sweep retries it.
 *
 * @example
 *   const clock = new TournamentClock({ tournaments, logger });
 *   await clock.start();   // and clock.stop() at shutdown
 */
import { nextDueAt } from "@/lib/tournament/decide";
import type { TournamentView } from "@/lib/tournament/tournament";
import type { Logger } from "@/server/log";
import type { TournamentService } from "./tournament-service";

const RESWEEP_MS = 30_000;
/** A timer fires this much after its moment, so the server's clock is surely past it when settling decides. */
const MARGIN_MS = 5;

export interface TournamentClockOptions {
  readonly tournaments: TournamentService;
  readonly logger: Logger;
  readonly sweepEveryMs?: number;
}

export class TournamentClock {
  readonly #options: TournamentClockOptions;
  readonly #timers = new Map<string, { readonly at: number; readonly timer: ReturnType<typeof setTimeout> }>();
  #sweep: ReturnType<typeof setInterval> | null = null;
  #stopped = false;
  /** Settles that failed (logged); the sweep tries them again. */
  failures = 0;

  constructor(options: TournamentClockOptions) {
    this.#options = options;
    options.tournaments.kernel.onStored((_message, view) => this.watch(view));
  }

  /** Arms every active tournament's timer now, and every RESWEEP_MS again. */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.sweep();
    this.#sweep = setInterval(() => void this.sweep(), this.#options.sweepEveryMs ?? RESWEEP_MS);
    this.#sweep.unref();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#sweep) clearInterval(this.#sweep);
    this.#sweep = null;
    for (const { timer } of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  async sweep(): Promise<void> {
    let ids: string[];
    try {
      ids = await this.#options.tournaments.activeIds();
    } catch (error) {
      this.#failed("tournament sweep: database unavailable", undefined, error);
      return;
    }
    for (const id of ids) {
      const view = await this.#options.tournaments.read(id).catch((error: unknown) => this.#failed("tournament not read", id, error));
      if (view) this.watch(view);
    }
  }

  /** Arms (or re-arms) `view`'s timer for its next moment; settles at once when that moment has passed. */
  watch(view: TournamentView): void {
    if (this.#stopped) return;
    const now = this.#options.tournaments.now();
    const due = nextDueAt(view, now);
    const armed = this.#timers.get(view.id);
    if (armed && armed.at === due) return;
    if (armed) clearTimeout(armed.timer);
    this.#timers.delete(view.id);
    if (due === null) return;
    const timer = setTimeout(() => {
      this.#timers.delete(view.id);
      void this.#options.tournaments.settle(view.id).catch((error: unknown) => this.#failed("tournament step failed", view.id, error));
    }, Math.max(0, due - now) + MARGIN_MS);
    timer.unref();
    this.#timers.set(view.id, { at: due, timer });
  }

  #failed(what: string, tournamentId: string | undefined, error: unknown): null {
    this.failures++;
    this.#options.logger.warn(what, { tournamentId: tournamentId ?? null, error: error instanceof Error ? error.message.split("\n").at(-1) : String(error), failures: this.failures });
    return null;
  }
}
