/**
 * The per-user action limits (chat first) hold across the nodes of a cluster: two ActionLimits sharing one Redis (as two nodes do) count one
 * user's messages together, so a user with sockets on both nodes gets one burst, not two.
 */
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { ActionLimits, ACTION_RULES } from "./action-limits";

describe("ActionLimits in one process", () => {
  it("allows a burst, then answers how long to wait; other users are not affected", async () => {
    const limits = new ActionLimits(null, `test-${randomUUID()}`);
    for (let i = 0; i < ACTION_RULES.burst.limit; i++) expect(await limits.takeMessage("ada")).toBe(0);
    const wait = await limits.takeMessage("ada");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACTION_RULES.burst.windowMs);
    expect(await limits.takeMessage("bob")).toBe(0);
  });

  it("caps the sustained rate even when each burst is spaced out", async () => {
    const rules = { burst: { limit: 1000, windowMs: 10_000 }, sustained: { limit: 3, windowMs: 60_000 }, reports: { limit: 2, windowMs: 60_000 }, challenges: { limit: 1, windowMs: 60_000 }, tournaments: { limit: 1, windowMs: 60_000 }, entries: { limit: 1, windowMs: 60_000 } } as const;
    const limits = new ActionLimits(null, `test-${randomUUID()}`, rules);
    for (let i = 0; i < 3; i++) expect(await limits.takeMessage("ada")).toBe(0);
    expect(await limits.takeMessage("ada")).toBeGreaterThan(0);
    expect(await limits.takeReport("ada")).toBe(0);
    expect(await limits.takeReport("ada")).toBe(0);
    expect(await limits.takeReport("ada")).toBeGreaterThan(0);
    expect(await limits.takeChallenge("ada")).toBe(0);
    expect(await limits.takeChallenge("ada")).toBeGreaterThan(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("Chat limits across nodes skipped: set TEST_REDIS_URL to run it");

describe.skipIf(!redisUrl)("ActionLimits on Redis (needs TEST_REDIS_URL)", () => {
  const client = createClient({ url: redisUrl });
  afterAll(async () => {
    if (client.isOpen) await client.close();
  });

  it("holds one burst across two nodes", async () => {
    if (!client.isOpen) await client.connect();
    const prefix = `fairgammon-test:${randomUUID()}`;
    const [nodeA, nodeB] = [new ActionLimits(client, prefix), new ActionLimits(client, prefix)];
    const answers = [];
    for (let i = 0; i < ACTION_RULES.burst.limit + 2; i++) answers.push(await (i % 2 === 0 ? nodeA : nodeB).takeMessage("ada"));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(ACTION_RULES.burst.limit);
    expect(await client.get(`${prefix}:chat-burst:ada`)).toBe(String(ACTION_RULES.burst.limit + 2));
    for (const key of await client.keys(`${prefix}:*`)) await client.del(key);
  });
});
