/**
 * Playing the computer, end to end over real sockets and a real SQLite database: a bot creates a match against the
 * computer, which takes the other seat at once and adds a client seed drawn after the commitment; the bot adds its
 * own and the two play to the end through the same command path (fair-dice-v3: the person's browser, here the bot,
 * gives a chain value to each of the computer's rolls too); the audit bundle verifies with lib/dice, and every
 * one of the computer's events is recorded as its own user's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditBundle, type RecordTurn } from "@/lib/dice";
import { verifyBundle } from "@/lib/record/verify-bundle";
import { BotClient } from "@/scripts/bot/bot-client";
import { connectedPlayers, type ConnectedPlayer } from "@/tests/support/connected-players";
import { COMPUTER_USERNAMES } from "@/server/db/computer-users";
import { findUserById } from "@/server/db/users";
import { takeSeat, waitingMatch } from "@/server/db/test-fixtures";
import { SeedVault } from "@/server/vault";
import { readStoredMatch } from "@/tests/support/match-checks";
import { fetchProofKeys } from "@/tests/support/proof-keys";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});

afterAll(async () => {
  await t.close();
});

async function fetchAudit(matchId: string): Promise<AuditBundle & { record: RecordTurn[] }> {
  const response = await fetch(`${t.url}/api/matches/${matchId}/audit`);
  expect(response.status).toBe(200);
  return (await response.json()) as AuditBundle & { record: RecordTurn[] };
}

describe("a match against the computer", () => {
  it("seats the computer at once, with a client seed recorded after the commitment", async () => {
    const alice = await t.user();
    const bot = new BotClient({ url: t.url, cookie: alice.cookie, seed: 1, play: false });
    await bot.connect();
    const { matchId } = await bot.create({ matchLength: 3, color: "white", visibility: "public", computer: "medium" });
    expect(bot.view?.status).toBe("seeding");
    expect(bot.view?.players.black?.name).toBe(COMPUTER_USERNAMES.medium);
    // The records say each account's kind (from the user rows): the computer is a kind, not a name.
    expect(bot.view?.players).toMatchObject({ white: { kind: "registered" }, black: { kind: "computer" } });
    expect(bot.view?.clientSeeds.black).toMatch(/^[0-9a-f]{32}$/);
    expect(bot.view?.clientSeeds.white).toBeNull();
    const stored = await readStoredMatch(t.db, matchId);
    // created (with the commitment), the computer's join, then its seed: drawn once the commitment was stored.
    expect(stored.events.map(({ event }) => event.type)).toEqual(["created", "joined", "seed"]);
    // Rebuilt from the log, the computer's kind comes from its user row again.
    expect(stored.view.players.black?.kind).toBe("computer");
    const computerId = stored.view.players.black?.id;
    expect(stored.actors).toEqual([alice.id, computerId, computerId]);
    // It is not an open challenge: nobody else can take the seat.
    const listed = await bot.send("lobby:list", {});
    expect(listed.ok && listed.openMatches.some((c) => c.matchId === matchId)).toBe(false);
    bot.close();
  });

  for (const [level, matchLength, color] of [["easy", 3, "white"], ["hard", 1, "black"]] as const) {
    it(`plays a ${matchLength}-point match at level ${level} to the end against a bot; the audit bundle verifies`, async () => {
      const alice = await t.user();
      const bot = new BotClient({ url: t.url, cookie: alice.cookie, seed: 7, doubleRate: 0.2, dropRate: 0.2, resignRate: 0.01 });
      await bot.connect();
      const { matchId } = await bot.create({ matchLength, color, visibility: "public", computer: level });
      await bot.submitSeed(`alice-${level}`);
      const view = await bot.finished(240_000);
      expect(bot.errors).toEqual([]);
      expect(view.status).toBe("finished");
      expect(Math.max(view.state.score.white, view.state.score.black)).toBeGreaterThanOrEqual(matchLength);

      const audit = await fetchAudit(matchId);
      const report = verifyBundle(audit, audit.record, { keys: await fetchProofKeys(t.url) });
      expect(report.checks.filter((c) => c.status !== "passed")).toEqual([]);
      expect(report.verdict).toBe("verified");
      // fair-dice-v3: the bundle names the computer's seat; its salts and chain values are its game seeds' (checked by
      // contributions and chain-values), and the person's browser gave a value to every one of the computer's rolls.
      const computerSeat = color === "white" ? "black" : "white";
      expect((audit as unknown as { protocol: string; computer?: string }).protocol).toBe("fair-dice-v3");
      expect((audit as unknown as { computer?: string }).computer).toBe(computerSeat);
      expect(report.checks.find((c) => c.id === "contributions")).toMatchObject({ status: "passed", say: { key: "contributions" } });
      expect(report.checks.find((c) => c.id === "chain-values")).toMatchObject({ status: "passed", say: { key: "chainValues" } });
      const rolls = (audit as unknown as { rolls: { kind: string; player: string | null; values: Record<string, string> }[] }).rolls;
      const computerRolls = rolls.filter((roll) => roll.kind === "turn" && roll.player === computerSeat);
      expect(computerRolls.length).toBeGreaterThan(0);
      for (const roll of computerRolls) expect(Object.keys(roll.values)).toEqual([color]);
      // The computer erased from the bundle (so that its seat would read as a person's): named, and the signature fails.
      const { computer: _erased, ...erased } = audit as unknown as Record<string, unknown>;
      const erasedReport = verifyBundle(erased, audit.record, { keys: await fetchProofKeys(t.url) });
      expect(erasedReport.checks.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(expect.arrayContaining(["contributions", "signature"]));
      expect(erasedReport.checks.find((c) => c.id === "contributions")?.say).toMatchObject({ key: "failComputerSeat", values: { seat: computerSeat, computer: "none" } });

      // The computer's actions are its own user's, made through the same commands: rolls and plays in its colour.
      const stored = await readStoredMatch(t.db, matchId);
      const computerColor = color === "white" ? "black" : "white";
      const computerId = stored.view.players[computerColor]?.id;
      const computerActions = stored.events.filter(({ event }, i) => event.type === "action" && stored.actors[i] === computerId);
      expect(computerActions.length).toBeGreaterThan(0);
      for (const { event } of computerActions) {
        expect(event.type === "action" && "player" in event.action && event.action.player).toBe(computerColor);
      }
      expect(audit.rolls.some((roll) => roll.player === computerColor)).toBe(true);
      bot.close();
    }, 300_000);
  }

  it("refuses a person's seed until the computer's is in, and the computer then adds its own", async () => {
    // As after a restart between the computer's seat and its seed: written with the data layer directly.
    const alice = await t.user();
    const created = await waitingMatch(t.db, new SeedVault(t.seedKey), { creator: (await findUserById(t.db, alice.id))!, matchLength: 1 });
    const matchId = created.match.id;
    await takeSeat(t.db, created.view, t.server.computer.userOf("hard"));
    const bot = new BotClient({ url: t.url, cookie: alice.cookie, seed: 5, play: false });
    await bot.connect();
    await bot.watch(matchId);
    const early = await bot.send("match:seed", { matchId, clientSeed: "alice-early", commitment: bot.view!.commitment });
    expect(early).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS" });
    // The refusal woke the computer: its seed arrives, and then the person's is accepted.
    await bot.until((view) => view.clientSeeds.black !== null, 10_000);
    await bot.submitSeed("alice-later");
    const stored = await readStoredMatch(t.db, matchId);
    expect(stored.events.map(({ event }) => event.type === "seed" && event.color).filter(Boolean)).toEqual(["black", "white"]);
    bot.close();
  });

  it("cannot be claimed as abandoned: the computer never leaves", async () => {
    const [{ bot }] = (await connectedPlayers(t, 1, { firstSeed: 3 })) as [ConnectedPlayer];
    const { matchId } = await bot.create({ matchLength: 1, color: "white", visibility: "private", computer: "easy" });
    await bot.submitSeed("alice-claim");
    // A resignation is offered in a game: wait for the opening roll (the computer makes it moments after the match
    // starts; offered before it, the server rightly refuses with ERR_WRONG_PHASE).
    await bot.until((view) => view.status === "playing" && view.state.phase !== "opening");
    const claim = await bot.send("match:claim-abandoned", { matchId });
    expect(claim).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED" });
    const offered = await bot.send("match:resign", { matchId, level: 1 });
    expect(offered.ok).toBe(true);
    // A single game is all a 1-point match is worth: the computer accepts, and the match ends.
    const view = await bot.finished(60_000);
    expect(view.state.winner).toBe("black");
    expect(view.state.games[0]?.ending).toBe("resigned");
    bot.close();
  });
});
