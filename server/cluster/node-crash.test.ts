/**
 * kill -9 of one node mid-match, in a cluster of two behind the sticky balancer (tests/support/test-cluster.ts): every
 * player starts on node1 (its sticky cookie says so); node1 is SIGKILLed while the matches are in play and stays down
 * (its restart is held back past the test), so the players' reconnects go through the balancer to node2, where they
 * finish. Afterwards every match is whole: event sequences and roll nonces contiguous, no roll lost or repeated, every
 * client's events the stored ones, and the audit bundle verified.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both); skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { expectFinishedMatchWhole } from "@/tests/support/match-checks";
import { clusterTestsEnabled, seatClusterMatches, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const MATCHES = 3;

describe.skipIf(!clusterTestsEnabled("cluster node-crash"))("kill -9 of a node mid-match (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, restartDelayMs: 10 * 60_000 });

  it("moves the players of a killed node to the other one, where their matches finish with no roll lost or repeated", { timeout: 240_000 }, async () => {
    const c = cluster();
    const matches = await seatClusterMatches(c, MATCHES, { white: "node1", black: "node1", seed: 300, matchLength: 3 });
    // Under way on node1: a few rolls logged in every match.
    await waitFor(() => matches.every(({ white }) => (white.view?.rolls.length ?? 0) >= 4), "every match to have rolled a few times", 60_000);
    const victim = c.nodeOf("node1");
    const pid = victim.pid!;
    const rollsBefore = await c.db.prisma.rollLog.count();
    process.kill(pid, "SIGKILL");

    const done = await Promise.all(matches.flatMap(({ white, black }) => [white.finished(180_000), black.finished(180_000)]));
    expect(done.every((view) => view.ended !== null)).toBe(true);
    // node1 stayed down: the matches were finished by node2 alone.
    expect(victim.pid).toBeNull();
    expect(c.balancer.ready()).toEqual(["node2"]);
    expect(await c.db.prisma.rollLog.count()).toBeGreaterThan(rollsBefore);

    // What bots were told failed is only what the crash explains: answers that never came.
    for (const { matchId, white, black } of matches) await expectFinishedMatchWhole(c.db, c.url, matchId, [white, black]);
    for (const { white, black } of matches) {
      white.close();
      black.close();
    }
  });
});
