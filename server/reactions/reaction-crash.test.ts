/**
 * The kill tests of the reactions (issue 48, item 3): the server runs in a child process (SQLite, and PostgreSQL when
 * TEST_POSTGRES_URL is set) with a crash point armed (server/kernel/crash-point.ts) and dies by SIGKILL exactly
 * between two steps — a challenge accepted but its match not made; a rematch agreed but not made; a tournament match made but not recorded; a
 * tournament match ended but its result not recorded. Started again on the same database, the server finishes the
 * step: nothing is lost, and nothing is done twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { foldTournament, type TournamentEvent, type TournamentView } from "@/lib/tournament/tournament";
import { BotClient } from "@/scripts/bot/bot-client";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createEmptyDatabase, testDatabaseKinds } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import type { CrashPointName } from "@/server/kernel/crash-point";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "@/tests/support/server-process";
import { waitFor } from "@/tests/support/wait-for";

const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-reaction-crash-"));
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

interface Site {
  readonly db: Db;
  /** Starts the server (with a crash point armed, or none) on the site's database and port. */
  start(crashAt?: CrashPointName): Promise<ServerProcess>;
  users: { id: string; name: string; cookie: string }[];
  bot(cookie: string, play?: boolean): Promise<BotClient>;
}

async function site(kind: "sqlite" | "postgres", name: string, players: number): Promise<Site> {
  const empty = kind === "sqlite" ? { url: `file:${path.join(dir, `${name}.db`)}`, drop: async () => {} } : await createEmptyDatabase(kind);
  await migrateDatabase(empty.url);
  const db = openDb(empty.url);
  const port = await freePort();
  const seedKeyHex = randomSeedKeyHex();
  const users = [];
  for (let i = 0; i < players; i++) {
    const created = await createUser(db, { username: `${name}-${i}`, role: i === 0 ? "ADMIN" : "USER" });
    if (!created.ok) throw new Error(describeFailure(created));
    users.push({ id: created.value.id, name: created.value.username, cookie: await sessionCookieFor(created.value) });
  }
  let server: ServerProcess | null = null;
  const bots: BotClient[] = [];
  cleanups.push(async () => {
    for (const bot of bots) bot.close();
    await server?.kill();
    await db.close();
    await empty.drop();
  });
  const dataDir = mkdtempSync(path.join(dir, `${name}-data-`));
  return {
    db,
    users,
    start: async (crashAt) => {
      if (server && !server.exited) await server.stop();
      server = await startServerProcess({ databaseUrl: empty.url, port, seedKeyHex, env: { FAIRGAMMON_RATE_LIMIT: "1000/1000", DATA_DIR: dataDir, TOURNAMENT_TICK_MS: "200", ...(crashAt ? { FAIRGAMMON_CRASH_POINT: crashAt } : {}) } });
      return server;
    },
    bot: async (cookie, play = false) => {
      const bot = new BotClient({ url: `http://127.0.0.1:${port}`, cookie, seed: bots.length + 1, play, doubleRate: 0 });
      bots.push(bot);
      await bot.connect();
      return bot;
    },
  };
}

async function tournamentOf(db: Db, id: string): Promise<{ view: TournamentView; types: string[] }> {
  const rows = await db.prisma.streamEvent.findMany({ where: { stream: `tournament:${id}` }, orderBy: { version: "asc" }, select: { payload: true, type: true } });
  return { view: foldTournament(id, rows.map((row) => JSON.parse(row.payload) as TournamentEvent)), types: rows.map((row) => row.type) };
}

/** A 2-player knockout whose registration closes in a moment: its one match is made as soon as it starts. */
async function twoPlayerTournament(s: Site): Promise<string> {
  const admin = await s.bot(s.users[0]!.cookie);
  // Long enough for two registrations on a loaded machine (1.5 s once was not); the wait is idle, not work.
  const closesAt = Date.now() + 3000;
  const created = await admin.send("tournament:create", { name: "Kill cup", format: "knockout", matchLength: 1, timeControl: { reserveMs: 600_000, delayMs: 0 }, rated: false, maxPlayers: 2, closesAt, startsAt: closesAt, noShowMinutes: 10 });
  if (!created.ok) throw new Error(created.message);
  for (const player of s.users.slice(1, 3)) expect(await (await s.bot(player.cookie)).send("tournament:register", { tournamentId: created.tournamentId })).toMatchObject({ ok: true });
  return created.tournamentId;
}

describe.each(testDatabaseKinds())("reactions across a SIGKILL between their steps on %s", (kind) => {
  it("makes an accepted challenge's match at the next start, once", async () => {
    const s = await site(kind, `challenge-${kind}`, 3);
    const server = await s.start("challenge-accepted");
    const [ada, bob] = [s.users[1]!, s.users[2]!];
    const sent = await (await s.bot(ada.cookie)).send("challenge:send", { username: bob.name, matchLength: 3, color: "white" });
    if (!sent.ok) throw new Error(sent.message);
    void (await s.bot(bob.cookie)).send("challenge:answer", { challengeId: sent.challenge.id, accept: true }, 3000).catch(() => null);
    await waitFor(() => server.exited, "the server to die at the crash point");
    expect(await s.db.prisma.challenge.findUnique({ where: { id: sent.challenge.id } })).toMatchObject({ status: "accepted" });
    expect(await s.db.prisma.match.count({ where: { id: sent.challenge.matchId } })).toBe(0);
    await s.start();
    await waitFor(async () => (await s.db.prisma.match.count({ where: { id: sent.challenge.matchId } })) === 1, "the match to be made");
    expect(await s.db.prisma.match.findMany({ where: { OR: [{ whiteId: ada.id }, { blackId: ada.id }] } })).toMatchObject([{ id: sent.challenge.matchId, whiteId: ada.id, blackId: bob.id, status: "seeding" }]);
  });

  it("makes an agreed rematch's match at the next start, once", async () => {
    const s = await site(kind, `rematch-${kind}`, 3);
    const server = await s.start("rematch-made");
    const [white, black] = [await s.bot(s.users[1]!.cookie), await s.bot(s.users[2]!.cookie)];
    const { matchId, inviteToken } = await white.create({ matchLength: 1, color: "white", visibility: "private" });
    await black.join(matchId, inviteToken ?? undefined);
    await white.submitSeed("w");
    await black.submitSeed("b");
    // The player on roll resigns a single game and the other accepts: the 1-point match is over.
    const inPlay = await black.until((view) => view.state.phase === "moving");
    const [mover, other] = inPlay.state.turn === "white" ? [white, black] : [black, white];
    await mover.until((view) => view.version === inPlay.version);
    expect((await mover.send("match:resign", { matchId, level: 1 })).ok).toBe(true);
    await other.until((view) => view.state.pendingResign !== null);
    expect((await other.send("match:resign-accept", { matchId })).ok).toBe(true);
    await white.finished(10_000);
    expect((await white.send("match:rematch", { matchId })).ok).toBe(true);
    void black.send("match:rematch-answer", { matchId, accept: true }, 3000).catch(() => null);
    await waitFor(() => server.exited, "the server to die with the rematch agreed");
    const { rematchId } = await s.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    expect(rematchId).toMatch(/.+/);
    expect(await s.db.prisma.match.count({ where: { id: rematchId! } })).toBe(0);
    await s.start();
    await waitFor(async () => (await s.db.prisma.match.count({ where: { id: rematchId! } })) === 1, "the rematch to be made");
    expect(await s.db.prisma.match.findUniqueOrThrow({ where: { id: rematchId! } })).toMatchObject({ whiteId: s.users[2]!.id, blackId: s.users[1]!.id, status: "seeding" });
    expect(await s.db.prisma.match.count()).toBe(2);
  });

  it("records a tournament match made just before a crash, and the result of one that ended just before the next, once each", async () => {
    const s = await site(kind, `tournament-${kind}`, 3);
    let server = await s.start("tournament-match-created");
    const id = await twoPlayerTournament(s);
    await waitFor(() => server.exited, "the server to die after making the match", 15_000);
    expect((await tournamentOf(s.db, id)).types).not.toContain("match-made");
    expect(await s.db.prisma.match.count()).toBe(1);
    // Started again, it records the match it made (and makes no second one); this time it dies as the match ends.
    server = await s.start("tournament-match-ended");
    await waitFor(async () => (await tournamentOf(s.db, id)).types.includes("match-made"), "the match to be recorded");
    expect(await s.db.prisma.match.count()).toBe(1);
    const matchId = (await tournamentOf(s.db, id)).view.rounds[0]!.matchIds[0]!;
    expect(matchId).toBe((await s.db.prisma.match.findFirstOrThrow()).id);
    const bots = await Promise.all(s.users.slice(1, 3).map((user) => s.bot(user.cookie, true)));
    for (const bot of bots) {
      await bot.watch(matchId);
      await bot.submitSeed(`seed-${bot.you}`);
    }
    await waitFor(() => server.exited, "the server to die as the match ends", 60_000);
    for (const bot of bots) bot.close();
    expect(await s.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).toMatchObject({ status: "finished" });
    expect((await tournamentOf(s.db, id)).types).not.toContain("result");
    await s.start();
    await waitFor(async () => (await tournamentOf(s.db, id)).view.status === "finished", "the tournament to finish");
    const { view, types } = await tournamentOf(s.db, id);
    expect(types.filter((type) => type === "match-made")).toHaveLength(1);
    expect(types.filter((type) => type === "result")).toHaveLength(1);
    expect(view.rounds[0]!.reasons).toEqual(["played"]);
    expect(await s.db.prisma.match.count()).toBe(1);
  });
});
