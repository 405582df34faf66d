/**
 * A Redis outage alone must not stop a node's own players. Seen in an attack run with Redis stopped for 15 s: every
 * live match froze for 15.6–17.3 s — also matches with both players on one node, and matches against the computer —
 * both nodes' /api/ready went 503 so the balancer answered 503 to everyone, and one node "recovered" the other's live
 * matches. Here Redis is killed for longer than a node takes to be declared lost (three presence periods, 1 s each on
 * the test nodes; 5 s by default) while a
 * match with both players on node1 and a match against the computer on node1 are played: both keep moving throughout,
 * both nodes stay ready ("degraded"), no node recovers another's matches, and both logs are whole afterwards.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both; the test uses its own Redis); skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatAgainstComputer, seatBots } from "@/tests/support/match-in-play";
import { clusterTestsEnabled, PRESENCE_REPORT_MS, readiness, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

/** Longer than the three silent presence periods after which a node would be taken as gone. */
const OUTAGE_MS = 3 * PRESENCE_REPORT_MS + 2000;

describe.skipIf(!clusterTestsEnabled("cluster Redis outage"))("a Redis outage under a cluster (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, privateRedis: true });

  it("keeps a node's own matches moving, keeps both nodes ready, and takes over nothing", { timeout: 240_000 }, async () => {
    const c = cluster();
    const redis = c.privateRedis!;
    const node1 = c.nodeOf("node1").url;
    const slow = { thinkMs: () => 150, resignRate: 0, doubleRate: 0, reconnect: true };
    // Both players on node1 (its own URL: no balancer in between).
    const white = new BotClient({ url: node1, cookie: await c.player(), seed: 71, ...slow });
    const black = new BotClient({ url: node1, cookie: await c.player(), seed: 72, ...slow });
    const twoPlayers = await seatBots(white, black, 25);
    // A player against the computer, on node1.
    const solo = new BotClient({ url: node1, cookie: await c.player(), seed: 73, ...slow });
    const computerMatch = await seatAgainstComputer(solo, 25);
    await waitFor(() => (white.view?.rolls.length ?? 0) >= 2 && (solo.view?.rolls.length ?? 0) >= 2, "both matches to be under way", 60_000);

    await redis.kill();
    const killedAt = Date.now();
    const samples: { at: number; versions: [number, number]; ready: [number, number]; status: string }[] = [];
    while (Date.now() - killedAt < OUTAGE_MS) {
      const [r1, r2] = await Promise.all([readiness(node1), readiness(c.nodeOf("node2").url)]);
      samples.push({ at: Date.now() - killedAt, versions: [white.view?.version ?? 0, solo.view?.version ?? 0], ready: [r1.status, r2.status], status: r1.body.status ?? "" });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await redis.start();

    const first = samples[0]!;
    const last = samples.at(-1)!;
    // Both matches went on through the outage (about six actions a second between them at 150 ms a think)…
    expect(last.versions[0] - first.versions[0], JSON.stringify(samples)).toBeGreaterThan(10);
    expect(last.versions[1] - first.versions[1], JSON.stringify(samples)).toBeGreaterThan(10);
    // …and never stood still for long: no 3 s window without a new event in either.
    for (let i = 3; i < samples.length; i++) {
      expect(samples[i]!.versions[0], `two-player match frozen at ${samples[i]!.at} ms`).toBeGreaterThan(samples[i - 3]!.versions[0]);
      expect(samples[i]!.versions[1], `computer match frozen at ${samples[i]!.at} ms`).toBeGreaterThan(samples[i - 3]!.versions[1]);
    }
    // Both nodes stayed in the balancer: ready, degraded.
    expect(samples.every((sample) => sample.ready[0] === 200 && sample.ready[1] === 200), JSON.stringify(samples)).toBe(true);
    expect(samples.some((sample) => sample.status === "degraded")).toBe(true);
    // Nobody took anybody's matches over.
    const logs = [...c.output.values()].flat();
    expect(logs.filter((line) => /stopped reporting/.test(line))).toEqual([]);
    expect(c.supervisor.nodes.map((node) => node.restarts)).toEqual([0, 0]);

    await waitFor(() => c.balancer.ready().length === 2, "both nodes ready again", 30_000);
    for (const bot of [white, black, solo]) bot.close();
    for (const matchId of [twoPlayers, computerMatch]) {
      const stored = await readStoredMatch(c.db, matchId);
      expectIntactLog(stored);
    }
  });
});
