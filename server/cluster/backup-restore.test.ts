/**
 * The README's PostgreSQL backup and restore recipe, run: matches are played to the end on a server process, the
 * database is dumped with pg_dump (custom format) and restored with pg_restore into a new database, and
 * `npm run verify -- --all` on the restored copy verifies every finished match from its restored rows (seeds, roll
 * log, events). The same command then fails on a copy with one logged die changed: the check can fail.
 *
 * Needs TEST_POSTGRES_URL (CI sets it); skipped otherwise.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { BotClient } from "@/scripts/bot/bot-client";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createEmptyDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { seatBots } from "@/tests/support/match-in-play";
import { postgresBin } from "@/tests/support/private-services";
import { entryArgs } from "@/tests/support/server-bundle";
import { freePort, randomSeedKeyHex, startServerProcess } from "@/tests/support/server-process";
import { sessionCookieFor } from "@/tests/support/session";

const postgres = process.env.TEST_POSTGRES_URL;
if (!postgres) console.warn("backup/restore test skipped: set TEST_POSTGRES_URL to run it");

const ROOT = path.resolve(import.meta.dirname, "../..");
const FINISHED = 2;
const dropLater: (() => Promise<void>)[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-backup-"));

afterAll(async () => {
  for (const drop of dropLater) await drop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

function run(command: string, args: readonly string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, ...env }, timeout: 120_000 });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? String(result.error ?? "") };
}

function verifyAll(databaseUrl: string) {
  const result = run(process.execPath, [...entryArgs("verify"), "--all", "--json"], { DATABASE_URL: databaseUrl });
  return { status: result.status, report: result.stdout ? (JSON.parse(result.stdout) as { matches: number; verified: number; results: { verdict: string }[] }) : null, stderr: result.stderr };
}

async function restoredCopy(dump: string): Promise<string> {
  const target = await createEmptyDatabase("postgres", postgres);
  dropLater.push(() => target.drop());
  const restore = run(path.join(postgresBin(), "pg_restore"), ["--no-owner", "--exit-on-error", "-d", target.url, dump]);
  expect(restore.status, restore.stderr).toBe(0);
  return target.url;
}

describe.skipIf(!postgres)("PostgreSQL backup and restore (needs TEST_POSTGRES_URL)", () => {
  it("restores a pg_dump into a new database in which every finished match verifies", { timeout: 240_000 }, async () => {
    const source = await createEmptyDatabase("postgres", postgres);
    dropLater.push(() => source.drop());
    await migrateDatabase(source.url);
    const db = openDb(source.url);
    const server = await startServerProcess({ databaseUrl: source.url, port: await freePort(), seedKeyHex: randomSeedKeyHex(), env: { FAIRGAMMON_RATE_LIMIT: "1000/1000", DATA_DIR: dir } });
    try {
      const cookie = async (name: string) => {
        const created = await createUser(db, { username: name });
        if (!created.ok) throw new Error(describeFailure(created));
        return sessionCookieFor(created.value);
      };
      const bots: BotClient[] = [];
      for (let i = 0; i < FINISHED; i++) {
        const white = new BotClient({ url: server.url, cookie: await cookie(`backup-w${i}`), seed: 800 + i });
        const black = new BotClient({ url: server.url, cookie: await cookie(`backup-b${i}`), seed: 900 + i });
        await seatBots(white, black, 1);
        bots.push(white, black);
      }
      await Promise.all(bots.map((bot) => bot.finished(180_000)));
      // One more in play: not finished, so not verified, but restored all the same.
      const white = new BotClient({ url: server.url, cookie: await cookie("backup-w-open"), seed: 990, play: false });
      const black = new BotClient({ url: server.url, cookie: await cookie("backup-b-open"), seed: 991, play: false });
      await seatBots(white, black, 3);
      await white.until((view) => view.rolls.length > 0);
      for (const bot of [...bots, white, black]) bot.close();
    } finally {
      await server.stop();
    }
    const counts = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const row = await client.query(`SELECT (SELECT count(*) FROM "Match") AS matches, (SELECT count(*) FROM "MatchEvent") AS events, (SELECT count(*) FROM "RollLog") AS rolls`);
        return row.rows[0] as { matches: string; events: string; rolls: string };
      } finally {
        await client.end();
      }
    };
    const before = await counts(source.url);
    await db.close();

    const dump = path.join(dir, "fairgammon.dump");
    const dumped = run(path.join(postgresBin(), "pg_dump"), ["--format=custom", "--no-owner", "-f", dump, source.url]);
    expect(dumped.status, dumped.stderr).toBe(0);

    const restored = await restoredCopy(dump);
    expect(await counts(restored)).toEqual(before);
    const verified = verifyAll(restored);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.report).toMatchObject({ matches: FINISHED, verified: FINISHED });

    // A copy with one die of the roll log changed (the append-only triggers switched off to do it) fails.
    const tampered = await restoredCopy(dump);
    const client = new pg.Client({ connectionString: tampered });
    await client.connect();
    await client.query(`ALTER TABLE "RollLog" DISABLE TRIGGER ALL`);
    await client.query(`UPDATE "RollLog" SET "die1" = 1 + ("die1" % 6) WHERE ctid = (SELECT r.ctid FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId" WHERE m."status" = 'finished' LIMIT 1)`);
    await client.end();
    const failed = verifyAll(tampered);
    expect(failed.status).toBe(1);
    expect(failed.report?.verified, JSON.stringify(failed.report?.results)).toBe(FINISHED - 1);
  });
});
