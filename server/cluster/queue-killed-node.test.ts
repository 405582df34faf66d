/**
 * Issue 47 item 3, the queue: a player queued on a node killed less than 5 s before (its alive key had not lapsed
 * yet) was paired, in the fault run, into a match nobody would play. The shared queue (server/match/queue-store.ts)
 * must drop a killed node's entries as soon as its Redis connection is gone.
 *
 * A player queues on node b, node b is SIGKILLed, and at once a player of the same rating queues on node a. The test
 * watches the queue's hash in Redis for whichever comes first: both entries taken out by a pairing's claim (the
 * fault), or the dead node's entry dropped alone (the fix).
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL; skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import type { BotClient } from "@/scripts/bot/bot-client";
import type { ServerProcess } from "@/tests/support/server-process";
import { queuedPlayer, useTwoNodes, type QueuedPlayer } from "@/tests/support/two-nodes";
import { waitFor } from "@/tests/support/wait-for";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!process.env.TEST_POSTGRES_URL || !redisUrl)("the queue right after a node is killed (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const pair = useTwoNodes();
  const bots: BotClient[] = [];
  const redis = createClient({ url: redisUrl });

  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    for (const bot of bots) bot.close();
    await redis.close();
  });

  async function queued(node: ServerProcess): Promise<QueuedPlayer> {
    const player = await queuedPlayer(pair(), node, { seed: bots.length });
    bots.push(player.bot);
    return player;
  }

  it("pairs nobody with a player of a node killed a moment ago", async () => {
    const [a, b] = pair().nodes;
    const ghost = await queued(b);
    await b.kill();
    const killedAt = Date.now();
    const live = await queued(a);
    // A pairing takes both entries out of the hash at once (its claim); the fix drops the dead node's alone.
    let state = "queued" as "queued" | "dropped" | "paired";
    const key = `${pair().redisPrefix}:queue`;
    const poll = setInterval(() => {
      void Promise.all([redis.hExists(key, ghost.id), redis.hExists(key, live.id)]).then(([ghostThere, liveThere]) => {
        if (state === "queued" && !ghostThere) state = liveThere ? "dropped" : "paired";
      });
    }, 20);
    try {
      await waitFor(() => state !== "queued" || live.results.length > 0, "the dead node's entry to be dropped or paired", 15_000);
    } finally {
      clearInterval(poll);
    }
    console.info(`queue-killed-node: the dead node's entry ${state} ${Date.now() - killedAt} ms after the kill`);
    if (state === "paired") await waitFor(() => live.results.length > 0, "the pairing's result", 10_000);
    expect(live.results).toEqual([]);
    expect(await pair().db.prisma.match.count({ where: { OR: [{ whiteId: live.id }, { blackId: live.id }] } })).toBe(0);
  });
});
