/**
 * Issue 47 item 1: after a restart presence knew nobody as away — every absent player counted as away since the
 * restart, so an opponent's wait before claiming an abandoned match started again, and the away marks showed the
 * restart's time. In a cluster the away clocks are kept in Redis (server/match/away-store.ts) and restored at start.
 *
 * A match on node1; black leaves, and white sees when. Both nodes are then killed and started again by the
 * supervisor; white reconnects, and the match's snapshot must still say black has been away since that moment.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL; skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { blackLeaves, seatBots } from "@/tests/support/match-in-play";
import { clusterTestsEnabled, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

describe.skipIf(!clusterTestsEnabled("cluster away-after-restart"))("away clocks across a restart of the cluster (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, restartDelayMs: 500 });

  it("still knows since when an absent player is away after every node restarted", { timeout: 120_000 }, async () => {
    const c = cluster();
    const white = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 1, reconnect: true, play: false });
    const black = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 2, play: false });
    const matchId = await seatBots(white, black, 3);
    const awayAt = await blackLeaves(white, black);

    let reconnected = false;
    white.socket.on("connect", () => (reconnected = true));
    for (const name of ["node1", "node2"]) process.kill(c.nodeOf(name).pid!, "SIGKILL");
    await waitFor(() => c.nodeOf("node1").restarts === 1 && c.nodeOf("node2").restarts === 1, "both nodes to die");
    await waitFor(() => c.balancer.ready().length === 2 && reconnected, "both nodes back and white reconnected", 90_000);
    const restartedAt = Date.now();

    const watched = await white.send("match:watch", { matchId });
    if (!watched.ok) throw new Error(JSON.stringify(watched));
    console.info(`away-after-restart: black away since ${awayAt}; after the restart ${watched.snapshot.awaySince.black} (restart ~${restartedAt})`);
    expect(watched.snapshot.connected.black).toBe(false);
    expect(watched.snapshot.awaySince.black).toBe(awayAt);
    white.close();
  });
});
