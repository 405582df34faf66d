/**
 * The match server end to end over real sockets and a real SQLite database: bots play whole matches, a spectator
 * watches, and afterwards the audit bundle verifies with lib/dice and with a plain HMAC recomputation.
 */
import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verify, type AuditBundle, type RecordTurn } from "@/lib/dice";
import type { MatchEventMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { matchInPlay } from "@/tests/support/match-in-play";
import { fetchProofKeys } from "@/tests/support/proof-keys";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { loadLiveMatch } from "./live-match";

let t: TestServer;

beforeAll(async () => {
  // Bots act without thinking; the per-socket limit (30 per 2 s) is for people, and would pace them to 15 commands a
  // second (hostile-clients.test.ts tests the limit). fair-dice-v2: the rolls are recomputed below from v2's text, and
  // the answers' events are v2's (a v3 server's are in tests/fair-dice-v3/live-coalition.test.ts).
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, diceProtocol: "fair-dice-v2" });
});

afterAll(async () => {
  await t.close();
});

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** fair-dice-v2 sections 1 and 3, written again from docs/fair-dice-v2.md with node:crypto, independent of lib/dice. */
function independentRoll(serverSeed: string, chainLength: number, clientSeed: string, roll: { nonce: number; game: number; salts?: { white?: string; black?: string } }): [number, number] {
  let gameSeed = serverSeed;
  for (let i = 0; i < chainLength - roll.game; i++) gameSeed = sha256Hex(gameSeed);
  const salts = [roll.salts?.white, roll.salts?.black].filter(Boolean).join(":");
  const dice: number[] = [];
  for (let block = 0; ; block++) {
    const base = `${clientSeed}:${roll.nonce}:${salts}`;
    const message = block === 0 ? base : `${base}:${block}`;
    for (const byte of createHmac("sha256", gameSeed).update(message).digest()) {
      if (byte >= 252) continue;
      dice.push((byte % 6) + 1);
      if (dice.length === 2) return [dice[0]!, dice[1]!];
    }
  }
}

async function playMatch(matchLength: number, seed: number, rates: Partial<{ doubleRate: number; dropRate: number; resignRate: number }> = {}) {
  const [alice, bob] = [await t.user(), await t.user()];
  const white = new BotClient({ url: t.url, cookie: alice.cookie, seed, ...rates });
  const black = new BotClient({ url: t.url, cookie: bob.cookie, seed: seed + 1000, ...rates });
  const spectator = new BotClient({ url: t.url, seed: 0, play: false });
  await Promise.all([white.connect(), black.connect(), spectator.connect()]);
  const { matchId } = await white.create({ matchLength, color: "white", visibility: "public" });
  await spectator.watch(matchId);
  await black.join(matchId);
  await white.submitSeed(`white-${seed}`);
  await black.submitSeed(`black-${seed}`);
  const [whiteView, blackView, spectatorView] = await Promise.all([white.finished(), black.finished(), spectator.finished()]);
  for (const bot of [white, black, spectator]) bot.close();
  return { matchId, white, black, spectator, whiteView, blackView, spectatorView };
}

async function fetchAudit(matchId: string, cookie?: string): Promise<{ status: number; body: AuditBundle & { record: RecordTurn[] } }> {
  const response = await fetch(`${t.url}/api/matches/${matchId}/audit`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as AuditBundle & { record: RecordTurn[] } };
}

describe("a match's set-up", () => {
  it("leaves the live match equal to one rebuilt from the database after the join and both seeds", async () => {
    const { matchId, white, black, whiteUser: alice, blackUser: bob } = await matchInPlay(t);
    // The join and the seeds are folded into the held match as they are stored, like every other command's event.
    const held = await t.server.service.withMatch(matchId, (live) => live);
    const rebuilt = await loadLiveMatch(t.db, matchId);
    expect(held).toEqual(rebuilt?.live);
    expect(held?.view.players).toEqual({ white: { id: alice.id, name: alice.name, isGuest: false, kind: "registered" }, black: { id: bob.id, name: bob.name, isGuest: false, kind: "registered" } });
    expect(white.view).toEqual(held?.view);
    for (const bot of [white, black]) bot.close();
  });
});

describe("a match in play", () => {
  it("keeps the live match equal to one rebuilt from the database after every kind of command", async () => {
    const [alice, bob] = [await t.user(), await t.user()];
    const rates = { doubleRate: 0.3, dropRate: 0.2, resignRate: 0 };
    const white = new BotClient({ url: t.url, cookie: alice.cookie, seed: 5, ...rates });
    const black = new BotClient({ url: t.url, cookie: bob.cookie, seed: 6, ...rates });
    await Promise.all([white.connect(), black.connect()]);
    const { matchId } = await white.create({ matchLength: 7, color: "white", visibility: "public" });
    await black.join(matchId);
    await white.submitSeed("white-held");
    await black.submitSeed("black-held");
    // The server decides each command on its held match and stores the event; the held match must be exactly what
    // folding the stored events gives, which is what a restarted server or another node would hold.
    let checked = 0;
    for (let at = 10; ; at += 12) {
      const view = await white.until((v) => v.version >= at || v.ended !== null);
      if (view.ended) break;
      const [held, rebuilt] = await t.server.service.withMatch(matchId, async (live) => [live, (await loadLiveMatch(t.db, matchId))?.live] as const);
      expect(held).toEqual(rebuilt);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    expect([...white.errors, ...black.errors]).toEqual([]);
    for (const bot of [white, black]) bot.close();
  });
});

describe("a command's answer", () => {
  it("carries every event the command stored; the sender's socket gets them only there, every other socket as broadcasts", async () => {
    const [alice, bob] = [await t.user(), await t.user()];
    const white = new BotClient({ url: t.url, cookie: alice.cookie, seed: 7, play: false, openingSalt: false });
    const black = new BotClient({ url: t.url, cookie: bob.cookie, seed: 8, play: false, openingSalt: false });
    const blackTab = new BotClient({ url: t.url, cookie: bob.cookie, seed: 9, play: false, openingSalt: false });
    const spectator = new BotClient({ url: t.url, seed: 10, play: false });
    await Promise.all([white, black, blackTab, spectator].map((bot) => bot.connect()));
    const { matchId } = await white.create({ matchLength: 3, color: "white", visibility: "public" });
    await black.join(matchId);
    await Promise.all([blackTab.watch(matchId), spectator.watch(matchId)]);
    await white.submitSeed("white-answer");
    const broadcastsTo = (bot: BotClient) => {
      const seen: MatchEventMessage[] = [];
      bot.socket.on("match:event", (message) => seen.push(message));
      return seen;
    };
    const [toBlack, toBlackTab, toWhite, toSpectator] = [black, blackTab, white, spectator].map(broadcastsTo);
    // The second seed: its answer holds the seed's event (fair-dice-v2: the opening roll waits for both salts).
    const reply = await black.send("match:seed", { matchId, clientSeed: "black-answer", commitment: black.view!.commitment });
    if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
    expect(reply.events.map((m) => m.event.type)).toEqual(["seed"]);
    await Promise.all([white, blackTab, spectator].map((bot) => bot.until((view) => view.version === reply.version)));
    // White's salt waits as an event; black's makes the opening roll, which its answer carries.
    const salted = await white.send("match:roll", white.rollPayload(white.view!));
    if (!salted.ok) throw new Error(`${salted.code}: ${salted.message}`);
    expect(salted.events.map((m) => m.event.type)).toEqual(["salt"]);
    await black.until((view) => view.version === salted.version);
    const rolled = await black.send("match:roll", black.rollPayload(black.view!));
    if (!rolled.ok) throw new Error(`${rolled.code}: ${rolled.message}`);
    expect(rolled.events.map((m) => m.event.type)).toEqual(["action"]);
    expect(rolled.events[0]?.event).toMatchObject({ roll: { nonce: 0, kind: "opening", salts: { white: expect.any(String), black: expect.any(String) } } });
    const last = rolled.version;
    expect(black.view?.version).toBe(last);
    await Promise.all([white, blackTab, spectator].map((bot) => bot.until((view) => view.version === last)));
    expect(toWhite).toEqual([...reply.events, ...rolled.events]);
    for (const seen of [toBlackTab, toSpectator]) expect(seen).toEqual([...reply.events, ...salted.events, ...rolled.events]);
    expect(toBlack).toEqual(salted.events);
    expect(black.view).toEqual(white.view);
    for (const bot of [white, black, blackTab, spectator]) bot.close();
  });
});

describe("a whole match between two bots", () => {
  it("plays a 5-point match to the end, reveals the seed, and every roll verifies", async () => {
    const { matchId, white, black, spectator, whiteView, spectatorView } = await playMatch(5, 11);
    expect(white.errors).toEqual([]);
    expect(black.errors).toEqual([]);
    expect(whiteView.status).toBe("finished");
    expect(whiteView.state.phase).toBe("match-over");
    expect(Math.max(whiteView.state.score.white, whiteView.state.score.black)).toBeGreaterThanOrEqual(5);
    const serverSeed = whiteView.ended?.serverSeed ?? "";
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const chainLength = whiteView.chainLength ?? 0;
    expect(chainLength).toBe(9);
    let link = serverSeed;
    for (let i = 0; i < chainLength; i++) link = sha256Hex(link);
    expect(link).toBe(whiteView.commitment);

    // The spectator saw exactly the events the players saw.
    expect(spectator.events.map((e) => [e.version, e.event.type])).toEqual(white.events.filter((e) => e.version > spectator.events[0]!.version - 1).map((e) => [e.version, e.event.type]));
    expect(spectatorView.version).toBe(whiteView.version);

    const audit = await fetchAudit(matchId);
    expect(audit.status).toBe(200);
    expect(audit.body.serverSeed).toBe(serverSeed);
    const report = verify(audit.body, audit.body.record, { keys: await fetchProofKeys(t.url) });
    expect(report.checks.filter((c) => c.status !== "passed")).toEqual([]);
    expect(report.verdict).toBe("verified");
    expect(report.games?.every((game) => game.verdict === "verified")).toBe(true);
    // Every game's seed was revealed as it ended, and is the chain's.
    expect(Object.keys(whiteView.gameSeeds).map(Number)).toEqual(whiteView.state.games.map((game) => game.number));

    const clientSeed = `${audit.body.clientSeeds.white}:${audit.body.clientSeeds.black}`;
    // Every roll the players saw, and no other. How many depends on the dice (the server seed is new each run): a
    // 5-point match with cube and resignations once ended after 6 rolls.
    expect(audit.body.rolls.length).toBeGreaterThan(0);
    expect(audit.body.rolls.length).toBe(whiteView.rolls.length);
    audit.body.rolls.forEach((roll, index) => {
      expect(roll.nonce).toBe(index);
      expect(roll.dice).toEqual(independentRoll(serverSeed, chainLength, clientSeed, roll));
    });
  });

  it("plays longer matches with cube action and resignations to the end, each verifying", async () => {
    for (const [length, seed] of [[7, 21], [9, 33]] as const) {
      const { matchId, white, black, whiteView } = await playMatch(length, seed, { doubleRate: 0.3, dropRate: 0.3, resignRate: 0.03 });
      expect([...white.errors, ...black.errors]).toEqual([]);
      expect(whiteView.status).toBe("finished");
      const games = whiteView.state.games;
      expect(games.length).toBeGreaterThan(0);
      const audit = await fetchAudit(matchId);
      expect(verify(audit.body, audit.body.record, { keys: await fetchProofKeys(t.url) }).verdict).toBe("verified");
    }
  });
});
