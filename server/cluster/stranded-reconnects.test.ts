/**
 * Issue 47 item 3, the stranded reconnects: after `kill -9` of a node its sockets kept their places in the
 * cluster-wide per-address and per-user sets (server/match/connection-limits.ts) until their 60 s expiry, so the
 * players reconnecting to the survivor counted twice, hit ERR_TOO_MANY_CONNECTIONS — and Socket.IO never retries after
 * a middleware refusal, so their pages just showed offline (3 of 24 matches stranded in the fault run).
 *
 * Here the address cap is exactly the bots' sockets (all come from 127.0.0.1 through the balancer), and one account
 * also holds exactly its cap: every reconnect after the kill is refused unless the dead node's places are freed at
 * once. The bots, like the browser, do not retry after a refusal: each match finishes only if every reconnect is let in.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL; skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import type { BotClient } from "@/scripts/bot/bot-client";
import { expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { clusterTestsEnabled, seatClusterMatches, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const MATCHES = 2;

describe.skipIf(!clusterTestsEnabled("cluster stranded-reconnects"))("reconnects after kill -9 of a node, at the connection caps (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({
    nodes: 2,
    restartDelayMs: 10 * 60_000,
    // Every bot's socket comes from 127.0.0.1: the address is full with exactly these matches' players.
    env: { SOCKETS_PER_ADDRESS: String(2 * MATCHES), SOCKETS_PER_USER: "1" },
  });

  it("lets every player of the killed node back in on the survivor at once, where the matches finish", { timeout: 120_000 }, async () => {
    const c = cluster();
    const matches = await seatClusterMatches(c, MATCHES, { white: "node1", black: "node1", seed: 500, matchLength: 3 });
    const bots = matches.flatMap(({ white, black }) => [white, black]);
    const refusals: string[] = [];
    const back = new Set<BotClient>();
    let killedAt = Infinity;
    for (const bot of bots) {
      bot.socket.on("connect_error", (error) => refusals.push(error.message));
      bot.socket.on("connect", () => Date.now() >= killedAt && back.add(bot));
    }
    await waitFor(() => matches.every(({ white }) => (white.view?.rolls.length ?? 0) >= 2), "every match to have rolled", 60_000);

    killedAt = Date.now();
    process.kill(c.nodeOf("node1").pid!, "SIGKILL");
    // A refusal is final (Socket.IO does not retry after one): stop at the first, or when every bot is back.
    await waitFor(() => back.size === bots.length || refusals.some((message) => message.includes("ERR_")), () => `the bots to reconnect (${back.size} of ${bots.length})`, 60_000);
    expect(refusals.filter((message) => message.includes("ERR_"))).toEqual([]);
    const reconnectedMs = Date.now() - killedAt;

    const done = await Promise.all(bots.map((bot) => bot.finished(90_000)));
    expect(done.every((view) => view.ended !== null)).toBe(true);
    for (const { matchId } of matches) expectIntactLog(await readStoredMatch(c.db, matchId));
    console.info(`stranded-reconnects: every bot back on node2 ${reconnectedMs} ms after the kill`);
    for (const bot of bots) bot.close();
  });
});
