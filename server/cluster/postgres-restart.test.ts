/**
 * PostgreSQL restart under a running cluster: two nodes behind the balancer on a private PostgreSQL server
 * (tests/support/private-services.ts) that the test stops while matches are in play and starts again.
 *
 * - A command sent while the database is down is answered ERR_UNAVAILABLE at once — no crash, no hang — and wrote
 *   nothing (the stored version is unchanged); the nodes report themselves not ready meanwhile.
 * - The same command succeeds once the database is back, and a match whose bots kept playing through the outage
 *   (retrying what was refused) finishes whole: contiguous events and roll nonces, every client's events the stored
 *   ones, the audit bundle verified. Transactions cut off by the stop do not leak pool connections
 *   (server/db/postgres-resilience.ts), or the commands after it would wait forever.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both; the test runs its own PostgreSQL from the same
 * installation); skipped otherwise.
 */
import { describe, expect, it } from "vitest";
import type { Ack } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectFinishedMatchWhole, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatBots } from "@/tests/support/match-in-play";
import { clusterTestsEnabled, readiness, useTestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

describe.skipIf(!clusterTestsEnabled("cluster PostgreSQL restart"))("PostgreSQL restart under a cluster (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  const cluster = useTestCluster({ nodes: 2, privatePostgres: true });

  it("answers ERR_UNAVAILABLE while the database is down, writes nothing, and carries on after it is back", { timeout: 240_000 }, async () => {
    const c = cluster();
    const postgres = c.privatePostgres!;
    // Match A, driven by hand: the command sent during the outage.
    const white = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 701, play: false, reconnect: true });
    const black = new BotClient({ url: c.url, cookie: await c.player("node2"), seed: 702, play: false, reconnect: true });
    const manual = await seatBots(white, black, 3);
    await white.until((view) => view.state.phase === "moving");
    await black.until((view) => view.version === white.view!.version);
    // Match B, bots playing by themselves through the outage.
    const players = [
      new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 703, reconnect: true, resignRate: 0 }),
      new BotClient({ url: c.url, cookie: await c.player("node2"), seed: 704, reconnect: true, resignRate: 0 }),
    ] as const;
    const auto = await seatBots(players[0], players[1], 5);
    await waitFor(() => (players[0].view?.rolls.length ?? 0) >= 4, "match B to be under way", 60_000);

    const mover = white.view!.state.onRoll === "white" ? white : black;
    const version = mover.view!.version;
    const payload = { matchId: manual, expectedVersion: version, moves: mover.legalPlays[0]!.moves.map(({ from, to }) => ({ from, to })) };
    await postgres.stop();

    const started = Date.now();
    const refused: Ack<object> = await mover.send("match:move", payload);
    expect(refused).toMatchObject({ ok: false, code: "ERR_UNAVAILABLE" });
    expect(Date.now() - started).toBeLessThan(15_000);
    const unready = await readiness(c.nodeOf("node1").url);
    expect(unready.status).toBe(503);
    expect(unready.body.checks).toMatchObject({ database: expect.stringMatching(/unavailable|timeout/), redis: "ok" });
    // Match B's bots meet the outage too: one of their commands is refused before the database comes back.
    await waitFor(() => players[0].unavailable + players[1].unavailable > 0, "match B's bots to have a command refused", { timeoutMs: 30_000, intervalMs: 20 });

    await postgres.start();
    let accepted: Ack<object> = refused;
    await waitFor(
      async () => {
        accepted = await mover.send("match:move", payload);
        if (!accepted.ok) expect(accepted.code).toBe("ERR_UNAVAILABLE");
        return accepted.ok;
      },
      "the move to be accepted once the database is back",
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(accepted).toMatchObject({ ok: true, version: version + 1 });
    // Nothing of the refused attempt was stored: the accepted move is the event right after the version it was sent at.
    const storedA = await readStoredMatch(c.db, manual);
    expectIntactLog(storedA);
    expect(storedA.events[version]?.event).toMatchObject({ type: "action", action: { type: "move" } });

    const done = await Promise.all(players.map((bot) => bot.finished(180_000)));
    expect(done.every((view) => view.ended !== null)).toBe(true);
    expect(players[0].unavailable + players[1].unavailable, "commands match B's bots had refused during the outage").toBeGreaterThan(0);
    expect(c.supervisor.nodes.map((node) => node.restarts)).toEqual([0, 0]);
    await waitFor(() => c.balancer.ready().length === 2, "both nodes ready again", 30_000);

    await expectFinishedMatchWhole(c.db, c.url, auto, players);
    for (const bot of [white, black, ...players]) bot.close();
  });
});
