/**
 * Abandonment: a player who has been away longer than the limit loses the match to an opponent who claims it; before
 * that the claim is refused with the time left to wait. The server's clock is the test's (`now`), so "longer than the
 * limit" is exact, not a race with the machine's load.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PresenceMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { connectedPlayers, type ConnectedPlayer } from "@/tests/support/connected-players";
import { EnvError, parseEnv } from "@/server/config/env";
import { expectAuditVerifies, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { matchInPlay } from "@/tests/support/match-in-play";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

const LIMIT_MS = 300;
let clock = Date.parse("2026-11-29T12:00:00Z");
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ abandonAfterMs: LIMIT_MS, now: () => clock });
});

afterAll(async () => {
  await t.close();
});

function nextPresence(bot: BotClient, predicate: (message: PresenceMessage) => boolean): Promise<PresenceMessage> {
  return new Promise((resolve) => {
    const listener = (message: PresenceMessage) => {
      if (!predicate(message)) return;
      bot.socket.off("match:presence", listener);
      resolve(message);
    };
    bot.socket.on("match:presence", listener);
  });
}

describe("abandonment", () => {
  it("refuses a claim while the opponent is connected or away for less than the limit, then ends the match for the claimer", async () => {
    const { matchId, white, black, blackUser } = await matchInPlay(t);
    const spectator = new BotClient({ url: t.url, seed: 3, play: false });
    await spectator.connect();
    await spectator.watch(matchId);
    const before = await readStoredMatch(t.db, matchId);

    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED", message: `${blackUser.name} is connected.` });

    // Black has a second tab: closing one of the two leaves black connected.
    const blackTab = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 4, play: false });
    await blackTab.connect();
    await blackTab.watch(matchId);
    blackTab.close();
    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED", message: `${blackUser.name} is connected.` });

    // Black goes away; the room hears it, with the time the clock started.
    const leftAt = clock;
    const away = nextPresence(white, (m) => !m.connected.black);
    black.close();
    expect(await away).toEqual({ matchId, connected: { white: true, black: false }, awaySince: { white: null, black: leftAt } });

    clock += LIMIT_MS - 1;
    const early = await white.send("match:claim-abandoned", { matchId });
    expect(early).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED" });
    expect(early.ok ? "" : early.message).toMatch(/has been away for 0 s; you can claim the match in 1 s\.$/);
    // Only a player of the match can claim it.
    expect(await spectator.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    const stranger = new BotClient({ url: t.url, cookie: (await t.user()).cookie, seed: 5, play: false });
    await stranger.connect();
    expect(await stranger.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_A_PLAYER" });
    stranger.close();
    // Nothing was written by the refusals.
    expect((await readStoredMatch(t.db, matchId)).version).toBe(before.version);

    clock += 1;
    // A claim pinned to a version the match has left is refused like any other stale command.
    expect(await white.send("match:claim-abandoned", { matchId, expectedVersion: before.version - 1 })).toMatchObject({ ok: false, code: "ERR_STALE_VERSION" });
    const claimed = await white.send("match:claim-abandoned", { matchId, expectedVersion: before.version });
    expect(claimed).toMatchObject({ ok: true, version: before.version + 1 });
    const ended = await spectator.until((view) => view.ended !== null);
    expect(ended.ended).toMatchObject({ reason: "abandoned", winner: "white" });

    const stored = await readStoredMatch(t.db, matchId);
    expectIntactLog(stored);
    const row = await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    expect({ status: row.status, endReason: row.endReason, winner: row.winner }).toEqual({ status: "finished", endReason: "abandoned", winner: "white" });
    expect(stored.seed.revealedSeed).toBe(ended.ended?.serverSeed);
    // A fair-dice-v2 seed: SHA-256 applied chainLength times gives the commitment.
    expect(stored.seed.chainLength).toBe(2 * stored.view.matchLength - 1);
    let link = stored.seed.revealedSeed ?? "";
    for (let i = 0; i < (stored.seed.chainLength ?? 1); i++) link = createHash("sha256").update(link).digest("hex");
    expect(link).toBe(stored.seed.commitment);
    const audit = await expectAuditVerifies(t.url, matchId);
    expect(audit.status).toBe("finished");
    // Over is over: a second claim changes nothing.
    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });
    white.close();
    spectator.close();
  });

  it("restarts the clock when the player comes back before the limit", async () => {
    const { matchId, white, black, blackUser } = await matchInPlay(t);
    const away = nextPresence(white, (m) => !m.connected.black);
    black.close();
    await away;
    clock += LIMIT_MS - 50;

    const back = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 6, play: false });
    await back.connect();
    await back.watch(matchId);
    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED", message: `${blackUser.name} is connected.` });

    const awayAgain = nextPresence(white, (m) => !m.connected.black);
    back.close();
    expect((await awayAgain).awaySince.black).toBe(clock);
    clock += LIMIT_MS - 1;
    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED" });
    clock += 1;
    expect(await white.send("match:claim-abandoned", { matchId })).toMatchObject({ ok: true });
    white.close();
  });

  it("takes the production limit from ABANDON_AFTER_SECONDS, five minutes by default", () => {
    expect(parseEnv({}).ABANDON_AFTER_SECONDS).toBe(300);
    expect(parseEnv({ ABANDON_AFTER_SECONDS: "90" }).ABANDON_AFTER_SECONDS).toBe(90);
    expect(() => parseEnv({ ABANDON_AFTER_SECONDS: "0" })).toThrow(EnvError);
    expect(() => parseEnv({ ABANDON_AFTER_SECONDS: "soon" })).toThrow(/ABANDON_AFTER_SECONDS/);
  });

  it("ends a match against the computer that its player walked away from, for the computer, once the limit has passed", async () => {
    const [{ bot }] = (await connectedPlayers(t, 1, { firstSeed: 77 })) as [ConnectedPlayer];
    const { matchId } = await bot.create({ matchLength: 3, color: "white", visibility: "public", computer: "easy" });
    await bot.submitSeed("walks-away");
    await bot.until((view) => view.status === "playing");
    const spectator = new BotClient({ url: t.url, seed: 78, play: false });
    await spectator.connect();
    await spectator.watch(matchId);
    // The server hears the socket close, and tells the room (its clock is the test's: the time away starts now).
    const leftAt = clock;
    const away = nextPresence(spectator, (m) => !m.connected.white);
    bot.close();
    expect((await away).awaySince.white).toBe(leftAt);
    // Away, but not yet for the limit: the computer's sweep (every second here; run once more by hand, so that one
    // certainly ran at this time) claims nothing.
    clock += LIMIT_MS - 1;
    expect(await t.server.computer.claimAbandoned()).toBe(0);
    expect((await readStoredMatch(t.db, matchId)).view.ended).toBeNull();
    // Past the limit, the sweep by itself ends the match.
    clock += 2;
    const ended = await spectator.until((view) => view.ended !== null, 10_000);
    spectator.close();
    expect(ended.ended).toMatchObject({ reason: "abandoned", winner: "black" });
    const stored = await readStoredMatch(t.db, matchId);
    expect(stored.view.ended).toMatchObject({ reason: "abandoned", winner: "black" });
    expect(stored.view.rated).toBe(false);
    expectIntactLog(stored);
  }, 30_000);
});
