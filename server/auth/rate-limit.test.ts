import { describe, expect, it } from "vitest";
import { AuthRateLimiter, SlidingWindow } from "./rate-limit";

const MINUTE = 60_000;

describe("SlidingWindow", () => {
  it("lets `limit` attempts through per window and frees a slot when the oldest one leaves it", () => {
    const window = new SlidingWindow(3, 10 * MINUTE);
    for (const at of [0, 1 * MINUTE, 2 * MINUTE]) {
      expect(window.retryAfter("k", at)).toBe(0);
      window.record("k", at);
    }
    // The oldest attempt (t=0) leaves the window at t=10 min.
    expect(window.retryAfter("k", 3 * MINUTE)).toBe(7 * MINUTE);
    expect(window.retryAfter("k", 10 * MINUTE)).toBe(0);
    expect(window.retryAfter("other", 3 * MINUTE)).toBe(0);
  });

  it("forgets the least recently used keys beyond its key limit", () => {
    const window = new SlidingWindow(1, MINUTE, 2);
    window.record("a", 0);
    window.record("b", 0);
    window.record("c", 0);
    expect(window.retryAfter("a", 1)).toBe(0); // forgotten
    expect(window.retryAfter("c", 1)).toBeGreaterThan(0);
  });
});

describe("AuthRateLimiter", () => {
  const limits = {
    credentialsPerIp: { limit: 5, windowMs: 15 * MINUTE },
    credentialsPerUsername: { limit: 2, windowMs: 15 * MINUTE },
    guestsPerIp: { limit: 1, windowMs: 60 * MINUTE },
  };

  it("limits one username across addresses, with the wait in whole minutes", () => {
    const limiter = new AuthRateLimiter(limits);
    expect(limiter.attempt("credentials", { ip: "a", username: "ada" }, 0).ok).toBe(true);
    expect(limiter.attempt("credentials", { ip: "b", username: "ada" }, 30_000).ok).toBe(true);
    const refused = limiter.attempt("credentials", { ip: "c", username: "ada" }, 60_000);
    // The first attempt (t=0) leaves the 15-minute window at t=15 min: 14 minutes from t=1 min.
    expect(refused).toEqual({ ok: false, code: "ERR_RATE_LIMITED", message: "Too many attempts, try again in 14 minutes." });
    expect(limiter.attempt("credentials", { ip: "c", username: "bob" }, 60_000).ok).toBe(true);
  });

  it("limits one address across usernames", () => {
    const limiter = new AuthRateLimiter(limits);
    for (let i = 0; i < 5; i += 1) expect(limiter.attempt("credentials", { ip: "a", username: `user${i}` }, i).ok).toBe(true);
    expect(limiter.attempt("credentials", { ip: "a", username: "fresh" }, 10).ok).toBe(false);
    expect(limiter.attempt("credentials", { ip: "b", username: "fresh" }, 10).ok).toBe(true);
  });

  it("does not count refused attempts, so hammering does not extend the wait", () => {
    const limiter = new AuthRateLimiter(limits);
    limiter.attempt("credentials", { ip: "a", username: "ada" }, 0);
    limiter.attempt("credentials", { ip: "a", username: "ada" }, 0);
    for (let t = 1; t < 100; t += 1) limiter.attempt("credentials", { ip: "a", username: "ada" }, t * 1000);
    expect(limiter.attempt("credentials", { ip: "a", username: "ada" }, 15 * MINUTE).ok).toBe(true);
  });

  it("says 1 minute, not 0, for a wait under a minute", () => {
    const limiter = new AuthRateLimiter(limits);
    limiter.attempt("guest", { ip: "a" }, 0);
    const refused = limiter.attempt("guest", { ip: "a" }, 60 * MINUTE - 5_000);
    expect(refused.ok ? "" : refused.message).toBe("Too many attempts, try again in 1 minute.");
  });

  it("counts guests apart from sign-in attempts", () => {
    const limiter = new AuthRateLimiter(limits);
    expect(limiter.attempt("guest", { ip: "a" }, 0).ok).toBe(true);
    expect(limiter.attempt("guest", { ip: "a" }, 1).ok).toBe(false);
    expect(limiter.attempt("credentials", { ip: "a", username: "ada" }, 1).ok).toBe(true);
  });
});
