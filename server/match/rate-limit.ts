/**
 * The command limit of one socket: `burst` commands per window of burst / perSecond seconds (30 per 2 s by
 * default), counted by rate-limiter-flexible (server/rate-limiter.ts). A client over the limit gets ERR_RATE_LIMITED
 * and nothing else happens; honest clients (a few commands a second at most) never meet it.
 *
 * The count is kept in this process's memory even in a cluster: a socket is served by exactly one node for its whole
 * life, so a shared store would add a Redis round trip to every command and limit nothing more. (Sign-in limits,
 * whose keys are addresses and usernames that can reach any node, are the ones kept in Redis.)
 *
 * @example
 *   const limiter = new CommandRateLimiter({ burst: 30, perSecond: 15 });
 *   if (!(await limiter.take(socket.id))) reply(fail("ERR_RATE_LIMITED", "Too many commands; slow down."));
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { consumePoint, createLimiter } from "@/server/rate-limiter";

export interface CommandRateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

export class CommandRateLimiter {
  readonly #limiter: RateLimiterAbstract;

  constructor(limit: CommandRateLimit) {
    this.#limiter = createLimiter({ limit: limit.burst, windowMs: (limit.burst / limit.perSecond) * 1000 }, "commands");
  }

  /** Counts one command of socket `socketId`; false when it is over the limit. */
  async take(socketId: string): Promise<boolean> {
    return (await consumePoint(this.#limiter, socketId)) === 0;
  }
}
