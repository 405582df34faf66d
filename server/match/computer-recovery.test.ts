/**
 * The computer keeps playing after a crash: a match server in a child process plays a bot against the computer, and
 * the test SIGKILLs it right after the bot's action has handed the turn to the computer — while the computer is
 * thinking, or just after it acted — then starts it again on the same database and port. Recovery must wake the
 * computer for its pending action (otherwise the match stalls and the test times out); the match must finish with
 * an intact log and a verified audit bundle.
 */
import { describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { BotClient } from "@/scripts/bot/bot-client";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { expectAuditVerifies, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, useServerScratch } from "@/tests/support/server-process";

const KILLS = 5;
const scratch = useServerScratch("fairgammon-computer-crash-");

describe("the computer after a crash", () => {
  it(`finishes a match across ${KILLS} SIGKILLs landing while the computer is to act`, async () => {
    const databaseUrl = scratch.databaseUrl("crash.db");
    await migrateDatabase(databaseUrl);
    const setupDb = openDb(databaseUrl);
    const created = await createUser(setupDb, { username: "crash-human" });
    if (!created.ok) throw new Error(describeFailure(created));
    await setupDb.close();
    const cookie = await sessionCookieFor(created.value);

    const port = await freePort();
    const seedKeyHex = randomSeedKeyHex();
    // The process running now, for the file's clean-up too.
    const start = async () => (scratch.server = await startServerProcess({ databaseUrl, port, seedKeyHex, env: { FAIRGAMMON_RATE_LIMIT: "1000/1000" } }));
    let server = await start();
    const bot = new BotClient({ url: server.url, cookie, seed: 42, reconnect: true, resignRate: 0, doubleRate: 0 });
    await bot.connect();
    const { matchId } = await bot.create({ matchLength: 3, color: "white", visibility: "public", computer: "medium" });
    await bot.submitSeed("crash-human-seed");

    let kills = 0;
    let pendingAtKill = 0;
    let lastKillVersion = 0;
    while (kills < KILLS) {
      const view = await bot.until((v) => v.ended !== null || (v.status === "playing" && v.state.turn === "black" && v.version > lastKillVersion), 60_000);
      if (view.ended) break;
      lastKillVersion = view.version;
      await server.kill();
      kills++;
      const db = openDb(databaseUrl);
      const stored = await readStoredMatch(db, matchId);
      await db.close();
      // The computer had not acted yet when the process died: only recovery can make it act now.
      if (stored.view.state.turn === "black" && !stored.view.ended) pendingAtKill++;
      server = await start();
    }
    const final = await bot.finished(180_000);
    expect(final.status).toBe("finished");
    expect(kills).toBeGreaterThan(0);
    expect(pendingAtKill).toBeGreaterThan(0);
    for (const error of bot.errors) expect(error).toMatch(/disconnected|timed? ?out/i);

    await expectAuditVerifies(server.url, matchId);
    bot.close();
    await server.stop();
    const db = openDb(databaseUrl);
    try {
      expectIntactLog(await readStoredMatch(db, matchId));
    } finally {
      await db.close();
    }
  }, 240_000);
});
