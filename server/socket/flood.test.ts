/**
 * One user must not stall a node. The attack that was seen: one guest opened 100 sockets and sent 40 `lobby:create`
 * on each; 3,000 matches were made and /api/health took over 5 s for a minute. Now a user holds at most
 * SOCKETS_PER_USER sockets and an address at most SOCKETS_PER_ADDRESS (connection-limits.ts), a user's commands are
 * counted over all their sockets, and at most WAITING_MATCHES_PER_USER of their matches wait for an opponent — on
 * one node and across two sharing Redis and PostgreSQL. The server keeps answering its health check meanwhile.
 */
import { randomBytes } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { PROTOCOL_VERSION, type Ack } from "@/lib/protocol";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, useServerScratch, type ServerProcess } from "@/tests/support/server-process";
import { useTwoNodes } from "@/tests/support/two-nodes";

const CAPS = { SOCKETS_PER_USER: "6", WAITING_MATCHES_PER_USER: "3", COMMANDS_PER_USER_PER_SECOND: "20" };

function open(url: string, cookie?: string): Promise<Socket | string> {
  const socket = io(url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

async function openMany(url: string, count: number, cookie?: string): Promise<{ sockets: Socket[]; refusals: string[] }> {
  const results = await Promise.all(Array.from({ length: count }, () => open(url, cookie)));
  return { sockets: results.filter((r): r is Socket => typeof r !== "string"), refusals: results.filter((r): r is string => typeof r === "string") };
}

/** Sends `perSocket` creates on every socket at once and tallies the answers by code. */
async function floodCreates(sockets: Socket[], perSocket: number): Promise<Record<string, number>> {
  const answers = await Promise.all(
    sockets.flatMap((socket) =>
      Array.from({ length: perSocket }, () =>
        (socket.timeout(60_000).emitWithAck("lobby:create", { matchLength: 1, color: "white", visibility: "public" }) as Promise<Ack>).catch(() => ({ ok: false, code: "TIMEOUT" }) as const),
      ),
    ),
  );
  const tally: Record<string, number> = {};
  for (const answer of answers) tally[answer.ok ? "ok" : answer.code] = (tally[answer.ok ? "ok" : answer.code] ?? 0) + 1;
  return tally;
}

/** Probes /api/health every 50 ms while `work` runs; the answer times, sorted. */
async function healthDuring(url: string, work: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await work;
  done = true;
  await probing;
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Infinity;

async function newCookie(db: Db): Promise<string> {
  const created = await createUser(db, { username: `flood-${randomBytes(5).toString("hex")}` });
  if (!created.ok) throw new Error(describeFailure(created));
  return sessionCookieFor(created.value);
}

describe("one node", () => {
  const scratch = useServerScratch("fairgammon-flood-");
  let db: Db;
  let server: ServerProcess;

  beforeAll(async () => {
    const databaseUrl = scratch.databaseUrl();
    await migrateDatabase(databaseUrl);
    db = openDb(databaseUrl);
    server = scratch.server = await startServerProcess({ databaseUrl, port: await freePort(), seedKeyHex: randomSeedKeyHex(), env: { ...CAPS, SOCKETS_PER_ADDRESS: "40", LOG_LEVEL: "warn" } });
  }, 120_000);
  afterAll(() => db?.close());

  it("holds one user to their sockets and waiting matches under a flood, and keeps answering health checks", async () => {
    const cookie = await newCookie(db);
    const { sockets, refusals } = await openMany(server.url, 30, cookie);
    expect(sockets).toHaveLength(6);
    expect(refusals).toHaveLength(24);
    expect(refusals.every((message) => message.startsWith("ERR_TOO_MANY_CONNECTIONS"))).toBe(true);

    let tally: Record<string, number> = {};
    const health = await healthDuring(server.url, floodCreates(sockets, 40).then((t) => (tally = t)));
    expect(tally.ok).toBe(3);
    expect(tally.TIMEOUT ?? 0).toBe(0);
    expect((tally.ERR_TOO_MANY_WAITING ?? 0) + (tally.ERR_RATE_LIMITED ?? 0)).toBe(6 * 40 - 3);
    expect(await db.prisma.match.count({ where: { status: "waiting" } })).toBe(3);
    // Seconds, under the old flood; a generous bound for a loaded machine.
    expect(percentile(health, 0.95)).toBeLessThan(1000);

    // Closing sockets gives their places back.
    for (const socket of sockets.slice(0, 2)) socket.close();
    await expect.poll(async () => (await openMany(server.url, 1, cookie)).sockets.length, { timeout: 10_000 }).toBe(1);
    for (const socket of sockets) socket.close();
  });

  it("holds one address to its sockets, signed in or not", async () => {
    const { sockets, refusals } = await openMany(server.url, 50);
    expect(sockets.length).toBeLessThanOrEqual(40);
    expect(refusals.length).toBeGreaterThanOrEqual(10);
    expect(refusals.every((message) => message.startsWith("ERR_TOO_MANY_CONNECTIONS"))).toBe(true);
    for (const socket of sockets) socket.close();
  });
});

const postgres = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!postgres || !redisUrl)("two nodes sharing PostgreSQL and Redis (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const pair = useTwoNodes(CAPS);

  it("holds the caps over both nodes: sockets per user, and waiting matches made on both at once", async () => {
    const { db, nodes: [a, b] } = pair();
    const { cookie } = await pair().player();
    const onA = await openMany(a.url, 5, cookie);
    const onB = await openMany(b.url, 5, cookie);
    expect(onA.sockets.length + onB.sockets.length).toBe(6);
    expect(onB.refusals.every((message) => message.startsWith("ERR_TOO_MANY_CONNECTIONS"))).toBe(true);

    const tally = await floodCreates([...onA.sockets, ...onB.sockets], 10);
    expect(tally.ok).toBe(3);
    expect(await db.prisma.match.count({ where: { status: "waiting" } })).toBe(3);
    for (const socket of [...onA.sockets, ...onB.sockets]) socket.close();
  });
});
