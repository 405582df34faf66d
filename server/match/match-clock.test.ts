/**
 * Clocks on the server: the server's clock (a fake one here, `now`) is the only timekeeper, its flag timers (fake
 * too, `setTimer`) end a match whose acting player ran out of delay and reserve, through the same append and
 * broadcast as a command; a command that comes after the flag fell is refused on a match that is over; and after a
 * restart the clocks are the same, the timers are armed again and a flag that fell while the server was down ends
 * the match at once. Every time is the test's, so nothing races the machine's load.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { readClock } from "@/lib/match";
import { BotClient } from "@/scripts/bot/bot-client";
import { Secret } from "@/server/vault";
import { expectAuditVerifies, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { tempDirs } from "@/tests/support/temp-dirs";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { loadLiveMatch } from "./live-match";

const S = 1000;
const CONTROL = { reserveMs: 10 * S, delayMs: 2 * S };

let clock = Date.parse("2026-12-02T10:00:00Z");
const timers: { at: number; fire: () => void; live: boolean }[] = [];
const setTimer = (fire: () => void, ms: number) => {
  const timer = { at: clock + ms, fire, live: true };
  timers.push(timer);
  return () => void (timer.live = false);
};
/** Moves the fake clock on and fires the timers that are due, as the event loop would. */
function advance(ms: number, fire = true): void {
  clock += ms;
  if (!fire) return;
  for (const timer of timers.filter((t) => t.live && t.at <= clock)) {
    timer.live = false;
    timer.fire();
  }
}
const armed = () => timers.filter((t) => t.live).length;

const dirs = tempDirs("fairgammon-clock-");
const open: TestServer[] = [];
const bots: BotClient[] = [];
const seedKey = new Secret(new Uint8Array(randomBytes(32)));

async function server(dir?: string): Promise<TestServer> {
  // fair-dice-v2: a roll is one command here, so each step of the fake clock falls on one side's turn. (A v3 roll waits
  // for the opponent's value, on the opponent's clock: lib/match/contributed-rolls.test.ts holds that rule.)
  const t = await startTestServer({ now: () => clock, setTimer, seedKey, diceProtocol: "fair-dice-v2", ...(dir ? { dir, keepDir: true } : {}) });
  open.push(t);
  return t;
}

afterEach(() => {
  for (const bot of bots.splice(0)) bot.close();
});
afterAll(async () => {
  for (const t of open) await t.close().catch(() => undefined);
});

/** The bot's first legal play, as the protocol's steps. */
function firstPlay(bot: BotClient): { from: number; to: number }[] {
  return bot.legalPlays[0]!.moves.map(({ from, to }) => ({ from, to }));
}

/** A timed 3-point match in play: white has opened and must move; each bot's answers come back before it returns. */
async function timedMatch(t: TestServer) {
  const [whiteUser, blackUser] = [await t.user(), await t.user()];
  const white = new BotClient({ url: t.url, cookie: whiteUser.cookie, seed: 1, play: false });
  const black = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 2, play: false });
  bots.push(white, black);
  await Promise.all([white.connect(), black.connect()]);
  const { matchId } = await white.create({ matchLength: 3, color: "white", visibility: "public", timeControl: CONTROL });
  await black.join(matchId);
  await white.submitSeed("white-seed");
  // The opening roll follows both players' salts, which the bots send by themselves (a tie rolls again): who opens is
  // up to the dice, so the test plays whoever it is. The flag timer is armed once the roll is stored.
  await black.submitSeed("black-seed");
  const view = await black.until((v) => v.state.phase === "moving");
  const opener = view.state.turn === "white" ? white : black;
  const other = opener === white ? black : white;
  await Promise.all([opener, other].map((bot) => bot.until((v) => v.version === view.version)));
  return { matchId, opener, other, openerColor: view.state.turn!, blackUser, whiteUser };
}

describe("match clocks on the server", () => {
  it("charges the mover, arms the flag, and ends the match on time with a loss for who ran out", async () => {
    const t = await server();
    const { matchId, opener, other, openerColor } = await timedMatch(t);
    const otherColor = openerColor === "white" ? "black" : "white";
    expect(opener.view?.clock?.running).toMatchObject({ color: openerColor, delayLeft: 2 * S });
    expect(armed()).toBeGreaterThan(0);

    // The opener thinks 5 s: 2 s of delay, 3 s of reserve.
    advance(5 * S);
    const moved = await opener.send("match:move", { matchId, moves: firstPlay(opener) });
    expect(moved.ok).toBe(true);
    expect(opener.view?.clock?.reserve[openerColor]).toBe(7 * S);
    // The other side rolls after 1 s (inside its delay), so its flag falls 1 s + 10 s after the roll.
    advance(1 * S);
    await other.until((v) => v.state.turn === otherColor);
    const rolled = await other.send("match:roll", other.rollPayload(other.view!));
    expect(rolled.ok).toBe(true);
    const running = other.view!.clock!;
    expect(running.reserve[otherColor]).toBe(10 * S);
    expect(readClock(running, clock)[otherColor]).toEqual({ reserve: 10 * S, delay: 1 * S, running: true });

    // One millisecond short of the flag nothing happens; past it the server stores the timeout by itself.
    advance(11 * S - 1);
    expect((await readStoredMatch(t.db, matchId)).version).toBe(other.view!.version);
    advance(1 + 10);
    const ended = await opener.finished(10_000);
    expect(ended.ended).toMatchObject({ reason: "timeout", winner: openerColor });
    expect(ended.clock?.reserve[otherColor]).toBe(0);
    expect(ended.clock?.running).toBeNull();

    const row = await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    expect({ status: row.status, endReason: row.endReason, winner: row.winner, reserveMs: row.reserveMs, delayMs: row.delayMs }).toEqual({
      status: "finished",
      endReason: "timeout",
      winner: openerColor,
      reserveMs: CONTROL.reserveMs,
      delayMs: CONTROL.delayMs,
    });
    const stored = await readStoredMatch(t.db, matchId);
    expectIntactLog(stored);
    await expectAuditVerifies(t.url, matchId);
    expect(armed()).toBe(0);
  });

  it("refuses a malformed time control at creation with a clear message, creating nothing", async () => {
    const t = await server();
    const user = await t.user();
    const bot = new BotClient({ url: t.url, cookie: user.cookie, seed: 8, play: false });
    bots.push(bot);
    await bot.connect();
    for (const timeControl of [{ reserveMs: 999, delayMs: 0 }, { reserveMs: 60_000, delayMs: -1 }, { reserveMs: 60_000, delayMs: 1.5 }]) {
      const reply = await bot.send("lobby:create", { matchLength: 1, color: "white", visibility: "public", timeControl });
      expect(reply).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD", values: { reason: "field", field: expect.stringMatching(/^timeControl\.(reserveMs|delayMs)$/) } });
      expect(reply.ok ? "" : reply.message).toMatch(/^The request was not understood: timeControl\.(reserveMs|delayMs) (is too small|has the wrong type)\.$/);
    }
    expect(await t.db.prisma.match.count({ where: { creatorId: user.id } })).toBe(0);
  });

  it("refuses a move sent after the flag fell, even before the timer's turn came, and ends the match instead", async () => {
    const t = await server();
    const { matchId, opener, openerColor } = await timedMatch(t);
    // The event loop is late: the clock passes the flag (2 s delay + 10 s reserve) and no timer has fired yet.
    advance(12 * S + 1, false);
    const late = await opener.send("match:move", { matchId, moves: firstPlay(opener) });
    expect(late).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS", values: { reason: "over" }, message: "The match is over." });
    const ended = await opener.finished(10_000);
    expect(ended.ended).toMatchObject({ reason: "timeout", winner: openerColor === "white" ? "black" : "white" });
  });

  it("looks at the clock when a player asks (a node that held the timer went away), deciding by the server's clock", async () => {
    const t = await server();
    const { matchId, opener, other } = await timedMatch(t);
    const version = other.view!.version;
    // Before the flag: nothing to store.
    advance(12 * S - 1, false);
    expect(await other.send("match:check-clock", { matchId })).toEqual({ ok: true, version, timedOut: false });
    const stranger = new BotClient({ url: t.url, cookie: (await t.user()).cookie, seed: 11, play: false });
    bots.push(stranger);
    await stranger.connect();
    expect(await stranger.send("match:check-clock", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_A_PLAYER" });
    // Past it, with no timer firing: the ask stores the timeout, which every page hears.
    advance(2, false);
    expect(await other.send("match:check-clock", { matchId })).toEqual({ ok: true, version: version + 1, timedOut: true });
    expect((await opener.finished(10_000)).ended?.reason).toBe("timeout");
  });

  it("decides a timeout during a player's reconnection by the server's clock alone, and the reconnected page sees it", async () => {
    const t = await server();
    const { matchId, opener, other, openerColor, whiteUser, blackUser } = await timedMatch(t);
    // The opener's connection drops; their flag falls while they are away (nothing waits for them to come back).
    opener.close();
    advance(12 * S + 10);
    const ended = await other.finished(10_000);
    expect(ended.ended).toMatchObject({ reason: "timeout", winner: openerColor === "white" ? "black" : "white" });
    const back = new BotClient({ url: t.url, cookie: (openerColor === "white" ? whiteUser : blackUser).cookie, seed: 7, play: false });
    bots.push(back);
    await back.connect();
    await back.watch(matchId);
    expect(back.view?.ended?.reason).toBe("timeout");
    expect(back.view?.clock).toEqual(ended.clock);
    // Coming back changes nothing: a move now is refused.
    expect(await back.send("match:roll", back.rollPayload(back.view!))).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });
  });

  it("keeps the clocks exactly across a restart, re-arms the flag, and applies a flag that fell while it was down", async () => {
    const dir = dirs();
    let t = await server(dir);
    // The second match's opener must move by 2 s + 10 s from now; the first match's second player by 5 s + 12 s.
    const second = await timedMatch(t);
    advance(4 * S);
    const first = await timedMatch(t);
    advance(1 * S);
    expect((await first.opener.send("match:move", { matchId: first.matchId, moves: firstPlay(first.opener) })).ok).toBe(true);
    const before = first.opener.view!;
    await t.close();
    for (const bot of bots.splice(0)) bot.close();
    expect(armed()).toBe(0); // closing cancels the timers

    // 8 s pass while the server is down: the second match's flag falls meanwhile, the first's does not.
    advance(8 * S);
    t = await server(dir);
    const rebuilt = await loadLiveMatch(t.db, first.matchId);
    expect(rebuilt?.live.view.clock).toEqual(before.clock);
    const down = await loadLiveMatch(t.db, second.matchId);
    expect(down?.live.view.ended).toMatchObject({ reason: "timeout", winner: second.openerColor === "white" ? "black" : "white" });

    // The first match's flag is armed again: its player on roll since the move, 8 s ago, has 4 s left.
    expect(armed()).toBe(1);
    const watcher = new BotClient({ url: t.url, cookie: first.whiteUser.cookie, seed: 9, play: false });
    bots.push(watcher);
    await watcher.connect();
    await watcher.watch(first.matchId);
    expect(watcher.view?.ended).toBeNull();
    advance(4 * S - 1);
    expect(watcher.view?.ended).toBeNull();
    advance(10);
    const ended = await watcher.finished(10_000);
    expect(ended.ended?.reason).toBe("timeout");
  });
});
