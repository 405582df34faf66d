/**
 * Crash recovery: the match server runs in a child process on a SQLite file; bots that reconnect by themselves play
 * several matches while the test SIGKILLs the server at pseudo-random points (a seeded PRNG picks how many broadcast
 * events to let through, and a few milliseconds more, so kills land between and inside commands) and starts it again
 * on the same database and port. Afterwards every match must be whole: event sequences and roll nonces contiguous,
 * no roll lost or repeated, every client's events equal to the stored ones, and the audit bundle verified.
 */
import { describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { BotClient } from "@/scripts/bot/bot-client";
import { mulberry32 } from "@/scripts/bot/random";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { expectAuditVerifies, expectClientsSawTheLog, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, useServerScratch } from "@/tests/support/server-process";
import { waitFor } from "@/tests/support/wait-for";

/** The PRNG seed of the kill schedule; change it to explore other schedules. */
const SCHEDULE_SEED = 20261129;
const KILLS = 20;
const CONCURRENT_MATCHES = 4;
const MATCH_LENGTH = 7;
/** Bots play without thinking; the human-sized rate limit would only slow them down. */
const RATE_LIMIT = "1000/1000";

interface PlayedMatch {
  readonly matchId: string;
  readonly white: BotClient;
  readonly black: BotClient;
  done: boolean;
}

const scratch = useServerScratch("fairgammon-crash-");

describe("crash recovery", () => {
  it(`finishes every match across ${KILLS} SIGKILLs of the server, losing and repeating nothing (schedule seed ${SCHEDULE_SEED})`, async () => {
    const databaseUrl = scratch.databaseUrl("crash.db");
    await migrateDatabase(databaseUrl);
    const setupDb = openDb(databaseUrl);
    const cookies: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await createUser(setupDb, { username: `crash-${i}` });
      if (!created.ok) throw new Error(describeFailure(created));
      cookies.push(await sessionCookieFor(created.value));
    }
    await setupDb.close();

    const port = await freePort();
    const seedKeyHex = randomSeedKeyHex();
    // The process running now, for the file's clean-up too.
    const start = async () => (scratch.server = await startServerProcess({ databaseUrl, port, seedKeyHex, env: { FAIRGAMMON_RATE_LIMIT: RATE_LIMIT } }));
    let server = await start();
    const url = server.url;
    const random = mulberry32(SCHEDULE_SEED);

    const matches: PlayedMatch[] = [];
    let eventsSeen = 0;
    let settingUp = 0;
    let nextCookie = 0;

    /** A new match between two fresh players; the kill schedule waits while one is being set up. */
    async function startMatch(): Promise<void> {
      settingUp++;
      try {
        const n = matches.length;
        const white = new BotClient({ url, cookie: cookies[nextCookie++], seed: 100 + n, reconnect: true, resignRate: 0.002 });
        const black = new BotClient({ url, cookie: cookies[nextCookie++], seed: 200 + n, reconnect: true, resignRate: 0.002 });
        await Promise.all([white.connect(), black.connect()]);
        white.socket.on("match:event", () => eventsSeen++);
        const { matchId } = await white.create({ matchLength: MATCH_LENGTH, color: "white", visibility: "public" });
        await black.join(matchId);
        await white.submitSeed(`white-${n}`);
        await black.submitSeed(`black-${n}`);
        const played: PlayedMatch = { matchId, white, black, done: false };
        matches.push(played);
        void Promise.all([white.finished(180_000), black.finished(180_000)]).then(() => (played.done = true));
      } finally {
        settingUp--;
      }
    }

    for (let i = 0; i < CONCURRENT_MATCHES; i++) await startMatch();
    let kills = 0;
    while (kills < KILLS) {
      const mark = eventsSeen;
      const after = 3 + Math.floor(random() * 40);
      await waitFor(() => eventsSeen >= mark + after && settingUp === 0, () => `${after} more events after kill ${kills} (seen ${eventsSeen - mark})`, 30_000);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 8)));
      await server.kill();
      kills++;
      server = await start();
      // Keep enough matches in play for the remaining kills.
      while (matches.filter((m) => !m.done).length < CONCURRENT_MATCHES && matches.length < 18) await startMatch();
    }
    await waitFor(() => matches.every((m) => m.done), () => `the matches to end (${matches.filter((m) => !m.done).length} still playing)`, 120_000);
    expect(kills).toBeGreaterThanOrEqual(20);

    for (const { matchId } of matches) await expectAuditVerifies(server.url, matchId);
    for (const { white, black } of matches) {
      white.close();
      black.close();
    }
    await server.stop();

    const db = openDb(databaseUrl);
    try {
      for (const { matchId, white, black } of matches) {
        const stored = await readStoredMatch(db, matchId);
        expect(stored.view.ended, `${matchId} ended`).not.toBeNull();
        expect(stored.seed.revealedSeed).toBe(stored.view.ended?.serverSeed);
        expectIntactLog(stored);
        expectClientsSawTheLog(stored, [white, black]);
        // What bots were told failed is only what a crash explains: answers that never came.
        for (const error of [...white.errors, ...black.errors]) expect(error).toMatch(/disconnected|timed? ?out/i);
      }
    } finally {
      await db.close();
    }
  }, 240_000);
});
