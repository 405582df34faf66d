/**
 * The matchmaking queue on a real match server: two players who want the same thing are paired and seated in one
 * new match (rated when they asked for rated), a guest cannot queue for a rated match, players far apart in rating
 * wait until their windows have widened (a fake clock), and a player who disconnects leaves the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueueResult } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

let t: TestServer;
let clock = Date.now();
const bots: BotClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  for (const bot of bots) bot.close();
  await t?.close();
});

async function player(rating = 1500): Promise<{ bot: BotClient; id: string; results: QueueResult[] }> {
  const user = await t.user();
  if (rating !== 1500) await t.db.prisma.user.update({ where: { id: user.id }, data: { rating } });
  const bot = new BotClient({ url: t.url, cookie: user.cookie, seed: bots.length, play: false });
  bots.push(bot);
  await bot.connect();
  const results: QueueResult[] = [];
  bot.socket.on("queue:result", (result) => results.push(result));
  return { bot, id: user.id, results };
}

/** Resolves once `count` more pairing rounds have finished on the server (each looks at the whole queue). */
async function roundsPassed(count: number): Promise<void> {
  const target = t.server.matchmaker.rounds + count;
  await waitFor(() => t.server.matchmaker.rounds >= target, `${count} pairing rounds`, 10_000);
}

describe("the matchmaking queue", () => {
  it("pairs two players who want the same match and seats them both in a new rated match", async () => {
    const ada = await player();
    const bob = await player(1530);
    const queued = await ada.bot.send("queue:join", { matchLength: 3, rated: true });
    expect(queued).toEqual({ ok: true, rating: 1500, window: 50 });
    // Someone who wants another length is not a partner.
    const cyd = await player();
    expect((await cyd.bot.send("queue:join", { matchLength: 5, rated: true })).ok).toBe(true);
    expect((await bob.bot.send("queue:join", { matchLength: 3, rated: true })).ok).toBe(true);
    await waitFor(() => ada.results.length === 1 && bob.results.length === 1, "both players to hear of their match");
    const [result] = ada.results;
    expect(result).toEqual(bob.results[0]);
    if (!result?.ok) throw new Error("no match");
    const match = await t.db.prisma.match.findUniqueOrThrow({ where: { id: result.matchId } });
    expect(match).toMatchObject({ rated: true, matchLength: 3, status: "seeding" });
    expect([match.whiteId, match.blackId].sort()).toEqual([ada.id, bob.id].sort());
    expect(cyd.results).toEqual([]);
    await cyd.bot.send("queue:leave", {});
  });

  it("pairs a clock only with the same clock, and the match it starts keeps that clock", async () => {
    const clock = { reserveMs: 180_000, delayMs: 12_000 };
    const [ann, ben, cat] = [await player(), await player(), await player()];
    expect((await ann.bot.send("queue:join", { matchLength: 3, rated: false, timeControl: clock })).ok).toBe(true);
    // Same length and rating, untimed: not a partner for a timed wish.
    expect((await cat.bot.send("queue:join", { matchLength: 3, rated: false })).ok).toBe(true);
    expect((await ben.bot.send("queue:join", { matchLength: 3, rated: false, timeControl: { ...clock } })).ok).toBe(true);
    await waitFor(() => ann.results.length === 1 && ben.results.length === 1, "the two timed players to hear of their match");
    const [result] = ann.results;
    if (!result?.ok) throw new Error("no match");
    const match = await t.db.prisma.match.findUniqueOrThrow({ where: { id: result.matchId } });
    expect(match).toMatchObject({ reserveMs: clock.reserveMs, delayMs: clock.delayMs, rated: false });
    expect([match.whiteId, match.blackId].sort()).toEqual([ann.id, ben.id].sort());
    expect(cat.results).toEqual([]);
    await cat.bot.send("queue:leave", {});
  });

  it("keeps a guest out of the rated queue, and lets them into the unrated one", async () => {
    const created = await createUser(t.db, { username: `guest-${Date.now().toString(36)}`, isGuest: true });
    if (!created.ok) throw new Error(created.code);
    const bot = new BotClient({ url: t.url, cookie: await sessionCookieFor(created.value), seed: 99, play: false });
    bots.push(bot);
    await bot.connect();
    const refused = await bot.send("queue:join", { matchLength: 1, rated: true });
    expect(refused.ok ? "" : refused.code).toBe("ERR_REGISTERED_ONLY");
    expect((await bot.send("queue:join", { matchLength: 1, rated: false })).ok).toBe(true);
    await bot.send("queue:leave", {});
  });

  it("pairs players far apart only once both have waited long enough", async () => {
    const low = await player(1400);
    const high = await player(1650);
    await low.bot.send("queue:join", { matchLength: 7, rated: true });
    await high.bot.send("queue:join", { matchLength: 7, rated: true });
    // 250 apart: the windows start at 50. Two pairing rounds after both joined pass without a match.
    await roundsPassed(2);
    expect(low.results).toEqual([]);
    // 40 s later both windows are 250.
    clock += 40_000;
    await waitFor(() => low.results.length === 1 && high.results.length === 1, "the widened windows to meet");
    expect(low.results[0]).toEqual(high.results[0]);
  });

  it("drops a player who disconnects from the queue", async () => {
    const gone = await player();
    const stays = await player();
    await gone.bot.send("queue:join", { matchLength: 9, rated: false });
    gone.bot.close();
    await waitFor(async () => (await t.server.matchmaker.size()) === 0, "the closed socket to leave the queue", { timeoutMs: 10_000, intervalMs: 5 });
    await stays.bot.send("queue:join", { matchLength: 9, rated: false });
    await roundsPassed(2);
    expect(stays.results).toEqual([]);
    const next = await player();
    await next.bot.send("queue:join", { matchLength: 9, rated: false });
    await waitFor(() => stays.results.length === 1 && next.results.length === 1, "the two connected players to be paired");
  });
});
