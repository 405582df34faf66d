/**
 * Limits on sign-in, registration, account claims and guest creation, per client address and per username, counted
 * in fixed windows by rate-limiter-flexible (server/rate-limiter.ts): in Redis when `REDIS_URL` is set, so the limits
 * hold across the nodes of a cluster, in this process's memory otherwise. A refused attempt gives its points back, so
 * it is not counted and hammering does not make the wait longer. The username key is whatever was typed
 * (lower-cased), existing or not, so the limit says nothing about which usernames exist.
 *
 * @example
 *   const limiter = new AuthRateLimiter();
 *   const verdict = await limiter.attempt("credentials", { ip: "203.0.113.7", username: "ada" });
 *   if (!verdict.ok) verdict.values;  // { reason: "attempts", minutes: 4 } ("Too many attempts; try again in 4 minutes.")
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { err, ok, type Result } from "@/lib/engine/types";
import { parseEnv } from "@/server/config/env";
import { consumePoint, createLimiter, routeLimiterRedis, type LimitRule, type RedisStoreClient } from "@/server/rate-limiter";

export type AttemptKind = "credentials" | "guest";

export interface AuthLimits {
  /** Sign-in, registration and claims from one address. */
  readonly credentialsPerIp: LimitRule;
  /** Sign-in, registration and claims naming one username from one address. */
  readonly credentialsPerUsernameAndIp: LimitRule;
  /** Sign-in, registration and claims naming one username from anywhere: a bound on distributed guessing. */
  readonly credentialsPerUsername: LimitRule;
  /** Guest accounts created from one address. */
  readonly guestsPerIp: LimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  credentialsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  credentialsPerUsernameAndIp: { limit: 10, windowMs: 15 * MINUTE },
  credentialsPerUsername: { limit: 100, windowMs: 60 * MINUTE },
  guestsPerIp: { limit: 20, windowMs: 60 * MINUTE },
};

export interface AuthLimiterStore {
  /** Count in this Redis (shared by every node) instead of in memory. */
  readonly redis?: RedisStoreClient;
  /** Prefix of the Redis keys; default "fairgammon:auth". */
  readonly keyPrefix?: string;
}

export class AuthRateLimiter {
  private readonly credentialsPerIp: RateLimiterAbstract;
  private readonly credentialsPerUsernameAndIp: RateLimiterAbstract;
  private readonly credentialsPerUsername: RateLimiterAbstract;
  private readonly guestsPerIp: RateLimiterAbstract;

  constructor(limits: AuthLimits = DEFAULT_AUTH_LIMITS, store: AuthLimiterStore = {}) {
    const prefix = store.keyPrefix ?? "fairgammon:auth";
    this.credentialsPerIp = createLimiter(limits.credentialsPerIp, `${prefix}:credentials-ip`, store.redis);
    this.credentialsPerUsernameAndIp = createLimiter(limits.credentialsPerUsernameAndIp, `${prefix}:credentials-user-ip`, store.redis);
    this.credentialsPerUsername = createLimiter(limits.credentialsPerUsername, `${prefix}:credentials-user`, store.redis);
    this.guestsPerIp = createLimiter(limits.guestsPerIp, `${prefix}:guests-ip`, store.redis);
  }

  /** Counts one attempt, or refuses it (uncounted) when the address or the username is over its limit. */
  async attempt(kind: AttemptKind, keys: { readonly ip: string; readonly username?: string }): Promise<Result<void, "ERR_RATE_LIMITED">> {
    const checks: [RateLimiterAbstract, string][] =
      kind === "guest"
        ? [[this.guestsPerIp, keys.ip]]
        : [
            [this.credentialsPerIp, keys.ip],
            ...(keys.username === undefined
              ? []
              : ([
                  [this.credentialsPerUsernameAndIp, `${keys.username}@${keys.ip}`],
                  [this.credentialsPerUsername, keys.username],
                ] as [RateLimiterAbstract, string][])),
          ];
    const waits = await Promise.all(checks.map(([limiter, key]) => consumePoint(limiter, key)));
    const wait = Math.max(...waits);
    if (wait === 0) return ok(undefined);
    await Promise.all(checks.map(([limiter, key]) => limiter.reward(key)));
    const minutes = Math.max(1, Math.ceil(wait / MINUTE));
    return err("ERR_RATE_LIMITED", { reason: "attempts", minutes });
  }
}

const processWide = globalThis as typeof globalThis & { __fairgammonAuthLimiter?: AuthRateLimiter };

/**
 * The limiter every route of this process shares, counting in Redis when `REDIS_URL` is set (its own connection:
 * the routes run inside Next.js, apart from the Socket.IO adapter's client). Kept on globalThis because Next.js may
 * load a module once per route bundle, and the sign-in route and the registration route must count together.
 */
export function authRateLimiter(): AuthRateLimiter {
  processWide.__fairgammonAuthLimiter ??= new AuthRateLimiter(limitsFromEnv(), { redis: routeLimiterRedis(), keyPrefix: `${parseEnv(process.env).REDIS_PREFIX}:auth` });
  return processWide.__fairgammonAuthLimiter;
}

/** The defaults, with the guest limit an operator (or the e2e server, which makes many guests) may set. */
function limitsFromEnv(): AuthLimits {
  const env = parseEnv(process.env);
  return {
    ...DEFAULT_AUTH_LIMITS,
    guestsPerIp: { ...DEFAULT_AUTH_LIMITS.guestsPerIp, limit: env.GUESTS_PER_ADDRESS_PER_HOUR },
    credentialsPerIp: { ...DEFAULT_AUTH_LIMITS.credentialsPerIp, limit: env.SIGN_INS_PER_ADDRESS_PER_15_MIN },
  };
}
