/**
 * How fast one user may do what reaches other people or is kept forever, counted in Redis when the cluster has it, so
 * opening sockets on several nodes buys no more: chat messages (a burst per short window, and a sustained rate over a
 * longer one). Chat messages are counted per client address too: accounts cost nothing to make, and ten fresh ones on
 * one address once filled the lobby's whole history in 0.4 s. Reports, direct
 * challenges (each reaches another person), tournaments created and tournament entries (each an event kept forever)
 * have their own limits. Without Redis the counts are this node's.
 *
 * @example
 *   const limits = new ActionLimits(redis, "fairgammon");
 *   if ((await limits.takeMessage(user.id, address)) > 0) refuse();   // > 0: ms to wait
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { addressKey } from "@/server/auth/client-address";
import { consumePoint, createLimiter, type LimitRule, type RedisStoreClient } from "@/server/rate-limiter";

export interface ActionRules {
  readonly burst: LimitRule;
  readonly sustained: LimitRule;
  /** Chat messages from one client address (an IPv6 one by its /64), whoever's accounts send them. */
  readonly addressBurst: LimitRule;
  readonly addressSustained: LimitRule;
  readonly reports: LimitRule;
  /** Direct challenges sent (server/meet): each one notifies another player. */
  readonly challenges: LimitRule;
  /** Tournaments created by one user, and their registrations and withdrawals (each an event in a log kept forever). */
  readonly tournaments: LimitRule;
  readonly entries: LimitRule;
}

export const ACTION_RULES: ActionRules = {
  burst: { limit: 5, windowMs: 10_000 },
  sustained: { limit: 30, windowMs: 5 * 60_000 },
  // Three people's worth: a household or an office behind one address chatting flat out, while any number of fresh
  // accounts on it buy no more than three.
  addressBurst: { limit: 15, windowMs: 10_000 },
  addressSustained: { limit: 90, windowMs: 5 * 60_000 },
  reports: { limit: 10, windowMs: 60 * 60_000 },
  challenges: { limit: 10, windowMs: 10 * 60_000 },
  tournaments: { limit: 5, windowMs: 60 * 60_000 },
  entries: { limit: 30, windowMs: 60 * 60_000 },
};

export class ActionLimits {
  readonly #burst: RateLimiterAbstract;
  readonly #sustained: RateLimiterAbstract;
  readonly #addressBurst: RateLimiterAbstract;
  readonly #addressSustained: RateLimiterAbstract;
  readonly #reports: RateLimiterAbstract;
  readonly #challenges: RateLimiterAbstract;
  readonly #tournaments: RateLimiterAbstract;
  readonly #entries: RateLimiterAbstract;

  constructor(redis?: RedisStoreClient | null, prefix = "fairgammon", rules: ActionRules = ACTION_RULES) {
    this.#burst = createLimiter(rules.burst, `${prefix}:chat-burst`, redis ?? undefined);
    this.#sustained = createLimiter(rules.sustained, `${prefix}:chat-sustained`, redis ?? undefined);
    this.#addressBurst = createLimiter(rules.addressBurst, `${prefix}:chat-address-burst`, redis ?? undefined);
    this.#addressSustained = createLimiter(rules.addressSustained, `${prefix}:chat-address-sustained`, redis ?? undefined);
    this.#reports = createLimiter(rules.reports, `${prefix}:chat-reports`, redis ?? undefined);
    this.#challenges = createLimiter(rules.challenges, `${prefix}:challenges`, redis ?? undefined);
    this.#tournaments = createLimiter(rules.tournaments, `${prefix}:tournaments-created`, redis ?? undefined);
    this.#entries = createLimiter(rules.entries, `${prefix}:tournament-entries`, redis ?? undefined);
  }

  /**
   * Counts one message of `userId` from `address`: 0 when allowed, else the milliseconds until they may talk again.
   * The user's own limit is asked first, so a flooder held by it uses up nothing of what others on the address have.
   */
  async takeMessage(userId: string, address: string): Promise<number> {
    const burst = await consumePoint(this.#burst, userId);
    if (burst > 0) return burst;
    const sustained = await consumePoint(this.#sustained, userId);
    if (sustained > 0) return sustained;
    const key = addressKey(address);
    const addressBurst = await consumePoint(this.#addressBurst, key);
    if (addressBurst > 0) return addressBurst;
    return consumePoint(this.#addressSustained, key);
  }

  async takeReport(userId: string): Promise<number> {
    return consumePoint(this.#reports, userId);
  }

  async takeChallenge(userId: string): Promise<number> {
    return consumePoint(this.#challenges, userId);
  }

  async takeTournament(userId: string): Promise<number> {
    return consumePoint(this.#tournaments, userId);
  }

  async takeEntry(userId: string): Promise<number> {
    return consumePoint(this.#entries, userId);
  }
}
