import { statSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { appendEvent } from "./append-event";
import type { Db } from "./client";
import { useTestDatabase } from "@/tests/support/test-database";
import { seededMatch, testVault } from "./test-fixtures";
import { startWalCheckpointer, type CheckpointReport } from "./wal-checkpointer";

const vault = testVault();

async function autocheckpointPages(db: Db): Promise<number> {
  return db.sqlite!.exclusive((connection) => Number(connection.pragma("wal_autocheckpoint", { simple: true })));
}

/**
 * Appends `batches` × 100 events of ~2 KB and returns the largest size the WAL file reached, in MB. With `rest`, the
 * event loop rests between batches until it resolves, as a lightly loaded server's does between commands; without,
 * the writes never stop, as under sustained load.
 */
async function writeAndWatchWal(db: Db, batches: number, rest?: () => Promise<void>): Promise<number> {
  const wal = `${db.url.slice("file:".length)}-wal`;
  const { match, version: start } = await seededMatch(db, vault);
  let version = start;
  let largest = 0;
  const payload = "x".repeat(2000);
  for (let batch = 0; batch < batches; batch++) {
    for (let i = 0; i < 100; i++) {
      // Without pauses the loop still turns (a server's does between commands) but never rests for a checkpoint. A
      // timer turn, not setImmediate: that paces the writes like a server's commands, and the WAL sizes below are
      // measured at this pace (with setImmediate the restarted WAL grows to ~38 MB, past its bound).
      if (!rest && i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const result = await appendEvent(db, { matchId: match.id, expectedVersion: version, event: { type: "filler", payload } });
      if (!result.ok) throw new Error(result.code);
      version = result.value.version;
    }
    largest = Math.max(largest, statSync(wal).size / 2 ** 20);
    // Room for the worker's next checkpoint, as a server's event loop has between commands.
    if (rest) await rest();
  }
  return largest;
}

describe("WAL checkpoints in a worker thread", () => {
  const handle = useTestDatabase("sqlite", { perTest: true });

  it("turns the server connection's own checkpoints off and keeps the WAL small by checkpointing beside it", async () => {
    const reports: CheckpointReport[] = [];
    let onReport: (() => void) | null = null;
    const checkpointer = await startWalCheckpointer(handle.db, {
      intervalMs: 10,
      onCheckpoint: (report) => {
        reports.push(report);
        onReport?.();
      },
    });
    expect(await autocheckpointPages(handle.db)).toBe(0);
    // A pause lasts until the worker has reported two checkpoints since the batch (so one began after it), at most a
    // second: a machine so busy that the worker's thread waits longer than that to be scheduled would make the test
    // measure the machine, not the checkpointer.
    const twoCheckpoints = () =>
      new Promise<void>((resolve) => {
        const target = reports.length + 2;
        const done = () => {
          clearTimeout(timer);
          onReport = null;
          resolve();
        };
        const timer = setTimeout(done, 1000);
        onReport = () => reports.length >= target && done();
      });
    // 3,000 events of ~2 KB write ~25 MB of WAL frames; restarted after each complete checkpoint the WAL stays a few
    // batches long.
    const largestMb = await writeAndWatchWal(handle.db, 30, twoCheckpoints);
    await checkpointer.stop();
    expect(largestMb).toBeLessThan(8);
    expect(reports.some((report) => report.busy === 0 && report.checkpointed > 0 && report.checkpointed === report.log)).toBe(true);
    // Stopped, the connection checkpoints by itself again (SQLite's default).
    expect(await autocheckpointPages(handle.db)).toBe(1000);
  });

  it("restarts the WAL under writes that never pause, where PASSIVE checkpoints alone let it grow with every write", async () => {
    // 512 frames are 2 MB of 4 KiB pages. The same writes with restarts and without.
    const restarting = await startWalCheckpointer(handle.db, { intervalMs: 10, restartFrames: 512 });
    const restartedMb = await writeAndWatchWal(handle.db, 30);
    await restarting.stop();
    const passiveOnly = await startWalCheckpointer(handle.db, { intervalMs: 10, restartFrames: Number.POSITIVE_INFINITY });
    const passiveMb = await writeAndWatchWal(handle.db, 30);
    await passiveOnly.stop();
    // Alone (~20 against ~85 MB here) the two are far apart; beside other tests fewer writes fit between checkpoints.
    expect(restartedMb).toBeLessThan(32);
    expect(passiveMb).toBeGreaterThan(2 * restartedMb);
  });

  it("is what keeps the WAL small: with checkpoints off and no worker the same writes grow it past 16 MB", async () => {
    await handle.db.sqlite!.exclusive((connection) => connection.pragma("wal_autocheckpoint = 0"));
    // The event loop rests between batches (one turn: there is nobody here who would checkpoint in a longer rest).
    expect(await writeAndWatchWal(handle.db, 30, () => new Promise((resolve) => setImmediate(resolve)))).toBeGreaterThan(16);
  });

  it("hands checkpoints back to the server's connection when the worker fails", async () => {
    const warn = vi.fn();
    const broken: Db = { ...handle.db, url: "file:/nonexistent-dir/fairgammon.db" };
    const checkpointer = await startWalCheckpointer(broken, { intervalMs: 10, logger: { warn } });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^WAL checkpoints are back on the event loop: /)), { timeout: 5000 });
    await vi.waitFor(async () => expect(await autocheckpointPages(handle.db)).toBe(1000));
    await checkpointer.stop();
  });

  it("does nothing on PostgreSQL", async () => {
    const postgres = { kind: "postgres", url: "postgresql://127.0.0.1:1/none" } as unknown as Db;
    await expect(startWalCheckpointer(postgres).then((checkpointer) => checkpointer.stop())).resolves.toBeUndefined();
  });
});
