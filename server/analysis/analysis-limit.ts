/**
 * How many analysis jobs one user may start: each 2-ply analysis of a long match holds an engine worker for minutes,
 * so a user (a guest too: they are free to make) gets ANALYSES_PER_USER_PER_HOUR new jobs an hour. Asking for a job
 * that is already queued, running or done costs nothing. Counted in Redis when REDIS_URL is set, so the limit holds
 * across the nodes of a cluster (server/rate-limiter.ts).
 *
 * @example
 *   const wait = await analysisLimiter().take(user.id); // 0: allowed; > 0: ms until the user may start another
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { parseEnv } from "@/server/config/env";
import { consumePoint, createLimiter, routeLimiterRedis, type RedisStoreClient } from "@/server/rate-limiter";

export class AnalysisLimiter {
  readonly #limiter: RateLimiterAbstract;

  constructor(perHour: number, redis?: RedisStoreClient, keyPrefix = "fairgammon") {
    this.#limiter = createLimiter({ limit: perHour, windowMs: 60 * 60_000 }, `${keyPrefix}:analysis-user`, redis);
  }

  /** Counts one new job of `userId`: 0 when allowed, else the milliseconds until the window ends. */
  take(userId: string): Promise<number> {
    return consumePoint(this.#limiter, userId);
  }
}

const processWide = globalThis as typeof globalThis & { __fairgammonAnalysisLimiter?: AnalysisLimiter };

/** The limiter the analysis route shares within this process (Next.js may load the route's module more than once). */
export function analysisLimiter(): AnalysisLimiter {
  const env = parseEnv(process.env);
  processWide.__fairgammonAnalysisLimiter ??= new AnalysisLimiter(env.ANALYSES_PER_USER_PER_HOUR, routeLimiterRedis(), env.REDIS_PREFIX);
  return processWide.__fairgammonAnalysisLimiter;
}
