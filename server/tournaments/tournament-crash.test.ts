/**
 * A tournament survives crashes around its round transitions: the server runs in a child process (SQLite, and
 * PostgreSQL when TEST_POSTGRES_URL is set), an 8-player rated knockout runs by itself while bots play its matches,
 * and the test SIGKILLs the server a few milliseconds (seeded) after matches end — when the reaction is recording the
 * result (from the match's stored `ended`), or making the next round's matches — then starts it again on the same database and port. Afterwards the tournament
 * is finished with one winner, every round started once, every match made once (no match row beyond the seven
 * pairings), every result recorded once, every rated match moved ratings once, and the draw verifies.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match/view";
import { drawRecordOf, foldTournament, type TournamentEvent, type TournamentView } from "@/lib/tournament/tournament";
import { verifyDraw } from "@/lib/tournament/verify-draw";
import { BotClient } from "@/scripts/bot/bot-client";
import { mulberry32 } from "@/scripts/bot/random";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createEmptyDatabase, testDatabaseKinds } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "@/tests/support/server-process";

const SCHEDULE_SEED = 20261204;
const PLAYERS = 8;

const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-tournament-crash-"));
let server: ServerProcess | null = null;
const drops: (() => Promise<void>)[] = [];
const bots: BotClient[] = [];

afterAll(async () => {
  for (const bot of bots) bot.close();
  await server?.kill();
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function viewOf(db: Db, id: string): Promise<TournamentView> {
  const events = await db.prisma.streamEvent.findMany({ where: { stream: `tournament:${id}` }, orderBy: { version: "asc" }, select: { payload: true } });
  return foldTournament(id, events.map((event) => JSON.parse(event.payload) as TournamentEvent));
}

describe.each(testDatabaseKinds())("a tournament across crashes on %s", (kind) => {
  it(`runs an ${PLAYERS}-player rated knockout to its end with the server SIGKILLed as rounds turn`, async () => {
    const empty = kind === "sqlite" ? { url: `file:${path.join(dir, "tournament.db")}`, drop: async () => {} } : await createEmptyDatabase(kind);
    drops.push(empty.drop);
    const databaseUrl = empty.url;
    await migrateDatabase(databaseUrl);
    const db = openDb(databaseUrl);
    try {
      const users: { id: string; cookie: string }[] = [];
      for (let i = 0; i <= PLAYERS; i++) {
        const created = await createUser(db, { username: `entrant-${i}`, role: i === 0 ? "ADMIN" : "USER" });
        if (!created.ok) throw new Error(describeFailure(created));
        users.push({ id: created.value.id, cookie: await sessionCookieFor(created.value) });
      }
      const [admin, ...players] = users as [{ id: string; cookie: string }, ...{ id: string; cookie: string }[]];
      const cookieOf = new Map(players.map((p) => [p.id, p.cookie]));

      const port = await freePort();
      const seedKeyHex = randomSeedKeyHex();
      const start = () => startServerProcess({ databaseUrl, port, seedKeyHex, env: { FAIRGAMMON_RATE_LIMIT: "1000/1000", DATA_DIR: dir, TOURNAMENT_TICK_MS: "100" } });
      server = await start();

      const organiser = new BotClient({ url: server.url, cookie: admin.cookie, seed: 1, play: false });
      bots.push(organiser);
      await organiser.connect();
      // Registration closes soon after the entrants are in (they register at once, side by side). 1.5 s was too short
      // on a loaded machine (eight sockets connecting to PostgreSQL's server took longer, and a registration was
      // refused as late): the window is idle time, not work.
      const closesAt = Date.now() + 4000;
      const created = await organiser.send("tournament:create", { name: "Crash cup", format: "knockout", matchLength: 1, timeControl: { reserveMs: 600_000, delayMs: 0 }, rated: true, maxPlayers: PLAYERS, closesAt, startsAt: closesAt, noShowMinutes: 10 });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      await Promise.all(
        players.map(async (player, i) => {
          const client = new BotClient({ url: server!.url, cookie: player.cookie, seed: 10 + i, play: false });
          bots.push(client);
          await client.connect();
          expect(await client.send("tournament:register", { tournamentId: id })).toMatchObject({ ok: true });
          client.close();
        }),
      );
      expect(Date.now(), "every entrant registered before the close").toBeLessThan(closesAt);

      const random = mulberry32(SCHEDULE_SEED);
      let restarting: Promise<void> = Promise.resolve();
      let kills = 0;
      const crash = () => {
        // PostgreSQL's transactions take longer: a wider range reaches both sides of a step.
        const delay = Math.floor(random() * (kind === "sqlite" ? 150 : 400));
        restarting = restarting.then(async () => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await server!.kill();
          kills++;
          server = await start();
        });
      };

      // Two bots play a match out, then the server is killed. A kill can land while a pair is still connecting or
      // asking to watch (another match ended a moment before): that pair gives up and a new one joins once the server
      // is back, or the match would wait for players who never come. A kill can also take a bot's client seed with it
      // (sent, never stored: the answer is lost with the connection): the match then waits in "seeding" for that seed,
      // which no bot sends by itself — so the bot sends it again as soon as its view (resynced on reconnecting) shows
      // the match seeding without it, as a browser page would, instead of waiting out a long timeout.
      const joinFailures: string[] = [];
      let seedResends = 0;
      const playedOut = async (bot: BotClient, matchId: string): Promise<void> => {
        const seedOwed = (view: MatchView) => view.status === "seeding" && bot.you !== null && view.clientSeeds[bot.you] === null && bot.socket.connected;
        for (;;) {
          const view = await bot.until((v) => v.ended !== null || seedOwed(v), 120_000);
          if (view.ended !== null) return;
          seedResends++;
          const sent = await bot.submitSeed(`seed-${matchId}-${bot.you}`).then(
            () => true,
            () => false,
          );
          // Refused or unanswered (the server went away again): look again a moment later, or at the next resync.
          if (!sent) await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      let seed = 100;
      const playOut = async (matchId: string, players: string[]) => {
        for (let attempt = 1; attempt <= 5; attempt++) {
          await restarting;
          const pair = players.map((player) => new BotClient({ url: server!.url, cookie: cookieOf.get(player), seed: seed++, play: true, reconnect: true, doubleRate: 0 }));
          bots.push(...pair);
          try {
            for (const bot of pair) {
              await bot.connect();
              await bot.watch(matchId);
              await bot.submitSeed(`seed-${matchId}-${bot.you}`).catch(() => {}); // sent again after a crash: refused, fine
            }
            await Promise.all(pair.map((bot) => playedOut(bot, matchId)));
            for (const bot of pair) bot.close();
            crash();
            return;
          } catch (error) {
            for (const bot of pair) bot.close();
            joinFailures.push(`${matchId} attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      };

      const started = new Set<string>();
      const deadline = Date.now() + 240_000;
      let view = await viewOf(db, id);
      while (view.status !== "finished") {
        expect(Date.now(), `the tournament to finish (at version ${view.version}, ${kills} kills; failures: ${joinFailures.join(" | ")})`).toBeLessThan(deadline);
        await restarting;
        for (const round of view.rounds) {
          for (const [index, matchId] of round.matchIds.entries()) {
            if (matchId === null || started.has(matchId)) continue;
            started.add(matchId);
            const pairing = round.pairings[index]!;
            void playOut(matchId, [pairing.white, pairing.black!]);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        view = await viewOf(db, id);
      }
      await restarting;
      await server.stop();
      server = null;

      // One of everything: the events, the matches, the ratings.
      const events = await db.prisma.streamEvent.findMany({ where: { stream: `tournament:${id}` }, orderBy: { version: "asc" } });
      expect(events.map((event) => event.version)).toEqual(events.map((_, i) => i + 1));
      const types = events.map((event) => event.type);
      expect(types.filter((type) => type === "started")).toHaveLength(1);
      expect(types.filter((type) => type === "round-started")).toHaveLength(3);
      expect(types.filter((type) => type === "match-made")).toHaveLength(PLAYERS - 1);
      expect(types.filter((type) => type === "result")).toHaveLength(PLAYERS - 1);
      const matchIds = view.rounds.flatMap((round) => round.matchIds);
      expect(new Set(matchIds).size).toBe(PLAYERS - 1);
      expect(await db.prisma.match.count()).toBe(PLAYERS - 1);
      expect(await db.prisma.match.count({ where: { id: { in: matchIds as string[] }, status: "finished", rated: true } })).toBe(PLAYERS - 1);
      expect(await db.prisma.ratingChange.count()).toBe(2 * (PLAYERS - 1));
      expect(players.map((p) => p.id)).toContain(view.winner);
      expect(verifyDraw(drawRecordOf(view)).verdict).toBe("verified");
      expect(kills).toBeGreaterThanOrEqual(3);
      console.info(`tournament-crash (${kind}): finished at version ${view.version} after ${kills} SIGKILLs, ${joinFailures.length} pairs joined again, ${seedResends} seeds sent again`);
    } finally {
      await db.close();
    }
  }, 300_000);
});
