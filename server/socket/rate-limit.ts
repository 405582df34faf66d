/**
 * The command limit of one socket: `burst` commands per window of burst / perSecond seconds (30 per 2 s by
 * default), counted by rate-limiter-flexible (server/rate-limiter.ts). A client over the limit gets ERR_RATE_LIMITED
 * and nothing else happens; honest clients (a few commands a second at most) never meet it.
 *
 * Both counts are kept in this process's memory even in a cluster: a socket is served by exactly one node for its whole
 * life, and a Redis round trip on every command would tie every move to Redis (a Redis outage must not stop play). A
 * user with sockets on several nodes gets the per-user rate on each; how many sockets a user may open in the whole
 * cluster is connection-limits.ts's, counted in Redis.
 *
 * @example
 *   const limiter = new CommandRateLimiter({ burst: 30, perSecond: 15 });
 *   if (!(await limiter.take(socket.id))) reply(fail("ERR_RATE_LIMITED", { reason: "commands" }));
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { consumePoint, createLimiter, type RedisStoreClient } from "@/server/rate-limiter";

export interface CommandRateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

/** One user's commands over all their sockets on this node, so opening more sockets buys no more commands. */
export interface UserCommandLimit extends CommandRateLimit {
  readonly redis?: RedisStoreClient;
  readonly prefix?: string;
}

export class CommandRateLimiter {
  readonly #limiter: RateLimiterAbstract;
  readonly #perUser: RateLimiterAbstract | null;

  constructor(limit: CommandRateLimit, perUser?: UserCommandLimit) {
    this.#limiter = createLimiter({ limit: limit.burst, windowMs: (limit.burst / limit.perSecond) * 1000 }, "commands");
    this.#perUser = perUser
      ? createLimiter({ limit: perUser.burst, windowMs: (perUser.burst / perUser.perSecond) * 1000 }, `${perUser.prefix ?? "fairgammon"}:commands-user`, perUser.redis)
      : null;
  }

  /** Counts one command of socket `socketId` (and of its user); false when either is over the limit. */
  async take(socketId: string, userId?: string): Promise<boolean> {
    if ((await consumePoint(this.#limiter, socketId)) !== 0) return false;
    return userId === undefined || this.#perUser === null || (await consumePoint(this.#perUser, userId)) === 0;
  }
}
