/**
 * Redis restart under a running cluster: two nodes behind the balancer share a private Redis (tests/support/
 * private-services.ts) that the test kills (SIGKILL: everything in it is lost) while matches whose players sit on
 * different nodes are in play, and starts again. Meanwhile each node reports itself degraded but ready (/api/ready:
 * 200, redis unavailable: its own players keep playing, redis-outage.test.ts); afterwards the matches continue and finish — an event whose broadcast was lost with Redis is
 * published again when the connection returns (server/match/republish.ts) — whole and verified.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both; the test uses its own Redis, and redis-server from the
 * same installation); skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { expectFinishedMatchWhole } from "@/tests/support/match-checks";
import { clusterTestsEnabled, readiness, seatClusterMatches, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const MATCHES = 3;

describe.skipIf(!clusterTestsEnabled("cluster Redis restart"))("Redis restart under a cluster (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, privateRedis: true });

  it("keeps the matches going across a Redis restart: nodes stay ready (degraded) meanwhile, every match finished and whole", { timeout: 240_000 }, async () => {
    const c = cluster();
    const redis = c.privateRedis!;
    // White on node1, black on node2: every event a player sees from the other comes through Redis.
    const matches = await seatClusterMatches(c, MATCHES, { white: "node1", black: "node2", seed: 500, matchLength: 3 });
    await waitFor(() => matches.every(({ black }) => (black.view?.rolls.length ?? 0) >= 4), "every match to have rolled a few times", 60_000);

    await redis.kill();
    // Redis stays down until both nodes have seen it gone, each still ready (degraded): both then reconnect, and
    // republish what their players' opponents missed.
    const node1 = c.nodeOf("node1").url;
    for (const node of [node1, c.nodeOf("node2").url]) {
      let degraded = null as Awaited<ReturnType<typeof readiness>> | null;
      await waitFor(
        async () => {
          const ready = await readiness(node);
          if (ready.body.checks?.redis !== "ok") degraded = ready;
          return degraded !== null;
        },
        `${node} to see Redis gone`,
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      expect(degraded!.status).toBe(200);
      expect(degraded!.body.checks).toMatchObject({ database: "ok", redis: expect.stringMatching(/unavailable|timeout/) });
    }
    await redis.start();

    const done = await Promise.all(matches.flatMap(({ white, black }) => [white.finished(180_000), black.finished(180_000)]));
    expect(done.every((view) => view.ended !== null)).toBe(true);
    await waitFor(() => c.balancer.ready().length === 2, "both nodes ready again", 30_000);
    expect((await readiness(node1)).status).toBe(200);
    // The nodes never died: Redis going away is not a reason to crash.
    expect(c.supervisor.nodes.map((node) => node.restarts), [...c.output].map(([node, lines]) => `${node}: ${lines.slice(-15).join("\n")}`).join("\n")).toEqual([0, 0]);

    for (const { matchId, white, black } of matches) await expectFinishedMatchWhole(c.db, c.url, matchId, [white, black]);
    for (const { white, black } of matches) {
      white.close();
      black.close();
    }
  });
});
