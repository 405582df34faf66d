/**
 * Two match-server processes sharing a new PostgreSQL database (on TEST_POSTGRES_URL) and Redis (TEST_REDIS_URL,
 * under a key prefix of their own): the cross-node tests of the limits, the queue and the scale-out.
 *
 * @example
 *   const pair = await startTwoNodes(postgresServer, redisUrl, { SOCKETS_PER_USER: "6" });
 *   pair.nodes[0].url; pair.db.prisma.match.count();
 *   await pair.stop();
 *   // or, for the tests of a describe block (needs TEST_POSTGRES_URL and TEST_REDIS_URL):
 *   const pair = useTwoNodes({ SOCKETS_PER_USER: "6" });
 *   it("…", async () => { const { nodes: [a, b], db } = pair(); const { id, cookie } = await pair().player(); });
 *   const queued = await queuedPlayer(pair(), b, { seed: 1 });
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import type { QueueResult } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { openDb, type Db } from "@/server/db/client";
import { createMigratedDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "./session";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "./server-process";

export interface TwoNodes {
  readonly nodes: readonly [ServerProcess, ServerProcess];
  /** The shared database, for the test's own reads and users. */
  readonly db: Db;
  /** Both nodes' Redis key prefix (REDIS_PREFIX), for a test that reads their keys. */
  readonly redisPrefix: string;
  /** A new user on the shared database, and its session cookie. */
  player(): Promise<{ id: string; cookie: string }>;
  stop(): Promise<void>;
}

export async function startTwoNodes(postgresServer: string, redisUrl: string, env: Record<string, string> = {}): Promise<TwoNodes> {
  const database = await createMigratedDatabase("postgres", postgresServer);
  const db = openDb(database.url);
  const seedKeyHex = randomSeedKeyHex();
  const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `fairgammon-test-${randomBytes(4).toString("hex")}`, LOG_LEVEL: "warn", ...env };
  const [a, b] = await Promise.all([0, 1].map(async () => startServerProcess({ databaseUrl: database.url, port: await freePort(), seedKeyHex, env: shared })));
  return {
    nodes: [a!, b!],
    db,
    redisPrefix: shared.REDIS_PREFIX,
    async player() {
      const created = await createUser(db, { username: `pair-${randomBytes(5).toString("hex")}` });
      if (!created.ok) throw new Error(describeFailure(created));
      return { id: created.value.id, cookie: await sessionCookieFor(created.value) };
    },
    async stop() {
      await Promise.all([a, b].map((node) => node?.kill()));
      await db.close();
      await database.drop();
    },
  };
}

/** Starts two nodes (on TEST_POSTGRES_URL and TEST_REDIS_URL) before the block's tests and stops them after them. */
export function useTwoNodes(env: Record<string, string> = {}): () => TwoNodes {
  let pair: TwoNodes | null = null;
  beforeAll(async () => {
    pair = await startTwoNodes(process.env.TEST_POSTGRES_URL!, process.env.TEST_REDIS_URL!, env);
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });
  return () => {
    if (!pair) throw new Error("the two nodes are not running (useTwoNodes starts them before the tests)");
    return pair;
  };
}

/** A player in the matchmaking queue: their bot, user id, and the queue results they were sent. */
export interface QueuedPlayer {
  readonly bot: BotClient;
  readonly id: string;
  readonly results: QueueResult[];
}

/** A new player (of `rating`) connected to `node`, queued for a 3-point unrated match. */
export async function queuedPlayer(pair: TwoNodes, node: ServerProcess, { seed, rating = 1500 }: { seed: number; rating?: number }): Promise<QueuedPlayer> {
  const { id, cookie } = await pair.player();
  if (rating !== 1500) await pair.db.prisma.user.update({ where: { id }, data: { rating } });
  const bot = new BotClient({ url: node.url, cookie, seed, play: false });
  await bot.connect();
  const results: QueueResult[] = [];
  bot.socket.on("queue:result", (result) => results.push(result));
  const joined = await bot.send("queue:join", { matchLength: 3, rated: false });
  expect(joined, JSON.stringify(joined)).toMatchObject({ ok: true });
  return { bot, id, results };
}
