/**
 * How many analysis jobs one user may start: a 2-ply analysis of a long match holds an analysis worker for a minute
 * or more, a 3-ply one for far longer, so a user (a guest too: they are free to make) gets ANALYSES_PER_USER_PER_HOUR
 * points an hour, and a job costs points by its depth (ANALYSIS_COST). Asking for a job that is already queued,
 * running or done costs nothing. Counted in Redis when REDIS_URL is set, so the limit holds across the nodes of a
 * cluster (server/rate-limiter.ts).
 *
 * @example
 *   const wait = await analysisLimiter().take(user.id, 3); // 0: allowed; > 0: ms until the user may start it
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Ply } from "@/lib/analysis/types";
import { parseEnv } from "@/server/config/env";
import { createLimiter, routeLimiterRedis, takePoints, type RedisStoreClient } from "@/server/rate-limiter";

/**
 * A new job's cost by depth, about its share of worker time: a 7-point match takes ~0.3 s at 0-ply, ~2 s at 1-ply,
 * ~12 s at 2-ply and ~4 minutes at 3-ply on one worker (docs/benchmarks.md, scripts/bench-match-analysis.ts). With the
 * default 10 points an hour a user may start ten shallow analyses, or two deep ones.
 */
export const ANALYSIS_COST: Readonly<Record<Ply, number>> = { 0: 1, 1: 1, 2: 1, 3: 5 };

export class AnalysisLimiter {
  readonly #limiter: RateLimiterAbstract;
  readonly #perHour: number;

  constructor(perHour: number, redis?: RedisStoreClient, keyPrefix = "fairgammon") {
    this.#perHour = perHour;
    this.#limiter = createLimiter({ limit: perHour, windowMs: 60 * 60_000 }, `${keyPrefix}:analysis-user`, redis);
  }

  /**
   * Counts one new job of `userId` at `ply`: 0 when allowed, else the milliseconds until the window ends. A limit set
   * below a depth's cost still lets one such job an hour (its cost is capped at the limit); a refused job costs
   * nothing (takePoints).
   */
  take(userId: string, ply: Ply): Promise<number> {
    return takePoints(this.#limiter, userId, Math.min(ANALYSIS_COST[ply], this.#perHour));
  }
}

const processWide = globalThis as typeof globalThis & { __fairgammonAnalysisLimiter?: AnalysisLimiter };

/** The limiter the analysis route shares within this process (Next.js may load the route's module more than once). */
export function analysisLimiter(): AnalysisLimiter {
  const env = parseEnv(process.env);
  processWide.__fairgammonAnalysisLimiter ??= new AnalysisLimiter(env.ANALYSES_PER_USER_PER_HOUR, routeLimiterRedis(), env.REDIS_PREFIX);
  return processWide.__fairgammonAnalysisLimiter;
}
