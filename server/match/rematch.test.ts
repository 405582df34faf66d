/**
 * Rematch: at the end of a match either player offers it, the opponent declines or accepts; accepting makes one new
 * match with the same settings (length, time control, visibility, rated) and the colours swapped, both players seated, and
 * tells both through the finished match's events (lib/match/rematch.ts); the match is made by a reaction to the stored
 * agreement, and both pages are sent to it only once it exists (`match:rematch-ready`). Nobody else can ask, a match in
 * play has none, and answering twice makes no second match.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchEventMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { connectedPlayers, type ConnectedPlayer } from "@/tests/support/connected-players";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { loadLiveMatch } from "./live-match";

let t: TestServer;
const CONTROL = { reserveMs: 300_000, delayMs: 10_000 };

beforeAll(async () => {
  // A bot plays the computer at full speed (dozens of commands a second); the command limit is not tested here.
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});
afterAll(async () => {
  await t.close();
});

/** The rematch events a bot hears broadcast (its own too: a rematch answer carries the rematch, not the events). */
function heard(bot: BotClient): MatchEventMessage[] {
  const messages: MatchEventMessage[] = [];
  bot.socket.on("match:event", (message) => {
    if (message.event.type.startsWith("rematch-")) messages.push(message);
  });
  return messages;
}

describe("rematch", () => {
  it("is offered, declined, offered again and accepted: one new match, same settings, colours swapped", async () => {
    const [{ user: ann, bot: white }, { user: bob, bot: black }, { bot: stranger }] = (await connectedPlayers(t, 3, { firstSeed: 1 })) as [ConnectedPlayer, ConnectedPlayer, ConnectedPlayer];
    const { matchId, inviteToken } = await white.create({ matchLength: 1, color: "white", visibility: "private", timeControl: CONTROL, rated: true });
    await black.join(matchId, inviteToken ?? undefined);
    await white.submitSeed("w");
    await black.submitSeed("b");
    const inPlay = await black.until((view) => view.state.phase === "moving");
    expect(await white.send("match:rematch", { matchId })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });

    // The player to move resigns a single game; the other accepts: 1 point ends the 1-point match.
    const mover = inPlay.state.turn === "white" ? white : black;
    const other = mover === white ? black : white;
    await mover.until((view) => view.version === inPlay.version);
    expect((await mover.send("match:resign", { matchId, level: 1 })).ok).toBe(true);
    await other.until((view) => view.state.pendingResign !== null);
    expect((await other.send("match:resign-accept", { matchId })).ok).toBe(true);
    await white.finished(10_000);
    await black.finished(10_000);

    const toWhite = heard(white);
    const toBlack = heard(black);
    // A private match: a stranger is answered as if it did not exist (visibility.ts).
    expect(await stranger.send("match:rematch", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await black.send("match:rematch-answer", { matchId, accept: true })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });

    expect(await white.send("match:rematch", { matchId })).toEqual({ ok: true, rematch: { offeredBy: "white", declinedBy: null, matchId: null } });
    await waitFor(() => toBlack.length === 1, "black hears the offer");
    expect(toBlack[0]?.event).toEqual({ type: "rematch-offered", color: "white" });
    // The offerer cannot answer their own offer.
    expect(await white.send("match:rematch-answer", { matchId, accept: true })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });
    expect(await black.send("match:rematch-answer", { matchId, accept: false })).toEqual({ ok: true, rematch: { offeredBy: null, declinedBy: "black", matchId: null } });
    await waitFor(() => toWhite.length === 2, "white hears the decline");
    expect(toWhite.map((message) => message.event)).toEqual([{ type: "rematch-offered", color: "white" }, { type: "rematch-declined", color: "black" }]);

    expect((await white.send("match:rematch", { matchId })).ok).toBe(true);
    // The offerer's page is sent on only when the match exists: the notice finds it in the database.
    const readyAt = new Promise<{ rematchId: string; exists: boolean }>((resolve) =>
      white.socket.once("match:rematch-ready", (ready) => {
        void t.db.prisma.match.count({ where: { id: ready.rematchId } }).then((count) => resolve({ rematchId: ready.rematchId, exists: count === 1 }));
      }),
    );
    const accepted = await black.send("match:rematch-answer", { matchId, accept: true });
    if (!accepted.ok) throw new Error(accepted.message);
    const rematchId = accepted.rematch.matchId;
    expect(rematchId).toMatch(/.+/);
    await waitFor(() => toWhite.some((m) => m.event.type === "rematch-made" && m.event.matchId === rematchId), "white hears the rematch");
    expect(await readyAt).toEqual({ rematchId, exists: true });

    const next = await loadLiveMatch(t.db, rematchId!);
    const view = next!.live.view;
    expect({ white: view.players.white?.id, black: view.players.black?.id }).toEqual({ white: bob.id, black: ann.id });
    expect({ length: view.matchLength, visibility: view.visibility, control: view.timeControl, rated: view.rated, status: view.status }).toEqual({
      length: 1,
      visibility: "private",
      control: CONTROL,
      rated: true,
      status: "seeding",
    });
    // The finished match's view names the rematch, for a page that opens it later.
    stranger.close();
    const late = new BotClient({ url: t.url, cookie: ann.cookie, seed: 4, play: false });
    await late.connect();
    const snapshot = await late.send("match:watch", { matchId });
    const made = { offeredBy: "white", declinedBy: null, matchId: rematchId };
    expect(snapshot.ok && snapshot.snapshot.view.rematch).toEqual(made);
    // Asking or answering again gives the same rematch, never a second match.
    expect(await black.send("match:rematch", { matchId })).toEqual({ ok: true, rematch: made });
    expect(await black.send("match:rematch-answer", { matchId, accept: true })).toEqual({ ok: true, rematch: made });
    expect(await t.db.prisma.match.count({ where: { creatorId: ann.id } })).toBe(2);
    for (const bot of [white, black, late]) bot.close();
  });

  it("against the computer is made at once, the computer seated and seeded with the colours swapped", async () => {
    const alice = await t.user();
    const bot = new BotClient({ url: t.url, cookie: alice.cookie, seed: 5 });
    await bot.connect();
    const { matchId } = await bot.create({ matchLength: 1, color: "white", visibility: "public", computer: "easy" });
    await bot.submitSeed("alice-seed");
    await bot.finished(60_000);
    const made = await bot.send("match:rematch", { matchId });
    if (!made.ok) throw new Error(made.message);
    expect(made.rematch.offeredBy).toBe("white");
    const rematchId = made.rematch.matchId!;
    // The computer adds its seed by itself, just after the match is made.
    let view = (await loadLiveMatch(t.db, rematchId))!.live.view;
    for (let tries = 0; view.clientSeeds.white === null && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      view = (await loadLiveMatch(t.db, rematchId))!.live.view;
    }
    expect(view.clientSeeds.white).toMatch(/^[0-9a-f]{32}$/);
    expect(view.players.black?.id).toBe(alice.id);
    expect(view.players.white?.name).toMatch(/^Computer/);
    expect(view.status).toBe("seeding");
    bot.close();
  });
});
