/**
 * Fixed-window rate limits from rate-limiter-flexible, shared by the sign-in limits (server/auth/rate-limit.ts) and
 * the socket command limit (server/match/rate-limit.ts). With a Redis client the counts live in Redis, so a limit
 * holds across the nodes of a cluster; if Redis fails, the node falls back to counting in its own memory (the
 * library's insurance limiter) rather than letting everyone in or locking everyone out. Without one they live in
 * this process's memory, and each key is forgotten when its window ends.
 *
 * @example
 *   const limiter = createLimiter({ limit: 10, windowMs: 15 * 60_000 }, "auth:user");
 *   const wait = await consumePoint(limiter, "ada"); // 0: counted; > 0: refused, milliseconds until the window ends
 */
import { createClient } from "redis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { parseEnv } from "@/server/config/env";

export interface LimitRule {
  /** Attempts allowed per window. */
  readonly limit: number;
  /** The window, rounded up to whole seconds (the library's unit). */
  readonly windowMs: number;
}

/** A connected node-redis client (the `redis` package, v4 or later). */
export type RedisStoreClient = object;

export function createLimiter(rule: LimitRule, keyPrefix: string, redis?: RedisStoreClient): RateLimiterAbstract {
  const options = { keyPrefix, points: rule.limit, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  // rejectIfRedisNotReady: while node-redis reconnects it would queue the command and leave the attempt waiting;
  // refusing at once hands the key to the insurance limiter instead.
  return new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

/**
 * Counts one point for `key`: 0 when it was within the limit, otherwise the milliseconds until the key's window
 * ends (at least 1). A store error that even the insurance limiter could not absorb is thrown.
 */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<number> {
  return consumePoints(limiter, key, 1);
}

/**
 * Counts `points` for `key` (a request that costs more than one), answering as consumePoint does. A refused request
 * costs nothing: the store counts a refused request's points too, and a dear request refused must not use up what is
 * left for a cheap one, so they are given back.
 */
export async function takePoints(limiter: RateLimiterAbstract, key: string, points: number): Promise<number> {
  const wait = await consumePoints(limiter, key, points);
  if (wait > 0) await limiter.reward(key, points);
  return wait;
}

async function consumePoints(limiter: RateLimiterAbstract, key: string, points: number): Promise<number> {
  try {
    await limiter.consume(key, points);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
    throw rejection;
  }
}

const processWide = globalThis as typeof globalThis & {
  __fairgammonRouteLimiterRedis?: RedisStoreClient | null;
  __fairgammonRouteLimiters?: Map<string, RateLimiterAbstract>;
};

/**
 * The Redis connection of the limits counted inside Next.js route handlers (sign-in, analysis requests), one per
 * process, or undefined without REDIS_URL. Kept on globalThis because Next.js may load a module once per route bundle.
 * A lost connection is not fatal: the limiters count in memory until node-redis reconnects.
 */
export function routeLimiterRedis(): RedisStoreClient | undefined {
  if (processWide.__fairgammonRouteLimiterRedis === undefined) {
    const url = process.env.REDIS_URL;
    if (url) {
      const client = createClient({ url });
      client.on("error", () => {});
      void client.connect().catch(() => {});
      processWide.__fairgammonRouteLimiterRedis = client;
    } else processWide.__fairgammonRouteLimiterRedis = null;
  }
  return processWide.__fairgammonRouteLimiterRedis ?? undefined;
}

/**
 * A route's limiter, one per `name` in this process (Next.js may load a route's module more than once): counted in
 * Redis across nodes when REDIS_URL is set (`routeLimiterRedis`), its keys under REDIS_PREFIX.
 *
 * @example
 *   const wait = await consumePoint(routeLimiter("preferences-user", { limit: 30, windowMs: 60_000 }), user.id);
 */
export function routeLimiter(name: string, rule: LimitRule): RateLimiterAbstract {
  const limiters = (processWide.__fairgammonRouteLimiters ??= new Map());
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = createLimiter(rule, `${parseEnv(process.env).REDIS_PREFIX}:${name}`, routeLimiterRedis());
    limiters.set(name, limiter);
  }
  return limiter;
}
