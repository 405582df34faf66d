/**
 * Two deployments sharing one Redis must not collide (REDIS_PREFIX): every key and stream a node writes starts with
 * its deployment's prefix — the Socket.IO adapter's stream, the connection caps, the command limits — and nodes of
 * one deployment see each other's sockets while the other deployment's stay invisible. A private Redis, so that every
 * key in it is accounted for. Needs TEST_REDIS_URL (CI sets it; redis-server from the same installation).
 */
import { io, type Socket } from "socket.io-client";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@/lib/protocol";
import { startPrivateRedis, type PrivateRedis } from "@/tests/support/private-services";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

const enabled = Boolean(process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)("two deployments on one Redis (needs TEST_REDIS_URL)", () => {
  let redis: PrivateRedis;
  let servers: TestServer[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    servers = await Promise.all(["blue", "blue", "green"].map((redisPrefix) => startTestServer({ redisUrl: redis.url, redisPrefix })));
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((server) => server.close()));
    await redis?.dispose();
  });

  it("keeps every key under its deployment's prefix, and each deployment's sockets to itself", async () => {
    const [blue1, blue2, green] = servers as [TestServer, TestServer, TestServer];
    for (const server of [blue2, green]) {
      const user = await server.user();
      const socket = io(server.url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: { cookie: user.cookie }, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      await socket.timeout(5000).emitWithAck("lobby:list", {});
    }
    // blue's nodes see blue's sockets across nodes, and never green's.
    await expect.poll(async () => (await blue1.server.io.fetchSockets()).length, { timeout: 10_000 }).toBe(1);
    expect((await green.server.io.fetchSockets()).length).toBe(1);

    const client = createClient({ url: redis.url });
    await client.connect();
    const keys = await client.keys("*");
    await client.close();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !key.startsWith("blue:") && !key.startsWith("green:"))).toEqual([]);
    expect(keys.some((key) => key.startsWith("blue:sockets:"))).toBe(true);
    expect(keys.some((key) => key.startsWith("green:sockets:"))).toBe(true);
  });
});
