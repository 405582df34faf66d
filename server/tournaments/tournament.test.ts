/**
 * Tournaments run by the server over real sockets and real matches: created by an administrator (nobody else unless
 * allowed), registered for (not by guests, not past the limit, not twice), closed and started at their times, each
 * round's matches made with both players seated and played by bots, results recorded, the next round started, a
 * winner; the draw recomputes from what is published. A player who does not show loses by forfeit; two runners taking
 * the same steps at once record each step once.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyDraw } from "@/lib/tournament/verify-draw";
import { drawRecordOf, evolveTournament, type TournamentView } from "@/lib/tournament/tournament";
import { BotClient } from "@/scripts/bot/bot-client";
import { setPlayerTournaments } from "@/server/admin/site-settings";
import { closePageSockets, pageSocket, type PageSocket } from "@/tests/support/page-socket";
import { guestSessionCookie } from "@/tests/support/session";
import { waitFor } from "@/tests/support/wait-for";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { tournamentDrawResponse } from "@/server/http/tournament-draw-response";
import { createLogger } from "@/server/log";
import { SeedVault } from "@/server/vault";
import { Tournaments } from "./tournaments";
import { loadTournament } from "./tournament-store";

let t: TestServer;
/** The server's clock, which the tests move forward (registration closes, no-shows). */
let offset = 0;
const now = () => Date.now() + offset;
const bots: BotClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, now });
});
afterAll(async () => {
  for (const bot of bots) bot.close();
  closePageSockets();
  await t.close();
});

async function admin(): Promise<PageSocket> {
  return pageSocket(t.url, (await t.user(undefined, "ADMIN")).cookie);
}

async function create(socket: PageSocket, format: "knockout" | "swiss", maxPlayers: number, extra: Record<string, unknown> = {}): Promise<string> {
  const reply = await socket.send("tournament:create", {
    name: `Club ${format}`,
    format,
    matchLength: 1,
    timeControl: { reserveMs: 600_000, delayMs: 0 },
    rated: false,
    maxPlayers,
    closesAt: now() + 60_000,
    startsAt: now() + 60_000,
    noShowMinutes: 1,
    ...(format === "swiss" ? { swissRounds: 3 } : {}),
    ...extra,
  } as never);
  if (!reply.ok) throw new Error(reply.message);
  return reply.tournamentId;
}

async function registerPlayers(id: string, count: number): Promise<{ id: string; cookie: string }[]> {
  const players = [];
  for (let i = 0; i < count; i++) {
    const user = await t.user();
    const socket = await pageSocket(t.url, user.cookie);
    expect(await socket.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: true });
    players.push(user);
  }
  return players;
}

/** The exit code of tests/tournaments/verify_draw.py on a draw.json (0: verified). */
function pythonVerdict(json: string): number | null {
  const file = path.join(tmpdir(), `draw-${randomBytes(6).toString("hex")}.json`);
  writeFileSync(file, json);
  try {
    return spawnSync("python3", [path.resolve("tests/tournaments/verify_draw.py"), file], { encoding: "utf8" }).status;
  } finally {
    rmSync(file, { force: true });
  }
}

const view = async (id: string): Promise<TournamentView> => (await loadTournament(t.db, id))!.view;

/** Drives the tournament to its end: the runner takes what is due, and a bot plays each player's match as it is made. */
async function playToTheEnd(id: string, players: readonly { id: string; cookie: string }[], seed: number): Promise<TournamentView> {
  const cookieOf = new Map(players.map((p) => [p.id, p.cookie]));
  const started = new Set<string>();
  for (let pass = 0; pass < 400; pass++) {
    await t.server.tournaments.advance(id);
    const current = await view(id);
    if (current.status === "finished") return current;
    for (const round of current.rounds) {
      for (const [index, matchId] of round.matchIds.entries()) {
        if (matchId === null || started.has(matchId)) continue;
        started.add(matchId);
        const pairing = round.pairings[index]!;
        for (const player of [pairing.white, pairing.black!]) {
          const bot = new BotClient({ url: t.url, cookie: cookieOf.get(player), seed: seed++, play: true });
          bots.push(bot);
          await bot.connect();
          await bot.watch(matchId);
          await bot.submitSeed(`seed-${player}`);
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`tournament ${id} did not finish`);
}

describe("creating and registering", () => {
  it("lets administrators create, and refuses players, guests, bad times; registration is once, up to the limit", async () => {
    const player = await pageSocket(t.url, (await t.user()).cookie);
    const base = { name: "x", format: "knockout", matchLength: 1, timeControl: { reserveMs: 60_000, delayMs: 0 }, rated: false, maxPlayers: 2, closesAt: now() + 60_000, startsAt: now() + 60_000, noShowMinutes: 1 } as const;
    expect(await player.send("tournament:create", base)).toMatchObject({ ok: false, code: "ERR_TOURNAMENT", values: { reason: "createNotAllowed" } });
    const boss = await admin();
    // Once an administrator allows it (/admin/settings), registered players may create tournaments too.
    await setPlayerTournaments(t.db, true, (await t.db.prisma.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id);
    expect(await player.send("tournament:create", { ...base, name: "players' cup" })).toMatchObject({ ok: true });
    await setPlayerTournaments(t.db, false, (await t.db.prisma.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id);
    expect(await player.send("tournament:create", base)).toMatchObject({ ok: false, values: { reason: "createNotAllowed" } });
    expect(await boss.send("tournament:create", { ...base, closesAt: now() - 1 })).toMatchObject({ ok: false, values: { reason: "closesAt" } });
    expect(await boss.send("tournament:create", { ...base, startsAt: base.closesAt - 1 })).toMatchObject({ ok: false, values: { reason: "startsAt" } });
    expect(await boss.send("tournament:create", { ...base, format: "swiss", swissRounds: 2 })).toMatchObject({ ok: false, values: { reason: "swissRounds" } });
    expect(await boss.send("tournament:create", { ...base, timeControl: undefined } as never)).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD" });
    const id = await create(boss, "knockout", 2);
    const stored = await t.db.prisma.tournament.findUnique({ where: { id } });
    // The commitment is published; the seed is sealed, not stored in the clear anywhere.
    expect(stored?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const events = await t.db.prisma.streamEvent.findMany({ where: { stream: `tournament:${id}` } });
    expect(JSON.stringify(events)).not.toMatch(/"seed"/);
    const [a, b] = [await pageSocket(t.url, (await t.user()).cookie), await pageSocket(t.url, (await t.user()).cookie)];
    expect(await a.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: true });
    expect(await a.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: false, values: { reason: "registered" } });
    expect(await b.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: true });
    expect(await player.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: false, values: { reason: "full", max: 2 } });
    const g = await pageSocket(t.url, await guestSessionCookie(t.db));
    expect(await g.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: false, values: { reason: "guest" } });
    expect(await a.send("tournament:register", { tournamentId: "nosuchtournament" })).toMatchObject({ ok: false, values: { reason: "notFound" } });
    expect(await a.send("tournament:leave", { tournamentId: id })).toMatchObject({ ok: true });
    expect((await view(id)).registered).toHaveLength(1);
  });
});

describe("names", () => {
  it("cleans a name as chat messages are cleaned, and refuses one with nothing visible", async () => {
    const boss = await admin();
    const id = await create(boss, "knockout", 4, { name: "\u202Eevil\u200B\u0000name\u3164 cup" });
    const cleaned = "evilname cup";
    expect((await view(id)).settings.name).toBe(cleaned);
    expect((await t.db.prisma.tournament.findUniqueOrThrow({ where: { id } })).name).toBe(cleaned);
    const created = await t.db.prisma.streamEvent.findFirstOrThrow({ where: { stream: `tournament:${id}`, type: "created" } });
    expect(created.payload).not.toMatch(/[\u202E\u200B\u3164]|\\u0000/);
    expect(created.payload).toContain(cleaned);
    for (const name of ["\u3164\u3164", "\u200B\u202E", "\u2800 \u{E0041}", "\u0301".repeat(60), "   "]) {
      const reply = await boss.send("tournament:create", { name, format: "knockout", matchLength: 1, timeControl: { reserveMs: 60_000, delayMs: 0 }, rated: false, maxPlayers: 4, closesAt: now() + 60_000, startsAt: now() + 60_000, noShowMinutes: 1 });
      expect(reply, JSON.stringify(name)).toMatchObject({ ok: false, code: "ERR_TOURNAMENT", values: { reason: "name" } });
    }
  });
});

describe("floods", () => {
  it("hold one user to 5 tournaments an hour, and to 30 registrations and withdrawals", async () => {
    const boss = await admin();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await create(boss, "knockout", 4));
    expect(await boss.send("tournament:create", { name: "one more", format: "knockout", matchLength: 1, timeControl: { reserveMs: 60_000, delayMs: 0 }, rated: false, maxPlayers: 4, closesAt: now() + 60_000, startsAt: now() + 60_000, noShowMinutes: 1 })).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "tournaments" } });
    const flooder = await pageSocket(t.url, (await t.user()).cookie);
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await flooder.send(i % 2 === 0 ? "tournament:register" : "tournament:leave", { tournamentId: ids[0]! }));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "tournaments" } });
    expect(await t.db.prisma.streamEvent.count({ where: { stream: `tournament:${ids[0]!}` } })).toBe(31);
  });
});

describe("running by itself", () => {
  it("plays a 4-player knockout to one winner with real matches, and its draw verifies", async () => {
    const id = await create(await admin(), "knockout", 4);
    const players = await registerPlayers(id, 4);
    await t.server.tournaments.advance(id);
    expect((await view(id)).status).toBe("registering");
    offset += 61_000;
    const end = await playToTheEnd(id, players, 100);
    expect(end.rounds.map((r) => r.pairings.length)).toEqual([2, 1]);
    expect(end.rounds.flatMap((r) => r.reasons)).toEqual(["played", "played", "played"]);
    expect(players.map((p) => p.id)).toContain(end.winner);
    expect(verifyDraw(drawRecordOf(end)).verdict).toBe("verified");
    // The published draw.json, checked by the independent verifier written from docs/tournaments.md alone.
    expect(pythonVerdict(await (await tournamentDrawResponse(t.db, id)).text())).toBe(0);
    // Every match of it is a finished match in the database, between the paired players.
    for (const round of end.rounds) {
      for (const [index, matchId] of round.matchIds.entries()) {
        const match = await t.db.prisma.match.findUnique({ where: { id: matchId! } });
        expect(match).toMatchObject({ status: "finished", whiteId: round.pairings[index]!.white, blackId: round.pairings[index]!.black });
      }
    }
    const row = await t.db.prisma.tournament.findUnique({ where: { id }, include: { entries: true } });
    expect(row).toMatchObject({ status: "finished", winnerId: end.winner });
    expect(row?.entries.find((e) => e.userId === end.winner)).toMatchObject({ won: true, wins: 2 });
  });

  it("plays a 5-player, 3-round Swiss with a bye each round", async () => {
    const id = await create(await admin(), "swiss", 5);
    const players = await registerPlayers(id, 5);
    offset += 61_000;
    const end = await playToTheEnd(id, players, 300);
    expect(end.rounds).toHaveLength(3);
    for (const round of end.rounds) expect(round.reasons.filter((r) => r === "bye")).toHaveLength(1);
    expect(verifyDraw(drawRecordOf(end)).verdict).toBe("verified");
    expect(pythonVerdict(await (await tournamentDrawResponse(t.db, id)).text())).toBe(0);
  });

  it("gives a match to the player who showed when the other does not send their seed in time", async () => {
    const id = await create(await admin(), "knockout", 2);
    const [first, second] = await registerPlayers(id, 2);
    offset += 61_000;
    await t.server.tournaments.advance(id);
    const round = (await view(id)).rounds[0]!;
    const matchId = round.matchIds[0]!;
    const shows = round.pairings[0]!.black === second!.id ? second! : first!;
    const bot = new BotClient({ url: t.url, cookie: shows.cookie, seed: 9, play: false });
    bots.push(bot);
    await bot.connect();
    await bot.watch(matchId);
    await bot.submitSeed("i-am-here");
    await t.server.tournaments.advance(id);
    expect((await view(id)).rounds[0]!.winners[0]).toBeNull();
    offset += 61_000;
    await t.server.tournaments.advance(id);
    const end = await view(id);
    expect(end.rounds[0]).toMatchObject({ winners: [shows.id], reasons: ["forfeit"] });
    expect(end).toMatchObject({ status: "finished", winner: shows.id });
    expect((await t.db.prisma.match.findUnique({ where: { id: matchId } }))?.status).toBe("aborted");
  });

  it("records each step once when two nodes take it at the same moment", async () => {
    const id = await create(await admin(), "knockout", 8);
    await registerPlayers(id, 8);
    offset += 61_000;
    // A second node: its own kernel and reactions, the same database; only the version check keeps them apart.
    const other = new Tournaments({ db: t.db, matches: t.server.service, vault: new SeedVault(t.seedKey), io: null, logger: createLogger("error", () => {}), now });
    await Promise.all([t.server.tournaments.advance(id), other.advance(id), t.server.tournaments.advance(id)]);
    const current = await view(id);
    expect(current.rounds).toHaveLength(1);
    expect(current.rounds[0]!.matchIds.every((m) => m !== null)).toBe(true);
    const types = (await t.db.prisma.streamEvent.findMany({ where: { stream: `tournament:${id}` }, orderBy: { version: "asc" } })).map((e) => e.type);
    expect(types.filter((type) => type === "started")).toHaveLength(1);
    expect(types.filter((type) => type === "match-made")).toHaveLength(4);
    expect(await t.db.prisma.match.count({ where: { id: { in: current.rounds[0]!.matchIds as string[] } } })).toBe(4);
  });
});

describe("the tournament's page", () => {
  it("is pushed every stored event in order after a watch, and a player's notices list a match made for them", async () => {
    const id = await create(await admin(), "knockout", 2);
    const watcher = await pageSocket(t.url, undefined, ["tournament:event"]);
    const watched = await watcher.send("tournament:watch", { tournamentId: id });
    if (!watched.ok) throw new Error(watched.message);
    let page = watched.view;
    expect(page).toMatchObject({ id, status: "registering", registered: [] });
    const players = await registerPlayers(id, 2);
    offset += 61_000;
    await t.server.tournaments.advance(id);
    const stored = await view(id);
    await waitFor(() => watcher.heard("tournament:event").length === stored.version - page.version, "every event to reach the page");
    // Folded in the browser's way (lib/tournament's evolve), the pushed events give the stored view exactly.
    for (const message of watcher.heard("tournament:event")) {
      expect(message).toMatchObject({ tournamentId: id, version: page.version + 1 });
      page = evolveTournament(page, message.event);
    }
    expect(page).toEqual(stored);
    const matchId = stored.rounds[0]!.matchIds[0]!;
    const notices = await (await pageSocket(t.url, players[0]!.cookie)).send("notices:list", {});
    expect(notices).toMatchObject({ ok: true, tournamentMatches: [{ tournamentId: id, round: 1, matchId }] });
    // Unwatched: nothing more reaches it; a malformed or unknown id is refused and joins nothing.
    expect(await watcher.send("tournament:unwatch", { tournamentId: id })).toEqual({ ok: true });
    expect(await watcher.send("tournament:watch", { tournamentId: "nosuchtournament" })).toMatchObject({ ok: false, values: { reason: "notFound" } });
    expect(await watcher.send("tournament:watch", { tournamentId: "../etc/passwd" } as never)).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD" });
  });
});
