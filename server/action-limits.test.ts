/**
 * The per-user action limits (chat first) hold across the nodes of a cluster: two ActionLimits sharing one Redis (as two nodes do) count one
 * user's messages together, so a user with sockets on both nodes gets one burst, not two.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestRedis, withoutTestRedis } from "@/tests/support/test-redis";
import { ActionLimits, ACTION_RULES } from "./action-limits";

const HOME = "203.0.113.7";

describe("ActionLimits in one process", () => {
  it("allows a burst, then answers how long to wait; other users are not affected", async () => {
    const limits = new ActionLimits(null, `test-${randomUUID()}`);
    for (let i = 0; i < ACTION_RULES.burst.limit; i++) expect(await limits.takeMessage("ada", HOME)).toBe(0);
    const wait = await limits.takeMessage("ada", HOME);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACTION_RULES.burst.windowMs);
    expect(await limits.takeMessage("bob", HOME)).toBe(0);
  });

  it("caps the sustained rate even when each burst is spaced out", async () => {
    const rules = { burst: { limit: 1000, windowMs: 10_000 }, sustained: { limit: 3, windowMs: 60_000 }, addressBurst: { limit: 1000, windowMs: 10_000 }, addressSustained: { limit: 1000, windowMs: 60_000 }, reports: { limit: 2, windowMs: 60_000 }, challenges: { limit: 1, windowMs: 60_000 }, tournaments: { limit: 1, windowMs: 60_000 }, entries: { limit: 1, windowMs: 60_000 } } as const;
    const limits = new ActionLimits(null, `test-${randomUUID()}`, rules);
    for (let i = 0; i < 3; i++) expect(await limits.takeMessage("ada", HOME)).toBe(0);
    expect(await limits.takeMessage("ada", HOME)).toBeGreaterThan(0);
    expect(await limits.takeReport("ada")).toBe(0);
    expect(await limits.takeReport("ada")).toBe(0);
    expect(await limits.takeReport("ada")).toBeGreaterThan(0);
    expect(await limits.takeChallenge("ada")).toBe(0);
    expect(await limits.takeChallenge("ada")).toBeGreaterThan(0);
  });

  it("holds many accounts on one address to the address's burst; other addresses are not affected", async () => {
    const limits = new ActionLimits(null, `test-${randomUUID()}`);
    const accounts = Math.ceil(ACTION_RULES.addressBurst.limit / ACTION_RULES.burst.limit) + 1;
    const answers = [];
    for (let user = 0; user < accounts; user++) {
      for (let i = 0; i < ACTION_RULES.burst.limit; i++) answers.push(await limits.takeMessage(`fresh${user}`, HOME));
    }
    expect(answers.filter((wait) => wait === 0)).toHaveLength(ACTION_RULES.addressBurst.limit);
    const wait = await limits.takeMessage("another-fresh-one", HOME);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACTION_RULES.addressBurst.windowMs);
    expect(await limits.takeMessage("another-fresh-one", "198.51.100.4")).toBe(0);
    // One IPv6 line is one address, whichever of its /64 it writes from; an IPv4-mapped peer is its IPv4 address.
    expect(await limits.takeMessage("mapped", "::ffff:203.0.113.7")).toBeGreaterThan(0);
    for (let i = 0; i < ACTION_RULES.addressBurst.limit; i++) expect(await limits.takeMessage(`v6-${i}`, `2001:db8:1:2::${i + 1}`)).toBe(0);
    expect(await limits.takeMessage("v6-next", "2001:db8:1:2:abcd::1")).toBeGreaterThan(0);
    expect(await limits.takeMessage("v6-next", "2001:db8:1:3::1")).toBe(0);
  });

  it("caps an address's sustained rate, and a user refused by their own limit uses none of the address's", async () => {
    const rules = { ...ACTION_RULES, burst: { limit: 2, windowMs: 60_000 }, addressBurst: { limit: 1000, windowMs: 10_000 }, addressSustained: { limit: 5, windowMs: 60_000 } };
    const limits = new ActionLimits(null, `test-${randomUUID()}`, rules);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await limits.takeMessage("ada", HOME));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(2);
    for (let user = 0; user < 3; user++) expect(await limits.takeMessage(`other${user}`, HOME)).toBe(0);
    expect(await limits.takeMessage("other3", HOME)).toBeGreaterThan(0);
  });
});

describe.skipIf(withoutTestRedis("Chat limits across nodes"))("ActionLimits on Redis (needs TEST_REDIS_URL)", () => {
  const redis = useTestRedis();

  it("holds one burst across two nodes", async () => {
    const { client, prefix } = await redis();
    const [nodeA, nodeB] = [new ActionLimits(client, prefix), new ActionLimits(client, prefix)];
    const answers = [];
    for (let i = 0; i < ACTION_RULES.burst.limit + 2; i++) answers.push(await (i % 2 === 0 ? nodeA : nodeB).takeMessage("ada", HOME));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(ACTION_RULES.burst.limit);
    expect(await client.get(`${prefix}:chat-burst:ada`)).toBe(String(ACTION_RULES.burst.limit + 2));
  });

  it("holds one address's burst across two nodes, whichever accounts write from it", async () => {
    const { client, prefix } = await redis();
    const [nodeA, nodeB] = [new ActionLimits(client, prefix), new ActionLimits(client, prefix)];
    const answers = [];
    // A fresh account for every message, alternating nodes: only the address is the same.
    for (let i = 0; i < ACTION_RULES.addressBurst.limit + 3; i++) answers.push(await (i % 2 === 0 ? nodeA : nodeB).takeMessage(`fresh${i}`, HOME));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(ACTION_RULES.addressBurst.limit);
    expect(await nodeB.takeMessage("elsewhere", "198.51.100.4")).toBe(0);
  });
});
