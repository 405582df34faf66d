/**
 * One matchmaking queue for the whole cluster (queue-store.ts). Seen in an attack run: the queue lived in each node's
 * memory, so two players on different nodes never met. Two nodes sharing PostgreSQL and Redis: players queued on
 * different nodes are paired and both seated; many players queued on both nodes at once are each paired exactly
 * once; the players of a node that dies leave the queue, so nobody is paired with an empty chair.
 *
 * "Nothing more happened" is read from the nodes themselves, not waited out: every look a node takes at the queue
 * begins by renewing its alive key in Redis (`<prefix>:queue-node:<node>`, PX 5 s), and a node takes one look at a
 * time; so once a node's key has been renewed twice after a moment, a whole look that began after that moment has
 * finished — with whatever pairing it made.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both); skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import type { BotClient } from "@/scripts/bot/bot-client";
import type { ServerProcess } from "@/tests/support/server-process";
import { queuedPlayer, useTwoNodes, type QueuedPlayer } from "@/tests/support/two-nodes";
import { waitFor } from "@/tests/support/wait-for";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!process.env.TEST_POSTGRES_URL || !redisUrl)("the matchmaking queue over two nodes (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const pair = useTwoNodes();
  const bots: BotClient[] = [];
  const redis = createClient({ url: redisUrl });
  const queueKey = () => `${pair().redisPrefix}:queue`;

  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    for (const bot of bots) bot.close();
    if (redis.isOpen) await redis.close();
  });

  /** The node id a player's queue entry names (the node holding their socket). */
  async function nodeOfEntry(userId: string): Promise<string> {
    const raw = await redis.hGet(queueKey(), userId);
    if (raw === null) throw new Error(`${userId} is not in the queue`);
    return (JSON.parse(raw) as { node: string }).node;
  }

  /**
   * Resolves once each of `nodeIds` has taken a whole look at the queue that began after this call: its alive key was
   * renewed twice since (a PTTL that went up), the first renewal starting a look, the second starting the next one
   * after the first finished.
   */
  async function looksFinished(nodeIds: readonly string[]): Promise<void> {
    const keys = nodeIds.map((node) => `${pair().redisPrefix}:queue-node:${node}`);
    const last = await Promise.all(keys.map((key) => redis.pTTL(key)));
    const renewals = keys.map(() => 0);
    await waitFor(
      async () => {
        const now = await Promise.all(keys.map((key) => redis.pTTL(key)));
        now.forEach((ttl, i) => {
          if (ttl > last[i]!) renewals[i]!++;
          last[i] = ttl;
        });
        return renewals.every((count) => count >= 2);
      },
      () => `two looks at the queue by each node (renewals seen: ${renewals.join(", ")})`,
      { timeoutMs: 15_000, intervalMs: 20 },
    );
  }

  async function queued(node: ServerProcess, rating = 1500): Promise<QueuedPlayer> {
    const player = await queuedPlayer(pair(), node, { seed: bots.length, rating });
    bots.push(player.bot);
    return player;
  }

  it("pairs two players queued on different nodes and seats both", async () => {
    const [a, b] = pair().nodes;
    const ada = await queued(a);
    const bob = await queued(b);
    await expect.poll(() => ada.results.length + bob.results.length, { timeout: 15_000 }).toBe(2);
    const [first, second] = [ada.results[0], bob.results[0]];
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    const matchId = (first as { matchId: string }).matchId;
    const row = await pair().db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    expect([row.whiteId, row.blackId].sort()).toEqual([ada.id, bob.id].sort());
  });

  it("pairs each of many players queued on both nodes at once exactly once", async () => {
    const [a, b] = pair().nodes;
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => queued(i % 2 === 0 ? a : b)));
    await expect.poll(() => players.filter((p) => p.results.length > 0).length, { timeout: 20_000 }).toBe(10);
    // Every look either node had begun when the last result came in has finished (its matches made), and the players
    // are out of the queue, so no later look can pair them again.
    const nodeIds = (await redis.keys(`${pair().redisPrefix}:queue-node:*`)).map((key) => key.slice(`${pair().redisPrefix}:queue-node:`.length));
    expect(nodeIds).toHaveLength(2);
    await looksFinished(nodeIds);
    expect(await redis.hmGet(queueKey(), players.map((p) => p.id))).toEqual(players.map(() => null));
    expect(await pair().db.prisma.match.count({ where: { OR: [{ whiteId: { in: players.map((p) => p.id) } }, { blackId: { in: players.map((p) => p.id) } }] } })).toBe(5);
    expect(players.map((p) => p.results.length)).toEqual(players.map(() => 1));
    const matchIds = players.map((p) => (p.results[0] as { matchId: string }).matchId);
    expect(new Set(matchIds).size).toBe(5);
    for (const matchId of new Set(matchIds)) {
      const row = await pair().db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
      expect(players.filter((p) => p.id === row.whiteId || p.id === row.blackId).map((p) => (p.results[0] as { matchId: string }).matchId)).toEqual([matchId, matchId]);
    }
  });

  it("drops the players of a node that died instead of pairing them", async () => {
    const [a, b] = pair().nodes;
    const ghost = await queued(b, 1800);
    await b.kill();
    // Node a removes its entry: once its Redis connections are gone, at the latest when its alive key lapses (5 s).
    await waitFor(async () => Number(await redis.hExists(queueKey(), ghost.id)) === 0, "node a to drop the dead node's player", { timeoutMs: 15_000, intervalMs: 20 });
    const live = await queued(a, 1800);
    // A whole look by node a with the live player in the queue: they are still waiting, paired with nobody.
    await looksFinished([await nodeOfEntry(live.id)]);
    expect(Number(await redis.hExists(queueKey(), live.id))).toBe(1);
    expect(live.results).toEqual([]);
    expect(ghost.results).toEqual([]);
    expect(await pair().db.prisma.match.count({ where: { OR: [{ whiteId: live.id }, { blackId: live.id }] } })).toBe(0);
  });
});
