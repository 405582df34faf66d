/**
 * After a command failed because the database was unavailable, what the match owed by itself (an opening roll, a
 * forced pass, the reveal after the last move, a computer's turn) may not have been written, and with nobody sending a
 * command it would never be. The gateway hands such matches here; every `everyMs` each is recovered
 * (MatchService.recover: reloaded from the database, owed steps written and broadcast) until that succeeds, then its
 * computer player, if any, is woken. A match is given up after `giveUpAfterMs` (the next command or a restart's
 * recovery settles it then).
 *
 * @example
 *   const outage = new OutageRecovery({ service, logger, wake: (id) => void computer.wake(id) });
 *   outage.schedule(matchId); // after an ERR_UNAVAILABLE
 *   outage.close();
 */
import { isDatabaseUnavailable } from "@/server/db/postgres-resilience";
import type { Logger } from "@/server/log";
import type { MatchService } from "./match-service";

export interface OutageRecoveryOptions {
  readonly service: Pick<MatchService, "recover">;
  readonly logger: Logger;
  readonly wake?: (matchId: string) => void;
  readonly everyMs?: number;
  readonly giveUpAfterMs?: number;
}

export class OutageRecovery {
  readonly #pending = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;
  #running = false;

  constructor(private readonly options: OutageRecoveryOptions) {
    this.#timer = setInterval(() => void this.#run(), options.everyMs ?? 1000);
    this.#timer.unref();
  }

  schedule(matchId: string): void {
    if (!this.#pending.has(matchId)) this.#pending.set(matchId, Date.now());
  }

  get pending(): number {
    return this.#pending.size;
  }

  close(): void {
    clearInterval(this.#timer);
    this.#pending.clear();
  }

  async #run(): Promise<void> {
    if (this.#running || this.#pending.size === 0) return;
    this.#running = true;
    try {
      for (const [matchId, since] of [...this.#pending]) {
        try {
          await this.options.service.recover(matchId);
          this.#pending.delete(matchId);
          this.options.wake?.(matchId);
        } catch (error) {
          if (isDatabaseUnavailable(error) && Date.now() - since < (this.options.giveUpAfterMs ?? 10 * 60_000)) break; // still down: next round
          this.#pending.delete(matchId);
          this.options.logger.error("a match could not be recovered after a database outage", { matchId, error: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
