/**
 * The connection caps' places of a node that is gone (issue 47 item 3): freed the moment its Redis connection closes
 * (a reconnecting player is let in at once, not after the places' 60 s expiry), and by `dropNode` when the presence
 * link declares it lost. Against a real Redis (TEST_REDIS_URL), each test under a prefix of its own.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type RedisClientType } from "redis";
import { ConnectionLimits } from "./connection-limits";
import { NodeLiveness } from "@/server/match/node-liveness";

const redisUrl = process.env.TEST_REDIS_URL;
const open: { close(): unknown }[] = [];

async function node(prefix: string, caps = { perUser: 1, perAddress: 100 }) {
  const nodeId = randomUUID();
  const redis = createClient({ url: redisUrl, name: NodeLiveness.connectionName(prefix, nodeId) }) as RedisClientType;
  await redis.connect();
  const limits = new ConnectionLimits({ ...caps, redis, liveness: new NodeLiveness(redis, prefix, { maxAgeMs: 0 }), prefix, nodeId });
  open.push(limits, { close: () => redis.isOpen && redis.destroy() });
  return { nodeId, redis, limits };
}

afterEach(() => {
  for (const handle of open.splice(0)) handle.close();
});

describe.skipIf(!redisUrl)("connection caps across nodes, a node gone (needs TEST_REDIS_URL)", () => {
  it("lets a player back in at once when the node holding their place has died", async () => {
    const prefix = `fairgammon-test-${randomBytes(4).toString("hex")}`;
    const [a, b] = [await node(prefix), await node(prefix)];
    expect(await a.limits.admit("s1", { user: "u", address: "1.2.3.4" })).toBeNull();
    // A live node's place counts: the cap holds over both nodes.
    expect((await b.limits.admit("s2", { user: "u", address: "1.2.3.4" }))?.code).toBe("ERR_TOO_MANY_CONNECTIONS");
    // Node a dies (its connection closes, as the kernel closes a killed process's): its place stops counting now.
    a.redis.destroy();
    expect(await b.limits.admit("s3", { user: "u", address: "1.2.3.4" })).toBeNull();
    expect((await b.limits.admit("s4", { user: "u", address: "1.2.3.4" }))?.code).toBe("ERR_TOO_MANY_CONNECTIONS");
  });

  it("drops a lost node's places when told, and only its own", async () => {
    const prefix = `fairgammon-test-${randomBytes(4).toString("hex")}`;
    const [a, b] = [await node(prefix, { perUser: 1, perAddress: 2 }), await node(prefix, { perUser: 1, perAddress: 2 })];
    expect(await a.limits.admit("s1", { user: "u1", address: "addr" })).toBeNull();
    expect(await b.limits.admit("s2", { user: "u2", address: "addr" })).toBeNull();
    // Still connected (a partitioned machine): only the presence link's verdict frees its places.
    expect(await b.limits.dropNode(a.nodeId)).toBe(2);
    expect(await b.limits.admit("s3", { user: "u1", address: "addr" })).toBeNull();
    expect((await b.limits.admit("s4", { user: "u3", address: "addr" }))?.code).toBe("ERR_TOO_MANY_CONNECTIONS");
    expect(await b.limits.dropNode(b.nodeId)).toBe(0);
  });
});
