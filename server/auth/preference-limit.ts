/**
 * How often one user may change their play settings: each change is a database write, and a settings form sends one
 * per click, so PREFERENCE_CHANGES_PER_MINUTE is far above what a person clicks and far below a flood. Counted in
 * Redis when REDIS_URL is set, so the limit holds across the nodes of a cluster (server/rate-limiter.ts).
 *
 * @example
 *   const wait = await consumePoint(preferenceLimiter(), user.id); // 0: allowed; > 0: ms until the window ends
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { parseEnv } from "@/server/config/env";
import { createLimiter, routeLimiterRedis } from "@/server/rate-limiter";

export const PREFERENCE_CHANGES_PER_MINUTE = 30;

const processWide = globalThis as typeof globalThis & { __fairgammonPreferenceLimiter?: RateLimiterAbstract };

/** The limiter the settings route shares within this process (Next.js may load the route's module more than once). */
export function preferenceLimiter(): RateLimiterAbstract {
  const env = parseEnv(process.env);
  processWide.__fairgammonPreferenceLimiter ??= createLimiter({ limit: PREFERENCE_CHANGES_PER_MINUTE, windowMs: 60_000 }, `${env.REDIS_PREFIX}:preferences-user`, routeLimiterRedis());
  return processWide.__fairgammonPreferenceLimiter;
}
