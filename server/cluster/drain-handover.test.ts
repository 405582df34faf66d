/**
 * Issue 47 item 3, the SIGTERM drain: in the fault run an event written by the draining node (a take, a winning move)
 * never reached the other node's player, and the match's end waited 22.5 s for a recovery. A draining node must get
 * everything it stored out to the other nodes before it closes, and hand its matches over at once — not leave them to
 * the others' presence timeout.
 *
 * Each match here has white on node1 and black on node2 (their sticky cookies say so); node1 gets SIGTERM mid-play
 * and stays down; so does a player of node1 playing the computer, whose moves node1 was making. Every match must finish with both clients having seen the whole stored log, and no match may stand
 * still after the SIGTERM for as long as the presence timeout (three report periods): a wait that long is a match
 * left for a recovery.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL; skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectClientsSawTheLog, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatAgainstComputer } from "@/tests/support/match-in-play";
import { clusterTestsEnabled, PRESENCE_REPORT_MS, seatClusterMatches, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const MATCHES = 6;
const COMPUTER_MATCHES = 3;

describe.skipIf(!clusterTestsEnabled("cluster drain-handover"))("a SIGTERM drain mid-play (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, restartDelayMs: 10 * 60_000, env: { SHUTDOWN_DRAIN_SECONDS: "1" } });

  it("delivers everything the draining node stored and leaves no match waiting for a recovery", { timeout: 180_000 }, async () => {
    const c = cluster();
    const matches = await seatClusterMatches(c, MATCHES, { white: "node1", black: "node2", seed: 700, matchLength: 3 });
    const solo: { matchId: string; bot: BotClient }[] = [];
    for (let i = 0; i < COMPUTER_MATCHES; i++) {
      const bot = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 900 + i, reconnect: true, resignRate: 0 });
      solo.push({ matchId: await seatAgainstComputer(bot, 3), bot });
    }
    await waitFor(
      () => matches.every(({ white }) => (white.view?.rolls.length ?? 0) >= 2) && solo.every(({ bot }) => (bot.view?.rolls.length ?? 0) >= 2),
      "every match to have rolled",
      60_000,
    );

    const termAt = new Date();
    process.kill(c.nodeOf("node1").pid!, "SIGTERM");
    const done = await Promise.all([...matches.flatMap(({ white, black }) => [white.finished(120_000), black.finished(120_000)]), ...solo.map(({ bot }) => bot.finished(120_000))]);
    expect(done.every((view) => view.ended !== null)).toBe(true);
    await waitFor(() => c.nodeOf("node1").pid === null, "node1 to exit", 30_000);

    // The longest each match stood still after the SIGTERM (from one stored event to the next, or the SIGTERM to the first).
    const stills = await c.db.prisma.$queryRawUnsafe<{ matchId: string; still: number }[]>(
      `SELECT "matchId", EXTRACT(EPOCH FROM MAX(gap)) * 1000 AS still FROM (
         SELECT "matchId", "createdAt" - GREATEST(LAG("createdAt") OVER (PARTITION BY "matchId" ORDER BY sequence), $1::timestamptz) AS gap
         FROM "MatchEvent" WHERE "createdAt" > $1::timestamptz) gaps GROUP BY "matchId"`,
      termAt.toISOString(),
    );
    const longest = Math.max(...stills.map(({ still }) => Number(still)));
    console.info(`drain-handover: longest still after the SIGTERM ${Math.round(longest)} ms (${stills.map(({ still }) => Math.round(Number(still))).join(", ")})`);
    for (const { matchId, white, black } of matches) {
      const stored = await readStoredMatch(c.db, matchId);
      expectIntactLog(stored);
      expectClientsSawTheLog(stored, [white, black]);
      white.close();
      black.close();
    }
    for (const { matchId, bot } of solo) {
      const stored = await readStoredMatch(c.db, matchId);
      expectIntactLog(stored);
      expectClientsSawTheLog(stored, [bot]);
      bot.close();
    }
    expect(longest).toBeLessThan(3 * PRESENCE_REPORT_MS);
  });
});
