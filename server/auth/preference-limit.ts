/**
 * How often one user may change their play settings: each change is a database write, and a settings form sends one
 * per click, so PREFERENCE_CHANGES_PER_MINUTE is far above what a person clicks and far below a flood. Counted in
 * Redis when REDIS_URL is set, so the limit holds across the nodes of a cluster (server/rate-limiter.ts).
 *
 * @example
 *   const wait = await consumePoint(preferenceLimiter(), user.id); // 0: allowed; > 0: ms until the window ends
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { routeLimiter } from "@/server/rate-limiter";

export const PREFERENCE_CHANGES_PER_MINUTE = 30;

/** The limiter the settings route shares within this process and, with Redis, across nodes. */
export function preferenceLimiter(): RateLimiterAbstract {
  return routeLimiter("preferences-user", { limit: PREFERENCE_CHANGES_PER_MINUTE, windowMs: 60_000 });
}
