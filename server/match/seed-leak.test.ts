/**
 * Seed-leak proof: whole matches are played (one of them against the computer, and one cancelled) while everything that leaves the server is recorded
 * — every Socket.IO event and every acknowledgement each client gets, the raw engine.io frames under them, every HTTP
 * body fetched, and the server's log at debug level — for two players, a signed-in spectator and an anonymous one.
 * The test then opens each match's sealed seed itself, with the key, and searches the whole record for it (hex, and
 * base64 of its 32 bytes and of its text): it must not appear before that match's `ended` event, and must appear in
 * that event and in the audit bundle after it. The server's log must never contain it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchEventMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { SeedVault } from "@/server/vault";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

interface Record {
  readonly seq: number;
  readonly source: string;
  readonly text: string;
}

let t: TestServer;
const records: Record[] = [];
let seq = 0;

function record(source: string, text: string): void {
  records.push({ seq: seq++, source, text });
}

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});

afterAll(async () => {
  await t.close();
});

/** A bot whose every incoming frame, event and acknowledgement is recorded. */
function recordedBot(name: string, options: { cookie?: string; seed: number; play?: boolean }): BotClient {
  const bot = new BotClient({ url: t.url, ...options, onReply: (command, reply) => record(`${name} ack ${command}`, JSON.stringify(reply)) });
  bot.socket.onAny((event: string, ...args: unknown[]) => record(`${name} event ${event}`, JSON.stringify(args)));
  bot.socket.io.on("open", () => {
    bot.socket.io.engine.on("packet", (packet: { type: string; data?: unknown }) => {
      record(`${name} frame`, `${packet.type} ${typeof packet.data === "string" ? packet.data : JSON.stringify(packet.data ?? null)}`);
    });
  });
  return bot;
}

async function recordedFetch(path: string, cookie?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${t.url}${path}`, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  record(`http ${path}`, text);
  return { status: response.status, text };
}

/** The forms a leaked seed could take: hex (either case), base64 and base64url of its bytes, base64 of its text. */
function encodingsOf(seedHex: string): string[] {
  const bytes = Buffer.from(seedHex, "hex");
  const ascii = Buffer.from(seedHex, "ascii");
  const unpadded = (text: string) => text.replace(/=+$/, "");
  return [seedHex, seedHex.toUpperCase(), unpadded(bytes.toString("base64")), bytes.toString("base64url"), unpadded(ascii.toString("base64")), ascii.toString("base64url")];
}

type EventTest = (event: MatchEventMessage["event"]) => boolean;

const holds = (messages: readonly MatchEventMessage[] | undefined, matchId: string, test: EventTest) =>
  (messages ?? []).some((message) => message.matchId === matchId && test(message.event));

/**
 * Whether `entry` carries an event of the match that passes `test`: as a `match:event` broadcast, or — for the socket
 * whose command stored it — in that command's answer (protocol 3); each either as the event or answer a client got,
 * or as the raw frame under it (the engine.io message of a Socket.IO EVENT packet, `2[…]`, or of an ACK, `3<id>[…]`).
 */
function carriesEvent(matchId: string, entry: Record, marker: string, test: EventTest): boolean {
  if (!entry.text.includes(marker) || !entry.text.includes(matchId)) return false;
  if (entry.source.endsWith(" frame")) {
    const frame = /^message ([23])\d*(\[.*\])$/.exec(entry.text);
    if (!frame) return false;
    const args = JSON.parse(frame[2]!) as unknown[];
    return frame[1] === "2" ? args[0] === "match:event" && holds([args[1] as MatchEventMessage], matchId, test) : holds((args[0] as { events?: MatchEventMessage[] }).events, matchId, test);
  }
  if (entry.source.endsWith(" event match:event")) return holds(JSON.parse(entry.text) as MatchEventMessage[], matchId, test);
  if (/ ack match:/.test(entry.source)) return holds((JSON.parse(entry.text) as { events?: MatchEventMessage[] }).events, matchId, test);
  return false;
}

/** The match's `ended` event, which reveals its server seed. */
const isEndedEventOf = (matchId: string, entry: Record) => carriesEvent(matchId, entry, '"ended"', (event) => event.type === "ended");
/** fair-dice-v2: the `game-seed` event of game `game`, which reveals that game's seed when it ends. */
const isGameSeedEventOf = (matchId: string, game: number, entry: Record) =>
  carriesEvent(matchId, entry, '"game-seed"', (event) => event.type === "game-seed" && event.game === game);

describe("the server seed never leaves the server before the match is over", () => {
  it("appears in no frame, event, acknowledgement, HTTP body or log line before the reveal, and in the ended event and audit bundle after", async () => {
    const [whiteUser, blackUser, watcherUser] = [await t.user(), await t.user(), await t.user()];
    const white = recordedBot("white", { cookie: whiteUser.cookie, seed: 31 });
    const black = recordedBot("black", { cookie: blackUser.cookie, seed: 32 });
    const spectator = recordedBot("spectator", { cookie: watcherUser.cookie, seed: 33, play: false });
    const anonymous = recordedBot("anonymous", { seed: 34, play: false });
    await Promise.all([white, black, spectator, anonymous].map((bot) => bot.connect()));
    expect(await anonymous.send("lobby:list", {})).toMatchObject({ ok: true });

    // A cancelled match: its seed is revealed at once.
    const cancelled = await white.create({ matchLength: 1, color: "white", visibility: "public" });
    await spectator.watch(cancelled.matchId);
    expect(await white.send("match:cancel", { matchId: cancelled.matchId })).toMatchObject({ ok: true });
    await spectator.until((view) => view.ended !== null);

    // Two matches played to the end, watched by both spectators, with snapshots and audits fetched during play.
    const played: string[] = [];
    // The snapshots and audits asked for during play, each settled once its answer is in the record.
    const polls: Promise<unknown>[] = [];
    for (const [length, color] of [[3, "white"], [1, "black"]] as const) {
      const { matchId } = await white.create({ matchLength: length, color, visibility: "public" });
      played.push(matchId);
      await spectator.watch(matchId);
      await anonymous.watch(matchId);
      await black.join(matchId);
      await white.submitSeed(`white-${length}`);
      await black.submitSeed(`black-${length}`);
      const polling = setInterval(() => {
        polls.push(anonymous.send("match:snapshot", { matchId }).catch(() => undefined));
        polls.push(recordedFetch(`/api/matches/${matchId}/audit`).catch(() => undefined));
      }, 40);
      const before = await recordedFetch(`/api/matches/${matchId}/audit`, whiteUser.cookie);
      expect(JSON.parse(before.text)).toMatchObject({ serverSeed: null });
      await Promise.all([white.finished(), black.finished(), spectator.until((v) => v.matchId === matchId && v.ended !== null), anonymous.until((v) => v.matchId === matchId && v.ended !== null)]);
      clearInterval(polling);
    }
    // A match against the computer: its seed is drawn on the server and its moves are thought out in a worker thread.
    const computerMatch = await white.create({ matchLength: 1, color: "white", visibility: "public", computer: "easy" });
    played.push(computerMatch.matchId);
    await spectator.watch(computerMatch.matchId);
    await anonymous.watch(computerMatch.matchId);
    await white.submitSeed("white-computer");
    const ended = (v: { matchId: string; ended: unknown }) => v.matchId === computerMatch.matchId && v.ended !== null;
    await Promise.all([white.finished(180_000), spectator.until(ended, 180_000), anonymous.until(ended, 180_000)]);
    await recordedFetch("/api/health");
    const audits = await Promise.all(played.map((matchId) => recordedFetch(`/api/matches/${matchId}/audit`)));
    await Promise.all(polls); // the last polls' answers are in the record

    const vault = new SeedVault(t.seedKey);
    const logText = t.logLines.join("\n");
    expect(t.logLines.some((line) => line.includes('"level":"debug"') && line.includes('"command":"match:move"'))).toBe(true);
    for (const matchId of [cancelled.matchId, ...played]) {
      const row = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId } });
      const stored = { commitment: row.commitment, sealed: { ciphertext: row.ciphertext, iv: row.iv, tag: row.tag }, ...(row.chainLength !== null && { chainLength: row.chainLength }) };
      const seed = vault.reveal(stored);
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(row.revealedSeed).toBe(seed);
      const forms = encodingsOf(seed);
      const leaks = records.filter((entry) => forms.some((form) => entry.text.includes(form)));
      const revealedAt = records.find((entry) => isEndedEventOf(matchId, entry))?.seq;
      expect(revealedAt, `${matchId}: an ended event was recorded`).toBeDefined();
      // Nothing before the ended event, and the first sighting is that event itself — or, when the match went to the
      // last game its chain has room for (a 1-point match: game 1), that game's own reveal: the server seed is its seed.
      const chainLength = row.chainLength ?? 0;
      const lastGameShownAt = records.find((entry) => isGameSeedEventOf(matchId, chainLength, entry))?.seq;
      const shownAt = Math.min(revealedAt!, lastGameShownAt ?? Number.POSITIVE_INFINITY);
      expect(leaks.filter((entry) => entry.seq < shownAt).map((entry) => entry.source)).toEqual([]);
      expect(isEndedEventOf(matchId, leaks[0]!) || isGameSeedEventOf(matchId, chainLength, leaks[0]!)).toBe(true);
      // After the reveal it is there for everyone who watched (the player who ended the match got it in the answer),
      // and in the audit bundle.
      const sawEnd = (name: string) => leaks.some((entry) => entry.source.startsWith(`${name} `) && !entry.source.endsWith(" frame") && isEndedEventOf(matchId, entry));
      for (const name of ["white", "spectator"]) expect(sawEnd(name), `${name} saw the end of ${matchId}`).toBe(true);
      if (played.includes(matchId)) {
        expect(sawEnd("anonymous")).toBe(true);
        expect(audits.some((audit) => audit.text.includes(seed))).toBe(true);
      }
      for (const form of forms) expect(logText.includes(form), `${matchId}: the seed in the server log`).toBe(false);
      // fair-dice-v2: no game's seed appears before that game's own reveal (or the end), nor ever in the log.
      expect(row.chainLength, `${matchId}: a fair-dice-v2 chain`).not.toBeNull();
      for (let game = 1; game < (row.chainLength ?? 1); game++) {
        const gameForms = encodingsOf(vault.revealGame(stored, game));
        const sightings = records.filter((entry) => gameForms.some((form) => entry.text.includes(form)));
        const shownAt = records.find((entry) => isGameSeedEventOf(matchId, game, entry))?.seq ?? revealedAt!;
        expect(sightings.filter((entry) => entry.seq < shownAt).map((entry) => entry.source), `${matchId}: game ${game}'s seed before its reveal`).toEqual([]);
        for (const form of gameForms) expect(logText.includes(form), `${matchId}: game ${game}'s seed in the server log`).toBe(false);
      }
      if (played.includes(matchId)) expect(records.some((entry) => isGameSeedEventOf(matchId, 1, entry)), `${matchId}: game 1's seed revealed as it ended`).toBe(true);
    }
    expect(records.length).toBeGreaterThan(1000);
    for (const bot of [white, black, spectator, anonymous]) bot.close();
  }, 240_000);
});
