/**
 * The shared Redis of the cross-node tests (TEST_REDIS_URL): one client for a describe block, connected by the first
 * test that asks and closed after the block, and a key prefix of each test's own whose keys are deleted after that
 * test — two limiters under one prefix act as two nodes, and no test sees another's counts. Without TEST_REDIS_URL
 * the block is skipped, with a line saying so (a skip nobody notices hides that the cross-node path went untested).
 *
 * @example
 *   describe.skipIf(withoutTestRedis("Chat limits across nodes"))("ActionLimits on Redis (needs TEST_REDIS_URL)", () => {
 *     const redis = useTestRedis();
 *     it("…", async () => { const { client, prefix } = await redis(); new ActionLimits(client, prefix); });
 *   });
 */
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, afterEach } from "vitest";

const url = process.env.TEST_REDIS_URL;

/** True, after a warning naming `what` is skipped, when TEST_REDIS_URL is not set: for `describe.skipIf`. */
export function withoutTestRedis(what: string): boolean {
  if (!url) console.warn(`${what} skipped: set TEST_REDIS_URL to run it`);
  return !url;
}

/** The client on TEST_REDIS_URL (connected) and a fresh key prefix, for each test of the block that asks. */
export function useTestRedis(): () => Promise<{ client: ReturnType<typeof createClient>; prefix: string }> {
  const client = createClient({ url });
  const used: string[] = [];
  afterEach(async () => {
    for (const prefix of used.splice(0)) for (const key of await client.keys(`${prefix}:*`)) await client.del(key);
  });
  afterAll(async () => {
    if (client.isOpen) await client.close();
  });
  return async () => {
    if (!client.isOpen) await client.connect();
    const prefix = `fairgammon-test:${randomUUID()}`;
    used.push(prefix);
    return { client, prefix };
  };
}
