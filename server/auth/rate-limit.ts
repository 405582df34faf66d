/**
 * In-memory sliding-window limits on sign-in, registration, account claims and guest creation, per client address
 * and per username. A refused attempt is not counted, so a client that keeps trying is let in again as soon as its
 * oldest counted attempt leaves the window. The username key is whatever was typed (lower-cased), existing or not,
 * so the limit says nothing about which usernames exist.
 *
 * One process holds the counts (a restart forgets them; several server processes each count on their own).
 *
 * @example
 *   const limiter = new AuthRateLimiter();
 *   const verdict = limiter.attempt("credentials", { ip: "203.0.113.7", username: "ada" }, Date.now());
 *   if (!verdict.ok) verdict.message; // "Too many attempts, try again in 4 minutes."
 */
import { err, ok, type Result } from "@/lib/engine/types";

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** Beyond this many keys the least recently used are forgotten, so memory stays bounded under a flood. */
    private readonly maxKeys = 50_000,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return (recent[recent.length - this.limit] ?? now) + this.windowMs - now;
  }

  record(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.delete(key); // re-insert: Map order is then least recently used first
    this.hits.set(key, recent.slice(-this.limit));
    while (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest === undefined) break;
      this.hits.delete(oldest);
    }
  }

  private recent(key: string, now: number): number[] {
    const times = this.hits.get(key) ?? [];
    const recent = times.filter((time) => time > now - this.windowMs);
    if (recent.length === 0) this.hits.delete(key);
    return recent;
  }
}

export type AttemptKind = "credentials" | "guest";

export interface LimitRule {
  readonly limit: number;
  readonly windowMs: number;
}

export interface AuthLimits {
  /** Sign-in, registration and claims from one address. */
  readonly credentialsPerIp: LimitRule;
  /** Sign-in, registration and claims naming one username. */
  readonly credentialsPerUsername: LimitRule;
  /** Guest accounts created from one address. */
  readonly guestsPerIp: LimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  credentialsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  credentialsPerUsername: { limit: 10, windowMs: 15 * MINUTE },
  guestsPerIp: { limit: 20, windowMs: 60 * MINUTE },
};

export class AuthRateLimiter {
  private readonly credentialsPerIp: SlidingWindow;
  private readonly credentialsPerUsername: SlidingWindow;
  private readonly guestsPerIp: SlidingWindow;

  constructor(limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
    this.credentialsPerIp = new SlidingWindow(limits.credentialsPerIp.limit, limits.credentialsPerIp.windowMs);
    this.credentialsPerUsername = new SlidingWindow(limits.credentialsPerUsername.limit, limits.credentialsPerUsername.windowMs);
    this.guestsPerIp = new SlidingWindow(limits.guestsPerIp.limit, limits.guestsPerIp.windowMs);
  }

  /** Counts one attempt, or refuses it (uncounted) when the address or the username is over its limit. */
  attempt(kind: AttemptKind, keys: { readonly ip: string; readonly username?: string }, now: number): Result<void, "ERR_RATE_LIMITED"> {
    const checks: [SlidingWindow, string][] =
      kind === "guest"
        ? [[this.guestsPerIp, keys.ip]]
        : [
            [this.credentialsPerIp, keys.ip],
            ...(keys.username === undefined ? [] : [[this.credentialsPerUsername, keys.username] as [SlidingWindow, string]]),
          ];
    const wait = Math.max(...checks.map(([window, key]) => window.retryAfter(key, now)));
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / MINUTE));
      return err("ERR_RATE_LIMITED", `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    }
    for (const [window, key] of checks) window.record(key, now);
    return ok(undefined);
  }
}

const processWide = globalThis as typeof globalThis & { __fairgammonAuthLimiter?: AuthRateLimiter };

/**
 * The limiter every route of this process shares. Kept on globalThis because Next.js may load a module once per
 * route bundle, and the sign-in route and the registration route must count together.
 */
export function authRateLimiter(): AuthRateLimiter {
  processWide.__fairgammonAuthLimiter ??= new AuthRateLimiter();
  return processWide.__fairgammonAuthLimiter;
}
