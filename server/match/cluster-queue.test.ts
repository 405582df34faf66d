/**
 * One matchmaking queue for the whole cluster (queue-store.ts). Seen in an attack run: the queue lived in each node's
 * memory, so two players on different nodes never met. Two nodes sharing PostgreSQL and Redis: players queued on
 * different nodes are paired and both seated; many players queued on both nodes at once are each paired exactly
 * once; the players of a node that dies leave the queue, so nobody is paired with an empty chair.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both); skipped otherwise.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import type { QueueResult } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import type { Db } from "@/server/db/client";
import { createUser } from "@/server/db/users";
import type { ServerProcess } from "@/tests/support/server-process";
import { sessionCookieFor } from "@/tests/support/session";
import { startTwoNodes, type TwoNodes } from "@/tests/support/two-nodes";

const postgres = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!postgres || !redisUrl)("the matchmaking queue over two nodes (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  let pair: TwoNodes;
  let db: Db;
  let nodes: readonly ServerProcess[] = [];
  const bots: BotClient[] = [];

  beforeAll(async () => {
    pair = await startTwoNodes(postgres!, redisUrl!);
    ({ db, nodes } = pair);
  }, 120_000);
  afterAll(async () => {
    for (const bot of bots) bot.close();
    await pair?.stop();
  });

  async function queued(node: ServerProcess, rating = 1500): Promise<{ bot: BotClient; id: string; results: QueueResult[] }> {
    const created = await createUser(db, { username: `queue-${randomBytes(5).toString("hex")}` });
    if (!created.ok) throw new Error(describeFailure(created));
    if (rating !== 1500) await db.prisma.user.update({ where: { id: created.value.id }, data: { rating } });
    const bot = new BotClient({ url: node.url, cookie: await sessionCookieFor(created.value), seed: bots.length, play: false });
    bots.push(bot);
    await bot.connect();
    const results: QueueResult[] = [];
    bot.socket.on("queue:result", (result) => results.push(result));
    const joined = await bot.send("queue:join", { matchLength: 3, rated: false });
    expect(joined, JSON.stringify(joined)).toMatchObject({ ok: true });
    return { bot, id: created.value.id, results };
  }

  it("pairs two players queued on different nodes and seats both", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const ada = await queued(a);
    const bob = await queued(b);
    await expect.poll(() => ada.results.length + bob.results.length, { timeout: 15_000 }).toBe(2);
    const [first, second] = [ada.results[0], bob.results[0]];
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    const matchId = (first as { matchId: string }).matchId;
    const row = await db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    expect([row.whiteId, row.blackId].sort()).toEqual([ada.id, bob.id].sort());
  });

  it("pairs each of many players queued on both nodes at once exactly once", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => queued(i % 2 === 0 ? a : b)));
    await expect.poll(() => players.filter((p) => p.results.length > 0).length, { timeout: 20_000 }).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // a second pairing would have come by now
    expect(players.map((p) => p.results.length)).toEqual(players.map(() => 1));
    const matchIds = players.map((p) => (p.results[0] as { matchId: string }).matchId);
    expect(new Set(matchIds).size).toBe(5);
    for (const matchId of new Set(matchIds)) {
      const row = await db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
      expect(players.filter((p) => p.id === row.whiteId || p.id === row.blackId).map((p) => (p.results[0] as { matchId: string }).matchId)).toEqual([matchId, matchId]);
    }
  });

  it("drops the players of a node that died instead of pairing them", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const ghost = await queued(b, 1800);
    await b.kill();
    // Its alive key lapses (5 s), and node a removes its entry.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    const live = await queued(a, 1800);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(live.results).toEqual([]);
    expect(ghost.results).toEqual([]);
    expect(await db.prisma.match.count({ where: { OR: [{ whiteId: live.id }, { blackId: live.id }] } })).toBe(0);
  });
});
