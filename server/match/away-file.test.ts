/**
 * Issue 47 item 1 on a single node without Redis: the away clocks survive a restart in a file beside the SQLite
 * database (away-file.ts) — unit-tested, then across a real server's restart in the same data directory.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { blackLeaves, seatBots } from "@/tests/support/match-in-play";
import { startTestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { AwayFile } from "./away-file";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "away-file-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for Presence: the listener AwayFile attaches, called by hand. */
function fakePresence() {
  let listener: ((userId: string, since: number | null) => void) | undefined;
  return { onAwayChange: (l: (userId: string, since: number | null) => void) => void (listener = l), change: (userId: string, since: number | null) => listener?.(userId, since) };
}

describe("AwayFile", () => {
  it("keeps the clocks started and not stopped, and hands them back after a restart", async () => {
    const file = join(tempDir(), "away-clocks.json");
    const presence = fakePresence();
    const first = new AwayFile(file, { flushMs: 10_000 });
    expect(await first.load(1_000)).toEqual([]);
    first.attach(presence);
    presence.change("ann", 900);
    presence.change("bob", 950);
    presence.change("ann", null);
    presence.change("cy", 990);
    await first.flush();
    expect(await new AwayFile(file).load(1_000)).toEqual([
      ["bob", 950],
      ["cy", 990],
    ]);
  });

  it("drops clocks older than it keeps, and reads a broken or hostile file as empty", async () => {
    const file = join(tempDir(), "away-clocks.json");
    writeFileSync(file, JSON.stringify({ old: 10, fresh: 99_000, future: 1e15, text: "soon", nan: null }));
    expect(await new AwayFile(file, { keepMs: 50_000 }).load(100_000)).toEqual([["fresh", 99_000]]);
    writeFileSync(file, "{ not json");
    expect(await new AwayFile(file).load(100_000)).toEqual([]);
  });

  it("writes by itself soon after a change, whole (never a half-written file)", async () => {
    const file = join(tempDir(), "away-clocks.json");
    const presence = fakePresence();
    new AwayFile(file, { flushMs: 20 }).attach(presence);
    presence.change("ann", 123);
    await waitFor(() => {
      try {
        return JSON.parse(readFileSync(file, "utf8")).ann === 123;
      } catch {
        return false;
      }
    }, "the file to be written");
  });
});

describe("a single node without Redis", () => {
  it("still knows since when an absent player is away after it restarts", { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const first = await startTestServer({ dir, keepDir: true });
    const white = new BotClient({ url: first.url, cookie: (await first.user()).cookie, seed: 1, play: false });
    const blackUser = await first.user();
    const black = new BotClient({ url: first.url, cookie: blackUser.cookie, seed: 2, play: false });
    const matchId = await seatBots(white, black, 3);
    const awayAt = await blackLeaves(white, black);
    white.close();
    await first.close();

    const second = await startTestServer({ dir, keepDir: true });
    try {
      const watcher = new BotClient({ url: second.url, cookie: (await second.user()).cookie, seed: 3, play: false });
      await watcher.connect();
      const watched = await watcher.send("match:watch", { matchId });
      if (!watched.ok) throw new Error(JSON.stringify(watched));
      expect(watched.snapshot.connected.black).toBe(false);
      expect(watched.snapshot.awaySince.black).toBe(awayAt);
      watcher.close();
    } finally {
      await second.close();
    }
  });
});
