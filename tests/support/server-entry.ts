/**
 * A match server in its own process, for the crash, fuzz, scale-out tests and the load benchmark (started by
 * tests/support/server-process.ts): createAppServer without Next.js (its audit route served by
 * tests/support/routes-without-next.ts), configured from the environment like server/main.ts (DATABASE_URL, PORT,
 * HOST, SEED_ENCRYPTION_KEY, REDIS_URL, ABANDON_AFTER_SECONDS, LOG_LEVEL), with sockets identified from the test
 * session cookies (tests/support/session.ts). Test-only settings:
 * FAIRGAMMON_RATE_LIMIT ("burst/perSecond"); REDIS_PREFIX as a deployment sets it.
 *
 * It talks to its parent over the IPC channel: `{ type: "ready", port }` once listening; asked `{ type: "memory" }`
 * it collects garbage (when run with --expose-gc) and answers `{ type: "memory", usage }`; asked `{ type: "loop" }` it
 * answers `{ type: "loop", p50, p99, max, gc }`, its event-loop delay in ms and its garbage-collection pauses since
 * the last time it was asked; `{ type: "profile-start" }` and `{ type: "profile-stop", file }` take a CPU profile of
 * the time between them (the load benchmark's `--profile`), each answered with a message of its own type.
 *
 * @example
 *   DATABASE_URL=file:/tmp/x/test.db PORT=4123 SEED_ENCRYPTION_KEY=<64 hex> node --import tsx tests/support/server-entry.ts
 */
import { constants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { parseEnv } from "@/server/config/env";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createLogger } from "@/server/log";
import { createAppServer } from "@/server/main";
import { stopNode } from "@/server/shutdown";
import { loadProofKey } from "@/server/vault";
import { routesWithoutNext } from "./routes-without-next";
import { socketIdentifier } from "./session";
import { WindowProfiler } from "./window-profiler";

export type EntryMessage =
  | { type: "ready"; port: number }
  | { type: "memory"; usage: NodeJS.MemoryUsage }
  | { type: "loop"; p50: number; p99: number; max: number; gc: GcPauses; handling: { p99: number; max: number } }
  | { type: "profile-start" }
  | { type: "profile-stop" };

/** Garbage-collection pauses since the last report: the longest, their total, and how many were full (mark-compact). */
export interface GcPauses {
  readonly maxMs: number;
  readonly totalMs: number;
  readonly major: number;
}

function rateLimitFrom(text: string | undefined): { burst: number; perSecond: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? "");
  return match ? { burst: Number(match[1]), perSecond: Number(match[2]) } : undefined;
}

// How long the server took to handle each command (handler start to answer), since the last report.
const handling = createHistogram();

async function start(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);
  await migrateDatabase(env.databaseUrl);
  const db = openDb(env.databaseUrl);
  const identify = socketIdentifier(db);
  const proofKey = loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => logger.warn(m) } });
  const server = await createAppServer({
    env,
    logger,
    db,
    withNext: false,
    withoutNext: routesWithoutNext(db, identify, proofKey),
    proofKey,
    identify,
    abandonAfterMs: env.ABANDON_AFTER_SECONDS * 1000,
    rateLimit: rateLimitFrom(process.env.FAIRGAMMON_RATE_LIMIT),
    onCommandHandled: (_command, ms) => handling.record(Math.max(1, Math.round(ms * 1000))),
  });
  const send = (message: EntryMessage) => process.send?.(message);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { maxMs: 0, totalMs: 0, major: 0 };
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const major = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
      gc = { maxMs: Math.max(gc.maxMs, entry.duration), totalMs: gc.totalMs + entry.duration, major: gc.major + (major ? 1 : 0) };
    }
  }).observe({ entryTypes: ["gc"] });
  const profiler = new WindowProfiler();
  process.on("message", (message: { type?: string; file?: string }) => {
    if (message.type === "memory") {
      (globalThis as { gc?: () => void }).gc?.();
      send({ type: "memory", usage: process.memoryUsage() });
    } else if (message.type === "loop") {
      send({ type: "loop", p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6, gc, handling: { p99: handling.percentile(99) / 1000, max: handling.max / 1000 } });
      loop.reset();
      handling.reset();
      gc = { maxMs: 0, totalMs: 0, major: 0 };
    } else if (message.type === "profile-start") {
      void profiler.start().then(() => send({ type: "profile-start" }));
    } else if (message.type === "profile-stop" && message.file) {
      void profiler.stop(message.file).then(() => send({ type: "profile-stop" }));
    }
  });
  // The test that started this server is gone (its process ended or was killed): do not outlive it.
  process.once("disconnect", () => process.exit(0));
  // As server/main.ts stops: drain for SHUTDOWN_DRAIN_SECONDS, close, exit within SHUTDOWN_LIMIT_SECONDS.
  process.once("SIGTERM", () => {
    stopNode({ server, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS, logger, after: () => db.close(), exit: (code) => process.exit(code), hardLimitMs: env.SHUTDOWN_LIMIT_SECONDS * 1000 });
  });
  send({ type: "ready", port: server.port });
}

start().catch((error: unknown) => {
  process.stderr.write(`server-entry failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
