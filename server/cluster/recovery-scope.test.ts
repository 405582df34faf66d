/**
 * Issue 47 item 3, the recovery's scope: in the fault run a survivor noticed a killed node's loss at +15.5 s, then
 * recovered every unfinished match of the database one by one (all 24 in 18.6 s, its own live ones included), and
 * every booting node did the same. Now a survivor takes over the lost node's matches only (those whose latest event
 * it wrote, server/match/match-owners.ts), several at a time, as soon as the node's Redis connection is seen gone; a
 * node starting again recovers only what no live node owns; and what the killed node owed by itself (the computer's
 * move it was thinking about) is made promptly.
 *
 * Some matches are played on node2 alone, others (and matches against the computer) on node1, which is killed and
 * started again by the supervisor. The nodes log each pass ("matches recovered": how many of the unfinished, why).
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL; skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatAgainstComputer } from "@/tests/support/match-in-play";
import { clusterTestsEnabled, PRESENCE_REPORT_MS, seatClusterMatches, useTestCluster, type TestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const ON_NODE2 = 6;
const ON_NODE1 = 6;
const COMPUTER_ON_NODE1 = 2;

interface Pass {
  readonly node: string;
  readonly count: number;
  readonly of: number;
  readonly reason?: string;
  readonly at: number;
  readonly ms: number;
}

/** The recovery passes the nodes have logged so far. */
function passes(c: TestCluster): Pass[] {
  return [...c.output].flatMap(([node, lines]) =>
    lines.flatMap((line) => {
      if (!line.includes('"matches recovered"')) return [];
      const entry = JSON.parse(line) as { count: number; of: number; reason: string; time: string; ms: number };
      return [{ node, count: entry.count, of: entry.of, reason: entry.reason, at: Date.parse(entry.time), ms: entry.ms }];
    }),
  );
}

describe.skipIf(!clusterTestsEnabled("cluster recovery-scope"))("what a node recovers, when another is killed and when it starts (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, restartDelayMs: 2000, env: { LOG_LEVEL: "info" } });

  it("recovers the killed node's matches only, at once, and a restarted node nothing that is live elsewhere", { timeout: 240_000 }, async () => {
    const c = cluster();
    // Seated and past the opening roll, then left alone (their bots do not play): each stays owned by its node.
    const idle = [
      ...(await seatClusterMatches(c, ON_NODE2, { white: "node2", black: "node2", seed: 1000, matchLength: 5, bot: { play: false } })),
      ...(await seatClusterMatches(c, ON_NODE1, { white: "node1", black: "node1", seed: 1000 + ON_NODE2, matchLength: 5, bot: { play: false } })),
    ];
    const solo: { matchId: string; bot: BotClient }[] = [];
    for (let i = 0; i < COMPUTER_ON_NODE1; i++) {
      const bot = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 1200 + i, reconnect: true, resignRate: 0 });
      solo.push({ matchId: await seatAgainstComputer(bot, 1), bot });
    }
    const bots = [...idle.flatMap(({ white, black }) => [white, black]), ...solo.map(({ bot }) => bot)];
    await waitFor(() => bots.every((bot) => (bot.view?.rolls.length ?? 0) >= 1), "every match past its opening roll", 60_000);

    const killedAt = Date.now();
    process.kill(c.nodeOf("node1").pid!, "SIGKILL");
    // (A pass logged without its reason is one of the old, unscoped kind: taken for either.)
    const after = (reason: string, node: string) => passes(c).find((pass) => pass.node === node && (pass.reason ?? reason) === reason && pass.at >= killedAt);
    await waitFor(() => after("node lost", "node2") !== undefined, "node2 to recover node1's matches", 30_000);
    const lost = after("node lost", "node2")!;
    // node1 comes back (the supervisor starts it again) and recovers what no live node owns: nothing.
    await waitFor(() => after("boot", "node1") !== undefined, "node1 to start again and recover", 60_000);
    const boot = after("boot", "node1")!;
    console.info(
      `recovery-scope: node2 noticed the loss and recovered ${lost.count} of ${lost.of} unfinished matches ${lost.at - killedAt} ms after the kill, in ${lost.ms} ms; ` +
        `node1 at its boot ${boot.count} of ${boot.of}`,
    );

    // node1's matches (its idle ones, and the computer's unless a reconnected player moved there first), not node2's.
    expect(lost.count).toBeGreaterThanOrEqual(ON_NODE1);
    expect(lost.count).toBeLessThanOrEqual(ON_NODE1 + COMPUTER_ON_NODE1);
    expect(lost.of).toBeGreaterThanOrEqual(ON_NODE2 + ON_NODE1);
    // Noticed by the killed node's closed Redis connection, before three silent report periods.
    expect(lost.at - killedAt).toBeLessThan(3 * PRESENCE_REPORT_MS);
    expect(boot.count).toBe(0);
    expect(boot.of).toBeGreaterThanOrEqual(ON_NODE2 + ON_NODE1);

    // The computer's matches carry on to their end, on node2.
    const finished = await Promise.all(solo.map(({ bot }) => bot.finished(120_000)));
    expect(finished.every((view) => view.ended !== null)).toBe(true);
    for (const { matchId } of [...idle, ...solo]) expectIntactLog(await readStoredMatch(c.db, matchId));
    for (const bot of bots) bot.close();
  });
});
