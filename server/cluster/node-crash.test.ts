/**
 * kill -9 of one node mid-match, in a cluster of two behind the sticky balancer (tests/support/test-cluster.ts): every
 * player starts on node1 (its sticky cookie says so); node1 is SIGKILLed while the matches are in play and stays down
 * (its restart is held back past the test), so the players' reconnects go through the balancer to node2, where they
 * finish. Afterwards every match is whole: event sequences and roll nonces contiguous, no roll lost or repeated, every
 * client's events the stored ones, and the audit bundle verified.
 *
 * Needs TEST_POSTGRES_URL and TEST_REDIS_URL (CI sets both); skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectAuditVerifies, expectClientsSawTheLog, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatBots } from "@/tests/support/match-in-play";
import { startTestCluster, type TestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const postgres = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(postgres && redisUrl);
if (!enabled) console.warn("cluster node-crash test skipped: set TEST_POSTGRES_URL and TEST_REDIS_URL to run it");

const MATCHES = 3;
let cluster: TestCluster | null = null;

describe.skipIf(!enabled)("kill -9 of a node mid-match (needs TEST_POSTGRES_URL and TEST_REDIS_URL)", () => {
  beforeAll(async () => {
    cluster = await startTestCluster({ nodes: 2, postgresServer: postgres!, redisUrl: redisUrl!, restartDelayMs: 10 * 60_000 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("moves the players of a killed node to the other one, where their matches finish with no roll lost or repeated", { timeout: 240_000 }, async () => {
    const c = cluster!;
    const matches: { matchId: string; white: BotClient; black: BotClient }[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const white = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 300 + i, reconnect: true, resignRate: 0 });
      const black = new BotClient({ url: c.url, cookie: await c.player("node1"), seed: 400 + i, reconnect: true, resignRate: 0 });
      matches.push({ matchId: await seatBots(white, black, 5), white, black });
    }
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

    for (const { matchId, white, black } of matches) {
      const stored = await readStoredMatch(c.db, matchId);
      expect(stored.seed.revealedSeed).toBe(stored.view.ended?.serverSeed);
      expectIntactLog(stored);
      expectClientsSawTheLog(stored, [white, black]);
      await expectAuditVerifies(c.url, matchId);
      // What bots were told failed is only what the crash explains: answers that never came.
      for (const error of [...white.errors, ...black.errors]) expect(error).toMatch(/disconnected|timed? ?out/i);
      white.close();
      black.close();
    }
  });
});
