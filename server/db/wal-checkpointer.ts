/**
 * WAL checkpoints off the event loop. SQLite normally checkpoints inside whichever commit pushes the WAL past 1,000
 * pages: that commit copies ~4 MB into the database file and fsyncs it, and with better-sqlite3 it does so on the
 * event loop, stalling every match on the node (at 700 events/s that is two or three stalls a second, and they set
 * the p99 of the load benchmark). Here the server's connection stops checkpointing (`wal_autocheckpoint = 0`) and a
 * worker thread with its own connection runs a PASSIVE checkpoint every `intervalMs`. PASSIVE never waits for and
 * never blocks the writer, so the event loop only ever appends to the WAL; the next write after a complete checkpoint
 * starts the WAL from the beginning again.
 *
 * Under sustained writes a PASSIVE checkpoint is never complete when the next write begins — the writer appends while
 * it copies — so the WAL never restarts and grows without end (2.7 GB in four minutes of the load benchmark at 2,000
 * matches). So when a checkpoint reports a WAL past `restartFrames`, the server's own connection runs a RESTART
 * checkpoint, in turn with Prisma's queries (`exclusive`): it copies the little the PASSIVE one left, syncs, and lets
 * the next write start the WAL from the beginning. It runs there and not in the worker because a RESTART holds the
 * write lock, and a Prisma transaction that has read and then writes gets SQLITE_BUSY at once, without waiting, when
 * another connection holds it; in turn with the queue no Prisma transaction is open.
 *
 * If the worker fails, the server's connection checkpoints by itself again (the SQLite default); durability never
 * depends on the worker, only where the checkpoint's time is spent.
 *
 * @example
 *   const checkpointer = await startWalCheckpointer(db, { logger });
 *   …
 *   await checkpointer.stop();
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Logger } from "@/server/log";
import type { Db } from "./client";
import { targetOf } from "./database-url";

/** SQLite's own default, restored on the server's connection when the worker fails. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * A WAL this many frames long (~64 MB of 4 KiB pages) is restarted, not only checkpointed: at 2,000 matches about
 * every four seconds. Each restart holds the event loop for the copy and sync it does, so not every second.
 */
const DEFAULT_RESTART_FRAMES = 16_384;

/** What one `PRAGMA wal_checkpoint(PASSIVE)` reported (https://www.sqlite.org/pragma.html#pragma_wal_checkpoint). */
export interface CheckpointReport {
  /** 1 when the checkpoint could not run at all (another checkpoint held its lock). */
  readonly busy: number;
  /** Frames in the WAL. */
  readonly log: number;
  /** Frames copied into the database file so far. */
  readonly checkpointed: number;
}

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  readonly intervalMs?: number;
  /** WAL length in frames from which a checkpoint also restarts the WAL (tests set it low). */
  readonly restartFrames?: number;
  readonly logger?: Pick<Logger, "warn">;
  /** Called after every checkpoint (tests). */
  readonly onCheckpoint?: (report: CheckpointReport) => void;
}

// Plain CommonJS run with `eval: true`, so it works the same under tsx, `node`, and Next's server bundle: a worker
// given a .ts file would need the TypeScript loader in the worker too.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const connection = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  try {
    const [report] = connection.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ type: "checkpoint", report });
  } catch (error) {
    parentPort.postMessage({ type: "error", message: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  connection.close();
  parentPort.postMessage({ type: "stopped" });
});
`;

type WorkerMessage = { type: "checkpoint"; report: CheckpointReport } | { type: "error"; message: string } | { type: "stopped" };

/** Starts checkpointing `db` in a worker thread; a no-op for PostgreSQL. */
export async function startWalCheckpointer(db: Db, options: WalCheckpointerOptions = {}): Promise<WalCheckpointer> {
  const target = targetOf(db.url);
  if (target.kind !== "sqlite" || !db.sqlite) return { stop: async () => {} };
  const sqlite = db.sqlite;
  const setAutocheckpoint = (pages: number) => sqlite.exclusive((connection) => connection.pragma(`wal_autocheckpoint = ${pages}`));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: target.file, intervalMs: options.intervalMs ?? 1000, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
  });
  // A checkpointer must never keep the process alive by itself.
  worker.unref();
  let failed = false;
  const fallBack = (why: string) => {
    if (failed) return;
    failed = true;
    options.logger?.warn(`WAL checkpoints are back on the event loop: ${why}`);
    void setAutocheckpoint(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES).catch(() => {});
  };
  const restartFrames = options.restartFrames ?? DEFAULT_RESTART_FRAMES;
  let restarting = false;
  let exited = false;
  let stopped: (() => void) | null = null;
  worker.on("message", (message: WorkerMessage) => {
    if (message.type === "checkpoint") {
      options.onCheckpoint?.(message.report);
      if (message.report.log >= restartFrames && !restarting && sqlite.connected) {
        restarting = true;
        void sqlite
          .exclusive((connection) => connection.pragma("wal_checkpoint(RESTART)"))
          .catch((error: unknown) => options.logger?.warn(`WAL restart failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => (restarting = false));
      }
    } else if (message.type === "error") fallBack(message.message);
    else stopped?.();
  });
  worker.on("error", (error) => fallBack(error.message));
  worker.on("exit", () => {
    exited = true;
    stopped?.();
  });
  await setAutocheckpoint(0);
  return {
    async stop() {
      if (!exited) {
        const done = new Promise<void>((resolve) => (stopped = resolve));
        worker.postMessage("stop");
        await done;
        await worker.terminate();
      }
      // The database may stay open after the server closes (tests): its connection checkpoints by itself again.
      // A closed one is left closed (asking it would reconnect).
      if (sqlite.connected && !failed) await setAutocheckpoint(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES);
    },
  };
}
