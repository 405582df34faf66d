/**
 * Reconnection: a player whose connection drops for a while (far less than the abandonment limit) comes back with a
 * snapshot that holds everything that happened meanwhile and then receives every later event; and one player with two
 * tabs (two sockets) sees the same match in both, whichever tab acts.
 */
import { describe, expect, it } from "vitest";
import type { Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match";
import type { PresenceMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { seatBots } from "@/tests/support/match-in-play";
import { expectAuditVerifies, expectClientsSawTheLog, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { useTestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

// Bots act without thinking; the per-socket limit is for people. fair-dice-v2: white plays its turns while black is
// away, which under fair-dice-v3 it cannot — each of its rolls waits for black's value (a withheld value is the
// withholding claim of lib/match/leaving.ts; a v3 page sends the same values again on reconnecting, as the crash
// tests' bots do).
const t = useTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, diceProtocol: "fair-dice-v2" });


describe("a dropped connection", () => {
  it("resumes with a snapshot holding what happened while away, then misses no event", async () => {
    // White never doubles or resigns here, so after its turn the match always waits for black.
    const white = new BotClient({ url: t().url, cookie: (await t().user()).cookie, seed: 7, doubleRate: 0, resignRate: 0 });
    const resumedAt: number[] = [];
    const resumedWith: MatchView[] = [];
    const black = new BotClient({
      url: t().url,
      cookie: (await t().user()).cookie,
      seed: 8,
      onReply: (command, reply) => {
        if (command !== "match:watch") return;
        const { view } = (reply as { snapshot: { view: MatchView } }).snapshot;
        resumedAt.push(view.version);
        resumedWith.push(view);
      },
    });
    const spectator = new BotClient({ url: t().url, seed: 9, play: false });
    const matchId = await seatBots(white, black, 5);
    await spectator.connect();
    await spectator.watch(matchId);

    // Drops while white is on roll: white plays its turn while black is away, then the match waits for black.
    let drops = 0;
    while (drops < 3) {
      await waitFor(() => white.view!.ended !== null || (white.view!.state.phase === "turn-start" && white.view!.state.onRoll === "white"), "white on roll");
      if (white.view!.ended) break;
      const left = black.view!.version;
      const heardAway = new Promise<void>((resolve) => {
        const listener = (message: PresenceMessage) => {
          if (message.connected.black) return;
          spectator.socket.off("match:presence", listener);
          resolve();
        };
        spectator.socket.on("match:presence", listener);
      });
      black.socket.disconnect();
      drops++;
      await waitFor(() => white.view!.state.onRoll === "black" || white.view!.ended !== null, "white to play its turn");
      // The match now waits for black, who is away: white's view stays at this version until black is back. The
      // server has seen black go (the room heard it), and it holds the match at that version (a spectator asks).
      const whiteView = white.view!;
      const whileAway = whiteView.version;
      expect(whileAway).toBeGreaterThan(left);
      await heardAway;
      const held = await spectator.send("match:snapshot", { matchId });
      expect(held.ok && held.snapshot.view.version).toBe(whileAway);
      black.socket.connect();
      await waitFor(() => black.view!.version >= whileAway, "black to catch up");
      // Nothing of the absence came as an event: it all came in the snapshot black resumed with.
      expect(black.events.filter((m) => m.version > left && m.version <= whileAway)).toEqual([]);
      expect(resumedAt.at(-1)).toBeGreaterThanOrEqual(whileAway);
      // Compared as black resumed: once caught up, black's bot acts at once and its view moves on.
      expect(resumedWith.at(-1)).toEqual(whiteView);
    }
    await Promise.all([white.finished(), black.finished(), spectator.finished()]);
    expect(drops).toBeGreaterThan(0);
    expect([...white.errors, ...black.errors]).toEqual([]);
    // One snapshot per resume and no other: a missed event would have made the bot ask for one more.
    expect(resumedAt).toHaveLength(drops);

    const stored = await readStoredMatch(t().db, matchId);
    expectIntactLog(stored);
    expectClientsSawTheLog(stored, [white, black, spectator]);
    await expectAuditVerifies(t().url, matchId);
    for (const bot of [white, black, spectator]) bot.close();
  });
});

describe("two tabs of one player", () => {
  /** What black must do now, if anything (the same rules as the bot's, always the plainest choice). */
  function blackAction(view: MatchView, legalPlays: BotClient["legalPlays"]): { command: "match:roll" | "match:take" | "match:move" | "match:resign-decline"; moves?: { from: number; to: number }[] } | null {
    const { state } = view;
    const me: Color = "black";
    if (view.ended || view.status !== "playing") return null;
    if (state.pendingResign) return state.turn === me ? { command: "match:resign-decline" } : null;
    if (state.phase === "turn-start" && state.onRoll === me) return { command: "match:roll" };
    if (state.phase === "double-offered" && state.turn === me) return { command: "match:take" };
    if (state.phase === "moving" && state.onRoll === me && legalPlays.length > 0) {
      return { command: "match:move", moves: legalPlays[0]!.moves.map(({ from, to }) => ({ from, to })) };
    }
    return null;
  }

  it("keeps both tabs at the same version and view, and a command from either shows in both", async () => {
    const blackUser = await t().user();
    const white = new BotClient({ url: t().url, cookie: (await t().user()).cookie, seed: 17, resignRate: 0, doubleRate: 0.05 });
    // Two tabs of one browser: one store of salts (the page's local storage).
    const salts = new Map<string, string>();
    const tabA = new BotClient({ url: t().url, cookie: blackUser.cookie, seed: 18, play: false, salts });
    const tabB = new BotClient({ url: t().url, cookie: blackUser.cookie, seed: 19, play: false, salts });
    const matchId = await seatBots(white, tabA, 3);
    await tabB.connect();
    await tabB.watch(matchId);
    expect(tabB.you).toBe("black");

    let acted = 0;
    for (;;) {
      await waitFor(
        () => tabA.view!.version === white.view!.version && tabB.view!.version === white.view!.version && (white.view!.ended !== null || blackAction(tabA.view!, tabA.legalPlays) !== null),
        "black's turn in both tabs",
      );
      expect(tabB.view).toEqual(tabA.view);
      expect(tabB.legalPlays).toEqual(tabA.legalPlays);
      if (tabA.view!.ended) break;
      const [actor, other] = acted % 2 === 0 ? [tabA, tabB] : [tabB, tabA];
      const action = blackAction(actor.view!, actor.legalPlays)!;
      const version = actor.view!.version;
      const payload = action.command === "match:roll" ? actor.rollPayload(actor.view!) : { matchId, expectedVersion: version, ...(action.moves ? { moves: action.moves } : {}) };
      const reply = await actor.send(action.command, payload as never);
      // Its events start at the next version (a move that ends a game also reveals that game's seed: two events).
      expect(reply.ok && reply.events[0]?.version).toBe(version + 1);
      await waitFor(() => other.view!.version >= version + 1, "the other tab to see the command");
      expect(other.events.find((m) => m.version === version + 1)?.event).toEqual(actor.events.find((m) => m.version === version + 1)?.event);
      // The same command again from the other tab, with the version it was sent for, is refused (once the match is
      // over, for that reason first) and changes nothing. White's bot plays on meanwhile and may end the match before
      // the refusal is decided, so the tabs' views cannot tell which reason comes; the database can, afterwards: a
      // match that was over then is over now.
      const refusal = await other.send(action.command, payload as never);
      expect(refusal.ok ? "" : refusal.code).toMatch(/^ERR_(STALE_VERSION|WRONG_STATUS)$/);
      if (!refusal.ok && refusal.code === "ERR_WRONG_STATUS") expect((await t().db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).status).toBe("finished");
      acted++;
    }
    expect(acted).toBeGreaterThan(4);
    const stored = await readStoredMatch(t().db, matchId);
    expectIntactLog(stored);
    expectClientsSawTheLog(stored, [white, tabA, tabB]);
    expect(white.errors).toEqual([]);
    for (const bot of [white, tabA, tabB]) bot.close();
  });
});
