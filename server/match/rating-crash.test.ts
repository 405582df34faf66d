/**
 * Ratings survive a crash at the end of a rated match: the server runs in a child process on a SQLite file (and on a
 * PostgreSQL database too when TEST_POSTGRES_URL is set: the other append path), two registered bots play rated
 * 1-point matches that end by a resignation (the one on roll offers, the other accepts), and the test SIGKILLs the
 * server a few milliseconds after the accepting bot sends the accept (0–7 on SQLite, 0–249 on PostgreSQL, from a
 * seeded PRNG) — so kills land before the winning action is stored, between it and the `ended` event (which recovery
 * then writes), or after both — and starts it again on the same database and port. Afterwards every match has
 * exactly one rating change per player, and each player's rating is what the FIBS formula gives replaying the matches
 * in order: nothing lost, nothing applied twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { INITIAL_RATING, rateMatch, type Rated } from "@/lib/rating/fibs";
import { BotClient } from "@/scripts/bot/bot-client";
import { mulberry32 } from "@/scripts/bot/random";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createMigratedDatabase, testDatabaseKinds } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "@/tests/support/server-process";
import { waitFor } from "@/tests/support/wait-for";

const SCHEDULE_SEED = 20261202;
const MATCHES = 8;
const PLAYERS = 3;

const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-rating-crash-"));
let server: ServerProcess | null = null;
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  await server?.kill();
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(testDatabaseKinds())("ratings across a crash on %s", (kind) => {
  it(`apply each rated match exactly once when the server is SIGKILLed at its end (${MATCHES} matches)`, async () => {
    const empty = kind === "sqlite" ? { url: `file:${path.join(dir, "ratings.db")}`, drop: async () => {} } : await createMigratedDatabase(kind);
    drops.push(empty.drop);
    const databaseUrl = empty.url;
    await migrateDatabase(databaseUrl);
    const setupDb = openDb(databaseUrl);
    const players: { id: string; cookie: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const created = await createUser(setupDb, { username: `rated-${i}` });
      if (!created.ok) throw new Error(describeFailure(created));
      players.push({ id: created.value.id, cookie: await sessionCookieFor(created.value) });
    }
    await setupDb.close();

    const port = await freePort();
    const seedKeyHex = randomSeedKeyHex();
    const start = () => startServerProcess({ databaseUrl, port, seedKeyHex, env: { FAIRGAMMON_RATE_LIMIT: "1000/1000", DATA_DIR: dir } });
    server = await start();
    const random = mulberry32(SCHEDULE_SEED);
    const played: { matchId: string; whiteId: string; blackId: string }[] = [];
    const endStoredAtKill: boolean[] = [];

    for (let n = 0; n < MATCHES; n++) {
      const white = players[n % PLAYERS]!;
      const black = players[(n + 1) % PLAYERS]!;
      let killAt: Promise<void> | null = null;
      // PostgreSQL's transactions take longer (a round trip per statement): a wider range reaches both sides of the end.
      const delay = Math.floor(random() * (kind === "sqlite" ? 8 : 250));
      const bots: BotClient[] = [];
      for (const [i, player] of [white, black].entries()) {
        const bot: BotClient = new BotClient({
          url: server.url, cookie: player.cookie, seed: 1000 * n + i, reconnect: true, resignRate: 1, acceptResignRate: 1, doubleRate: 0,
          // The accept of the resignation is the action that wins the match: kill the server just after it is sent.
          onActionSent: () => {
            if (killAt || !bot.view?.state.pendingResign) return;
            const doomed = server!;
            killAt = new Promise((resolve) => setTimeout(resolve, delay)).then(() => doomed.kill());
          },
        });
        bots.push(bot);
      }
      const [whiteBot, blackBot] = bots as [BotClient, BotClient];
      await Promise.all(bots.map((bot) => bot.connect()));
      const { matchId } = await whiteBot.create({ matchLength: 1, color: "white", visibility: "public", rated: true });
      await blackBot.join(matchId);
      await whiteBot.submitSeed(`white-${n}`);
      await blackBot.submitSeed(`black-${n}`);
      await waitFor(() => killAt !== null, `the resignation to be accepted in match ${n}`, 60_000);
      await killAt;
      const db = openDb(databaseUrl);
      const row = await db.prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { status: true } });
      endStoredAtKill.push(row.status === "finished");
      await db.close();
      server = await start();
      await Promise.all(bots.map((bot) => bot.finished(60_000)));
      for (const bot of bots) bot.close();
      played.push({ matchId, whiteId: white.id, blackId: black.id });
    }
    await server.stop();
    server = null;

    const db = openDb(databaseUrl);
    try {
      const expected = new Map<string, Rated & { matches: number }>(players.map((p) => [p.id, { rating: INITIAL_RATING, experience: 0, matches: 0 }]));
      for (const { matchId, whiteId, blackId } of played) {
        const match = await db.prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { status: true, winner: true, rated: true } });
        expect(match).toMatchObject({ status: "finished", rated: true });
        const changes = await db.prisma.ratingChange.findMany({ where: { matchId } });
        expect(changes.map((c) => c.userId).sort(), `rating changes of ${matchId}`).toEqual([whiteId, blackId].sort());
        const [winnerId, loserId] = match.winner === "white" ? [whiteId, blackId] : [blackId, whiteId];
        const winner = expected.get(winnerId)!;
        const loser = expected.get(loserId)!;
        const rated = rateMatch(winner, loser, 1);
        expected.set(winnerId, { ...rated.winner, matches: winner.matches + 1 });
        expected.set(loserId, { ...rated.loser, matches: loser.matches + 1 });
      }
      expect(await db.prisma.ratingChange.count()).toBe(2 * MATCHES);
      for (const [id, want] of expected) {
        const user = await db.prisma.user.findUniqueOrThrow({ where: { id }, select: { rating: true, experience: true, ratedMatches: true } });
        expect(user.rating).toBeCloseTo(want.rating, 4);
        expect(user.experience).toBe(want.experience);
        expect(user.ratedMatches).toBe(want.matches);
      }
    } finally {
      await db.close();
    }
    // Which side of the end the kills landed on (logged: the schedule decides, the load shifts it).
    console.info(`rating-crash (${kind}): the end was already stored at ${endStoredAtKill.filter(Boolean).length} of ${MATCHES} kills`);
  }, 300_000);
});
