/**
 * How a reaction runs: never inside the transaction or queue of the event it reacts to (it is started, not awaited,
 * by the listener), and never silently failing — a failure is logged, counted and tried again a few times with a
 * growing wait; what still fails is left to the recovery sweep at the next start (server/reactions/catch-up.ts),
 * which finds it from the stored events. Every reaction is idempotent, so a retry or a sweep that repeats one is safe.
 *
 * @example
 *   const run = new ReactionRunner(logger);
 *   run.start("tournament result", () => recordResult(matchId));
 */
import type { Logger } from "@/server/log";

const WAITS_MS = [200, 1000, 5000];

export class ReactionRunner {
  /** Reactions that failed at least once, and those given up on (left to the sweep). */
  readonly counts = { failed: 0, gaveUp: 0 };
  readonly #pending = new Set<Promise<void>>();
  #closed = false;

  constructor(private readonly logger: Logger) {}

  start(what: string, reaction: () => Promise<unknown>, context: Record<string, unknown> = {}): void {
    if (this.#closed) return;
    const run = this.#attempt(what, reaction, context, 0).finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }

  /** Resolves when every reaction started so far has finished (tests; a node's shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  close(): void {
    this.#closed = true;
  }

  async #attempt(what: string, reaction: () => Promise<unknown>, context: Record<string, unknown>, tried: number): Promise<void> {
    try {
      await reaction();
    } catch (error) {
      this.counts.failed++;
      const message = error instanceof Error ? error.message.split("\n").at(-1) : String(error);
      const wait = WAITS_MS[tried];
      if (wait === undefined || this.#closed) {
        this.counts.gaveUp++;
        this.logger.error("reaction failed; the recovery sweep will redo it", { reaction: what, ...context, error: message });
        return;
      }
      this.logger.warn("reaction failed; trying again", { reaction: what, ...context, error: message, inMs: wait });
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      await this.#attempt(what, reaction, context, tried + 1);
    }
  }
}
