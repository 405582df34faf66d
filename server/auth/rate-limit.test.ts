import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { englishError } from "@/i18n/english";
import { useTestRedis, withoutTestRedis } from "@/tests/support/test-redis";
import { AuthRateLimiter } from "./rate-limit";

const MINUTE = 60_000;
const START = Date.parse("2026-11-29T12:00:00Z");

const limits = {
  credentialsPerIp: { limit: 5, windowMs: 15 * MINUTE },
  credentialsPerUsernameAndIp: { limit: 2, windowMs: 15 * MINUTE },
  credentialsPerUsername: { limit: 2, windowMs: 15 * MINUTE },
  guestsPerIp: { limit: 1, windowMs: 60 * MINUTE },
};

describe("AuthRateLimiter in memory", () => {
  // The library reads Date.now; the tests move it. Its expiry timers stay real (and unref'd).
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: START }));
  afterEach(() => vi.useRealTimers());
  const at = (ms: number) => vi.setSystemTime(START + ms);

  it("limits one username across addresses, with the wait in whole minutes", async () => {
    const limiter = new AuthRateLimiter(limits);
    expect((await limiter.attempt("credentials", { ip: "a", username: "ada" })).ok).toBe(true);
    at(30_000);
    expect((await limiter.attempt("credentials", { ip: "b", username: "ada" })).ok).toBe(true);
    at(60_000);
    const refused = await limiter.attempt("credentials", { ip: "c", username: "ada" });
    // The window opened by the first attempt (t=0) ends at t=15 min: 14 minutes from t=1 min.
    expect(refused).toEqual({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "attempts", minutes: 14 } });
    expect((await limiter.attempt("credentials", { ip: "c", username: "bob" })).ok).toBe(true);
    at(15 * MINUTE);
    expect((await limiter.attempt("credentials", { ip: "d", username: "ada" })).ok).toBe(true);
  });

  it("slows a stranger guessing one account without locking its owner out (the defaults)", async () => {
    const limiter = new AuthRateLimiter();
    // The attack that was seen: ten wrong passwords locked the owner out for 15 minutes from any address.
    let refusedAt = 0;
    for (let i = 1; i <= 30 && refusedAt === 0; i += 1) {
      if (!(await limiter.attempt("credentials", { ip: "203.0.113.66", username: "ada" })).ok) refusedAt = i;
    }
    expect(refusedAt).toBe(11);
    // The owner, from home, signs in at once, and again and again.
    for (let i = 0; i < 5; i += 1) expect((await limiter.attempt("credentials", { ip: "198.51.100.7", username: "ada" })).ok).toBe(true);
    // Ten strangers' addresses at ten guesses each still leave the owner room; the account's budget bounds a botnet.
    for (let a = 0; a < 8; a += 1) for (let i = 0; i < 10; i += 1) await limiter.attempt("credentials", { ip: `192.0.2.${a}`, username: "ada" });
    expect((await limiter.attempt("credentials", { ip: "198.51.100.7", username: "ada" })).ok).toBe(true);
  });

  it("limits one address across usernames", async () => {
    const limiter = new AuthRateLimiter(limits);
    for (let i = 0; i < 5; i += 1) expect((await limiter.attempt("credentials", { ip: "a", username: `user${i}` })).ok).toBe(true);
    expect((await limiter.attempt("credentials", { ip: "a", username: "fresh" })).ok).toBe(false);
    expect((await limiter.attempt("credentials", { ip: "b", username: "fresh" })).ok).toBe(true);
  });

  it("does not count refused attempts against the other key, and hammering does not extend the wait", async () => {
    const limiter = new AuthRateLimiter(limits);
    await limiter.attempt("credentials", { ip: "a", username: "ada" });
    await limiter.attempt("credentials", { ip: "a", username: "ada" });
    for (let t = 1; t < 100; t += 1) {
      at(t * 1000);
      expect((await limiter.attempt("credentials", { ip: "a", username: "ada" })).ok).toBe(false);
    }
    // 99 refusals for "ada" took nothing from address a's 5: three more usernames still get through from it.
    // (b is refused "ada" below until the window ends: the account's own budget of 2 over all addresses is spent.)
    for (const username of ["bob", "cy", "dee"]) expect((await limiter.attempt("credentials", { ip: "a", username })).ok).toBe(true);
    at(15 * MINUTE);
    expect((await limiter.attempt("credentials", { ip: "b", username: "ada" })).ok).toBe(true);
  });

  it("says 1 minute, not 0, for a wait under a minute", async () => {
    const limiter = new AuthRateLimiter(limits);
    await limiter.attempt("guest", { ip: "a" });
    at(60 * MINUTE - 5_000);
    const refused = await limiter.attempt("guest", { ip: "a" });
    expect(refused).toEqual({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "attempts", minutes: 1 } });
    expect(englishError("ERR_RATE_LIMITED", refused.ok ? {} : refused.values)).toBe("Too many attempts; try again in 1 minute.");
  });

  it("counts guests apart from sign-in attempts", async () => {
    const limiter = new AuthRateLimiter(limits);
    expect((await limiter.attempt("guest", { ip: "a" })).ok).toBe(true);
    expect((await limiter.attempt("guest", { ip: "a" })).ok).toBe(false);
    expect((await limiter.attempt("credentials", { ip: "a", username: "ada" })).ok).toBe(true);
  });
});

describe.skipIf(withoutTestRedis("Redis rate-limit test"))("AuthRateLimiter on Redis (needs TEST_REDIS_URL)", () => {
  const redis = useTestRedis();

  it("holds one limit across two nodes sharing the Redis", async () => {
    const { client, prefix: keyPrefix } = await redis();
    // Two limiters as two server nodes would hold them: nothing in memory is shared.
    const nodeA = new AuthRateLimiter(limits, { redis: client, keyPrefix });
    const nodeB = new AuthRateLimiter(limits, { redis: client, keyPrefix });
    expect((await nodeA.attempt("credentials", { ip: "a", username: "ada" })).ok).toBe(true);
    expect((await nodeB.attempt("credentials", { ip: "b", username: "ada" })).ok).toBe(true);
    expect(await nodeA.attempt("credentials", { ip: "c", username: "ada" })).toEqual({
      ok: false,
      code: "ERR_RATE_LIMITED",
      values: { reason: "attempts", minutes: 15 },
    });
    expect(await client.get(`${keyPrefix}:credentials-user:ada`)).toBe("2");
    expect((await nodeB.attempt("guest", { ip: "a" })).ok).toBe(true);
    expect((await nodeA.attempt("guest", { ip: "a" })).ok).toBe(false);
  });
});

describe("AuthRateLimiter with an unreachable Redis", () => {
  it("answers at once from memory instead of waiting for the connection", async () => {
    // Port 1 refuses connections; node-redis keeps trying to reconnect in the background.
    const client = createClient({ url: "redis://127.0.0.1:1", socket: { reconnectStrategy: 1000 } });
    client.on("error", () => {});
    void client.connect().catch(() => {});
    try {
      const limiter = new AuthRateLimiter(limits, { redis: client, keyPrefix: `fairgammon-test:${randomUUID()}` });
      expect((await limiter.attempt("guest", { ip: "a" })).ok).toBe(true);
      expect(await limiter.attempt("guest", { ip: "a" })).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED" });
    } finally {
      client.destroy();
    }
  });
});
