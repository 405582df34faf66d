/**
 * `match:hint` over real sockets: the engine's best plays for a player's own dice in a match against the computer, and
 * nothing for anyone else — a match between people, a spectator, a visitor without a session, a private match's
 * stranger, the wrong moment, a malformed payload. A hint changes nothing in the match.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatePlay } from "@/lib/engine/moves";
import { BotClient } from "@/scripts/bot/bot-client";
import { matchInPlay } from "@/tests/support/match-in-play";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});

afterAll(async () => {
  await t.close();
});

/** A player (white, doing nothing by itself) against the computer in a private match, with both seeds in. */
async function againstTheComputer() {
  const user = await t.user();
  const bot = new BotClient({ url: t.url, cookie: user.cookie, seed: 11, play: false });
  await bot.connect();
  const { matchId } = await bot.create({ matchLength: 3, color: "white", visibility: "private", computer: "easy" });
  await bot.submitSeed("hint-seed");
  return { matchId, bot };
}

describe("match:hint", () => {
  it("ranks the plays of the player's own dice against the computer, best first, and changes nothing", async () => {
    const { matchId, bot } = await againstTheComputer();
    await bot.until((view) => view.state.turn === "white" && (view.state.phase === "turn-start" || view.state.phase === "moving"), 30_000);
    if (bot.view!.state.phase === "turn-start") {
      // Before the roll there are no dice to rank.
      expect(await bot.send("match:hint", { matchId })).toMatchObject({ ok: false, code: "ERR_WRONG_PHASE", values: { reason: "hint" } });
      const rolled = await bot.send("match:roll", bot.rollPayload(bot.view!));
      expect(rolled.ok).toBe(true);
      await bot.until((view) => view.state.phase === "moving" || view.state.turn !== "white");
    }
    const view = bot.view!;
    if (view.state.phase !== "moving" || view.state.onRoll !== "white") return; // the roll could not be played: nothing to hint
    const reply = await bot.send("match:hint", { matchId });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.version).toBe(view.version);
    expect(reply.plays.length).toBeGreaterThan(0);
    expect(reply.plays[0]!.loss).toBe(0);
    for (const play of reply.plays) expect(validatePlay(view.state.position, view.state.dice!, play.moves).ok).toBe(true);
    // Asked again: the same answer, and the match has not moved.
    expect(await bot.send("match:hint", { matchId })).toEqual(reply);
    expect(bot.view!.version).toBe(view.version);
    // The best play is a legal play the server accepts.
    expect((await bot.send("match:move", { matchId, expectedVersion: view.version, moves: [...reply.plays[0]!.moves] })).ok).toBe(true);
    bot.close();
  });

  it("gives nothing in a match between people, to either of them", async () => {
    const { matchId, white, black } = await matchInPlay(t);
    const mover = white.view!.state.onRoll === "white" ? white : black;
    expect(await mover.send("match:hint", { matchId })).toMatchObject({ ok: false, code: "ERR_FORBIDDEN", values: { reason: "hint" } });
    // A public match: a visitor without a session may watch it, and is told to sign in.
    const anonymous = new BotClient({ url: t.url, seed: 14, play: false });
    await anonymous.connect();
    expect(await anonymous.send("match:hint", { matchId })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    for (const client of [white, black, anonymous]) client.close();
  });

  it("gives nothing to a stranger, a visitor without a session, or a malformed request", async () => {
    const { matchId, bot } = await againstTheComputer();
    const stranger = new BotClient({ url: t.url, cookie: (await t.user()).cookie, seed: 12, play: false });
    const anonymous = new BotClient({ url: t.url, seed: 13, play: false });
    await Promise.all([stranger.connect(), anonymous.connect()]);
    // A private match: a stranger, signed in or not, learns nothing, not even that it exists.
    expect(await stranger.send("match:hint", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await stranger.send("match:hint", { matchId: "no-such-match" })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await anonymous.send("match:hint", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    for (const payload of [{}, { matchId: "<script>" }, { matchId, extra: 1 }, { matchId: 42 }]) {
      expect(await bot.send("match:hint", payload as never)).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD" });
    }
    for (const client of [bot, stranger, anonymous]) client.close();
  });
});
