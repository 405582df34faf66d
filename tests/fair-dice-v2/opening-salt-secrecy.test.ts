/**
 * fair-dice-v2, issue 46 item 3: the first opening salt stays on the server until the second one is in. Two players
 * and two spectators (one signed in, one anonymous) follow a match over real sockets, with every frame, event and
 * acknowledgement they receive recorded, and the match's public HTTP answers too. White sends its opening salt first.
 * Until black has sent its own, the salt's hex appears nowhere black or a spectator received — not in a broadcast, an
 * answer, a fresh snapshot, a late spectator's snapshot, the event log or the audit document — and black, although
 * the test hands it the game's seed (an insider's friend), finds nothing to grind its own salt against. Then black's
 * salt makes the roll, which carries both salts, and the finished match's bundle verifies.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineClientSeeds, createSaltedRoller, isSalt, verifyV2, type AuditBundleV2, type RecordTurn } from "@/lib/dice";
import type { Color } from "@/lib/engine/types";
import type { MatchEventMessage } from "@/lib/protocol";
import { reviewSteps } from "@/lib/record/review";
import { toReviewData } from "@/components/review/review-data";
import { BotClient } from "@/scripts/bot/bot-client";
import { eventsResponse } from "@/server/http/events-response";
import { reviewableMatch } from "@/server/record/match-review";
import { SeedVault } from "@/server/vault";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

interface Received {
  readonly source: string;
  readonly text: string;
}

let t: TestServer;
const received: Received[] = [];

beforeAll(async () => {
  // fair-dice-v2 itself: the opening salts this file is about are v2's (a v3 opening takes chain values instead).
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, diceProtocol: "fair-dice-v2" });
});

afterAll(async () => {
  await t.close();
});

/** A bot whose every incoming frame, event and acknowledgement is recorded under its name. */
function recordedBot(name: string, options: { cookie?: string; seed: number; play?: boolean; openingSalt?: boolean }): BotClient {
  const bot = new BotClient({ url: t.url, ...options, onReply: (command, reply) => received.push({ source: `${name} ack ${command}`, text: JSON.stringify(reply) }) });
  bot.socket.onAny((event: string, ...args: unknown[]) => received.push({ source: `${name} event ${event}`, text: JSON.stringify(args) }));
  bot.socket.io.on("open", () => {
    bot.socket.io.engine.on("packet", (packet: { type: string; data?: unknown }) => {
      received.push({ source: `${name} frame`, text: `${packet.type} ${typeof packet.data === "string" ? packet.data : JSON.stringify(packet.data ?? null)}` });
    });
  });
  return bot;
}

/**
 * The match's public HTTP answers as anyone may fetch them: the audit document (over HTTP, as a player and as a
 * stranger), the event log a page loads when it opens a match late (its route's own handler) and the review page's
 * data. (The .mat export and the analysis answer nothing but a refusal while the match runs.)
 */
async function fetchPublicRoutes(matchId: string, cookie: string): Promise<void> {
  for (const [who, headers] of [["black", { cookie }], ["anonymous", {}]] as const) {
    const response = await fetch(`${t.url}/api/matches/${matchId}/audit`, { headers });
    received.push({ source: `http audit (${who})`, text: await response.text() });
  }
  const events = await eventsResponse(t.db, matchId, undefined, async () => null);
  received.push({ source: "http events", text: await events.text() });
  const review = await reviewableMatch(t.db, matchId, null, undefined);
  if (review.ok) received.push({ source: "http review page", text: JSON.stringify({ data: toReviewData(reviewSteps(review.value.events)), status: review.value.view.status }) });
}

/** Every string value in a JSON text (nested arrays and objects included), or, for a raw frame, in its payload. */
function stringsIn(text: string): string[] {
  const frame = /^message \d+(\[.*\])$/.exec(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame ? frame[1]! : text);
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(parsed);
  return found;
}

/**
 * The attacker: black, who knows the game's seed and the client seeds, and wants to win the opening. Every value it
 * received that could be white's salt (32 lowercase hex characters) is a candidate; with one, it tries salts of its
 * own offline until black's die is the higher. A commitment to the salt (its SHA-256) is no candidate: inverting it
 * means trying 2^128 salts.
 */
function saltCandidates(seen: readonly Received[]): string[] {
  return [...new Set(seen.flatMap((entry) => stringsIn(entry.text)).filter(isSalt))];
}

/** A salt for black that wins the opening of `nonce` against white's `whiteSalt`, found offline; null: none found. */
function grindOpening(gameSeed: string, clientSeed: string, nonce: number, whiteSalt: string): string | null {
  const roller = createSaltedRoller(gameSeed, clientSeed);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const blackSalt = createHash("sha256").update(`grind:${attempt}`).digest("hex").slice(0, 32);
    const [whiteDie, blackDie] = roller.roll(nonce, { white: whiteSalt, black: blackSalt });
    if (blackDie > whiteDie) return blackSalt;
  }
  return null;
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** The verifier's checks of the dice themselves (docs/fair-dice-v2.md, section 7), in its order. */
const DICE_CHECKS: readonly string[] = ["seed-chain", "nonce-sequence", "salts", "rolls-recomputed", "opening-resolution", "record-dice", "computer-salts"];

describe("the first opening salt is not published before the second", () => {
  it("reaches neither the opponent nor a spectator, by socket or HTTP, until the opponent's salt is in; then the roll shows both and the bundle verifies", async () => {
    const [whiteUser, blackUser, watcherUser] = [await t.user(), await t.user(), await t.user()];
    // Both players play by themselves once the opening is rolled; their opening salts are sent by the test.
    const white = recordedBot("white", { cookie: whiteUser.cookie, seed: 51, openingSalt: false });
    const black = recordedBot("black", { cookie: blackUser.cookie, seed: 52, openingSalt: false });
    const spectator = recordedBot("spectator", { cookie: watcherUser.cookie, seed: 53, play: false });
    const anonymous = recordedBot("anonymous", { seed: 54, play: false });
    await Promise.all([white, black, spectator, anonymous].map((bot) => bot.connect()));
    const { matchId } = await white.create({ matchLength: 1, color: "white", visibility: "public" });
    await Promise.all([spectator.watch(matchId), anonymous.watch(matchId)]);
    await black.join(matchId);
    await white.submitSeed("white-secrecy");
    await black.submitSeed("black-secrecy");
    const playing = (bot: BotClient) => bot.until((view) => view.status === "playing" && view.clientSeeds.black !== null);
    await Promise.all([white, black, spectator, anonymous].map(playing));

    // The insider's friend: black is handed game 1's seed, read from the server's sealed seed as other tests do.
    const row = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId } });
    const stored = { commitment: row.commitment, sealed: { ciphertext: row.ciphertext, iv: row.iv, tag: row.tag }, ...(row.chainLength !== null && { chainLength: row.chainLength }) };
    const gameSeed = new SeedVault(t.seedKey).revealGame(stored, 1);
    const clientSeed = combineClientSeeds("white-secrecy", "black-secrecy");

    // A tie voids the opening and the next nonce needs two fresh salts: every opening roll is checked the same way.
    const others = (name: string) => !name.startsWith("white ");
    for (let round = 0; ; round++) {
      expect(round, "the opening resolves within a few rolls").toBeLessThan(10);
      await Promise.all([black, spectator, anonymous].map((bot) => bot.until((view) => view.version === white.view!.version)));
      const nonce = white.view!.rolls.length;
      const first = await white.send("match:roll", white.rollPayload(white.view!));
      if (!first.ok) throw new Error(`${first.code}: ${first.message}`);
      const whiteSalt = white.saltsFor(matchId).get(nonce)!;
      expect(whiteSalt).toMatch(/^[0-9a-f]{32}$/);
      expect(first.events.map((m) => m.event.type)).toEqual(["salt"]);
      await Promise.all([black, spectator, anonymous].map((bot) => bot.until((view) => view.version === first.version)));

      // A fresh snapshot, a spectator arriving now (what a reconnecting page gets), and every public HTTP answer.
      expect(await black.send("match:snapshot", { matchId })).toMatchObject({ ok: true });
      expect(await spectator.send("match:snapshot", { matchId })).toMatchObject({ ok: true });
      const late = recordedBot("late spectator", { seed: 60 + round, play: false });
      await late.connect();
      await late.watch(matchId);
      const lateView = late.view;
      late.close();
      await fetchPublicRoutes(matchId, blackUser.cookie);

      const seen = received.filter((entry) => others(entry.source));
      expect(seen.some((entry) => entry.source.startsWith("black ") && entry.text.includes('"salt"'))).toBe(true);
      expect(
        seen.filter((entry) => entry.text.toLowerCase().includes(whiteSalt)).map((entry) => entry.source),
        "white's salt before black's",
      ).toEqual([]);
      // The attacker's grinding works — given white's salt, which it never got: it has nothing to grind against.
      expect(grindOpening(gameSeed, clientSeed, nonce, whiteSalt)).not.toBeNull();
      // (A voided tie showed the salts of its own nonce: spent, and of no use for this one.)
      const spent = new Set(black.view!.rolls.flatMap((logged) => Object.values(logged.salts ?? {})));
      const candidates = saltCandidates(seen);
      expect(candidates).not.toContain(whiteSalt);
      expect(candidates.filter((candidate) => !spent.has(candidate))).toEqual([]);
      // Everyone knows a salt is in, and whose (black's page still owes its own, white's does not)...
      for (const view of [black.view, spectator.view, anonymous.view, lateView]) expect(view?.pendingSalts).toEqual({ nonce, from: ["white"], salts: {} });
      // ...and what it did get is white's commitment: the salt's SHA-256, which the roll lets anyone check afterwards.
      const published = black.events.find((m) => m.event.type === "salt" && m.event.nonce === nonce);
      expect(published?.event).toEqual({ type: "salt", color: "white", nonce, commitment: sha256Hex(whiteSalt) });

      // Black's salt makes the roll, which carries both — white's first (docs/fair-dice-v2.md, section 3).
      const second = await black.send("match:roll", black.rollPayload(black.view!));
      if (!second.ok) throw new Error(`${second.code}: ${second.message}`);
      const rolled = second.events[0]?.event;
      expect(rolled).toMatchObject({ type: "action", action: { type: "opening-roll" }, roll: { nonce, kind: "opening", salts: { white: whiteSalt, black: black.saltsFor(matchId).get(nonce) } } });
      const seenRoll = (message: MatchEventMessage) => message.event.type === "action" && message.event.roll?.nonce === nonce;
      await spectator.until((view) => view.rolls.length > nonce);
      expect(spectator.events.find(seenRoll)?.event).toEqual(rolled);
      expect(spectator.view?.rolls[nonce]?.salts).toEqual({ white: whiteSalt, black: black.saltsFor(matchId).get(nonce) });
      if (black.view!.state.phase !== "opening") break;
    }

    // The players play the match out; its bundle then verifies (the checks of the dice, by name: whether the bundle
    // carries the site's signature is not this test's business), and logs every salt each player's bot kept.
    await Promise.all([white.finished(), black.finished(), spectator.finished()]);
    const response = await fetch(`${t.url}/api/matches/${matchId}/audit`);
    const document = (await response.json()) as AuditBundleV2 & { record: RecordTurn[] };
    const report = verifyV2(document, document.record);
    expect(report.checks.filter((check) => check.status === "failed")).toEqual([]);
    const dice = report.checks.filter((check) => DICE_CHECKS.includes(check.id));
    expect(dice.map((check) => [check.id, check.status])).toEqual(DICE_CHECKS.map((id) => [id, "passed"]));
    for (const [player, bot] of [["white", white], ["black", black]] as const satisfies readonly (readonly [Color, BotClient])[]) {
      for (const [nonce, salt] of bot.saltsFor(matchId)) expect(document.rolls[nonce]?.salts?.[player], `${player}'s salt of nonce ${nonce}`).toBe(salt);
    }
    for (const bot of [white, black, spectator, anonymous]) bot.close();
  }, 120_000);
});
