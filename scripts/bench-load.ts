/**
 * `npm run bench:load`: the match server under load, over real sockets, against a production-like server in a child
 * process (NODE_ENV=production, SQLite in a temp dir, no Next.js pages), with bots in separate processes.
 *
 * - capacity: N concurrent matches whose bots think like people (uniform 1–5 s, mean 3 s); N ramps up (250, 500,
 *   1000, 2000, …) and each step reports the p50/p99 action→broadcast latency, persisted events per second, and the
 *   CPU and memory of the server (from /proc) and of the bot processes. The answer is the largest N whose p99 stays
 *   under 50 ms.
 * - throughput: bots with no think time; persisted events per second and latency, next to two limits measured in the
 *   same run: a bare Socket.IO echo server's request/ack rate and raw better-sqlite3 transactions per second.
 *
 *   npm run bench:load [-- --steps 250,500,1000 --window 60 --warmup 30 --workers 2 --only capacity|throughput|limits]
 *   npm run bench:load -- --only capacity --profile   # also CPU profiles of the server and bots per window, by package
 *   npm run bench:load -- --server-args "--max-semi-space-size=32"   # Node flags for the server
 *   npm run bench:load -- --bot-nice 0   # the bot processes' priority (default 10: the server runs first)
 *   KEEP_BENCH_DIR=1 npm run bench:load …   # keeps the temporary folder (database, CPU profile) for a closer look
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { openDb } from "@/server/db/client";
import { createMatch } from "@/server/db/matches";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { Secret, SeedVault } from "@/server/vault";
import { processCpuSeconds, processResidentBytes, randomSeedKeyHex, startServerProcess, freePort, type ServerProcess } from "@/tests/support/server-process";
import type { BenchPlayer, WorkerCommand, WorkerReply } from "./bench-load-worker";
import { summarizeCpuProfile } from "./cpu-profile-summary";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const P99_GOAL_MS = 50;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const settings = {
  steps: option("steps", "250,500,1000,1500,2000,3000,4000").split(",").map(Number),
  // A full garbage collection comes every 30–60 s at 2,000 matches, and the first ones after a ramp's set-up burst come
  // sooner: a 30 s window taken 15 s after the ramp either caught one of those or none, and its p99 swung with it.
  windowS: Number(option("window", "60")),
  warmupS: Number(option("warmup", "30")),
  workers: Number(option("workers", "2")),
  throughputMatches: Number(option("throughput-matches", "64")),
  only: option("only", "all"),
  profile: process.argv.includes("--profile"),
  /** More Node flags for the server process, e.g. "--max-semi-space-size=32". */
  serverArgs: option("server-args", "").split(" ").filter(Boolean),
  /**
   * The bots' scheduling priority (nice). Bots and server share two cores here, where real clients would have their
   * own machines: at 2,000 matches the bots want ~0.45 of a core and the server ~0.65, and at priority 0 the server's
   * thread waited behind them (CPU pressure 13–16 %), stretching its busy spells (server loop delay max 200–400 ms).
   * At 10 the kernel runs the server first; what a bot then waits for before it reads a broadcast still counts in the
   * latency it measures.
   */
  botNice: Number(option("bot-nice", "10")),
};
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A child process over IPC: `ask` sends a command and waits for the reply of that type. */
function child(file: string): { process: ChildProcess; ask<R extends WorkerReply["type"]>(command: WorkerCommand, reply: R): Promise<Extract<WorkerReply, { type: R }>> } {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(HERE, file)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  if (settings.botNice && proc.pid) os.setPriority(proc.pid, settings.botNice);
  return {
    process: proc,
    ask: (command, reply) =>
      new Promise((resolve) => {
        const listener = (message: WorkerReply) => {
          if (message.type !== reply) return;
          proc.off("message", listener);
          resolve(message as never);
        };
        proc.on("message", listener);
        proc.send(command);
      }),
  };
}

type Worker = ReturnType<typeof child>;

async function stopWorkers(workers: readonly Worker[]): Promise<void> {
  await Promise.all(workers.map((worker) => worker.ask({ type: "stop" }, "stopped")));
}

/** Raw better-sqlite3 (WAL, synchronous=NORMAL) on the real schema: the append transaction without Prisma. */
async function rawSqlite(dir: string): Promise<{ appendTx: number; insertTx: number }> {
  const url = `file:${path.join(dir, "raw.db")}`;
  await migrateDatabase(url);
  const db = openDb(url);
  const user = await createUser(db, { username: "raw" });
  if (!user.ok) throw new Error(user.message);
  const vault = new SeedVault(new Secret(Uint8Array.from(randomBytes(32))));
  const created = await createMatch(db, { creatorId: user.value.id, color: "white", matchLength: 5, visibility: "public", seed: vault.draw() });
  if (!created.ok) throw new Error(created.code);
  const matchId = created.value.match.id;
  await db.close();
  const sqlite = new Database(url.slice("file:".length));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const bump = sqlite.prepare(`UPDATE "Match" SET "version" = ?, "updatedAt" = ? WHERE "id" = ? AND "version" = ?`);
  const event = sqlite.prepare(`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`);
  const roll = sqlite.prepare(`INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt") VALUES (?, ?, 1, 'turn', 'white', 3, 5, ?)`);
  let version = sqlite.prepare(`SELECT "version" FROM "Match" WHERE "id" = ?`).pluck().get(matchId) as number;
  let nonce = 0;
  const payload = JSON.stringify({ type: "action", action: { type: "roll", player: "white", dice: [3, 5] }, roll: { nonce: 0, game: 1, kind: "turn", player: "white", dice: [3, 5] } });
  const append = sqlite.transaction((withRoll: boolean) => {
    const now = Date.now();
    if (bump.run(version + 1, now, matchId, version).changes !== 1) throw new Error("version conflict");
    version++;
    event.run(matchId, version, "action", payload, null, now);
    if (withRoll) roll.run(matchId, nonce++, now);
  });
  const count = 20_000;
  let start = performance.now();
  for (let i = 0; i < count; i++) append(i % 2 === 0);
  const appendTx = count / ((performance.now() - start) / 1000);
  const insertOnly = sqlite.transaction(() => event.run(matchId, ++version, "x", "{}", null, Date.now()));
  start = performance.now();
  for (let i = 0; i < count; i++) insertOnly();
  const insertTx = count / ((performance.now() - start) / 1000);
  sqlite.close();
  return { appendTx, insertTx };
}

async function echoRate(sockets: number, seconds: number): Promise<number> {
  const server = spawn(process.execPath, ["--import", "tsx", path.join(HERE, "bench-load-echo-server.ts")], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) => server.once("message", (message: { port: number }) => resolve(message.port)));
  const workers = Array.from({ length: settings.workers }, () => child("bench-load-worker.ts"));
  const results = await Promise.all(workers.map((worker) => worker.ask({ type: "echo", url: `http://127.0.0.1:${port}`, sockets: Math.ceil(sockets / workers.length), durationMs: seconds * 1000 }, "echo")));
  await stopWorkers(workers);
  server.kill("SIGTERM");
  return results.reduce((sum, r) => sum + r.messages / r.seconds, 0);
}

/** All cores' busy and total time since boot (/proc/stat, in clock ticks): the whole machine, bots included. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total }; // less idle and iowait
}

/** Microseconds during which at least one runnable task waited for a CPU (Linux pressure stall information). */
function cpuPressureMicros(): number {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

interface Measured {
  readonly matches: number;
  readonly p50: number;
  readonly p99: number;
  readonly actionsPerS: number;
  readonly eventsPerS: number;
  readonly serverCpuPct: number;
  readonly serverRssMb: number;
  readonly botsCpuPct: number;
  readonly errors: number;
  readonly loopP99: number;
  readonly loopMax: number;
  readonly gcMax: number;
  readonly handlingP99: number;
  readonly handlingMax: number;
  readonly botsLoopP99: number;
  readonly botsLoopMax: number;
  readonly botsGcMax: number;
  readonly botsHeapMb: number;
  readonly gcTotalPct: number;
  readonly gcMajor: number;
  readonly load: number;
  /** The whole machine's CPU use, % of all its cores: the server, the bots and everything else. */
  readonly machineBusyPct: number;
  /** Share of the window in which some runnable task waited for a CPU. */
  readonly cpuWaitPct: number;
}

/** Where one window's CPU profiles go: the server's and each bot process's (`--profile`). */
interface WindowProfiles {
  readonly server: string;
  readonly bots: readonly string[];
}

/**
 * One measurement window: latencies from the bots, events from the database, CPU and memory from /proc; with
 * `profiles`, CPU profiles of the server and the bots over exactly this window.
 */
async function measure(server: ServerProcess, workers: readonly Worker[], events: () => number, matches: number, seconds: number, profiles?: WindowProfiles): Promise<Measured> {
  // Starting a profiler stops the process for a moment (hundreds of ms with a large heap): before the counters reset.
  if (profiles) await Promise.all([server.startProfile(), ...workers.map((worker) => worker.ask({ type: "profile-start" }, "profile-start"))]);
  await Promise.all(workers.map((worker) => worker.ask({ type: "report" }, "report"))); // resets the bots' counters
  await server.loopDelay(); // and the server's event-loop histogram
  const cpu0 = processCpuSeconds(server.pid);
  const machine0 = machineTicks();
  const pressure0 = cpuPressureMicros();
  const events0 = events();
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const reports = await Promise.all(workers.map((worker) => worker.ask({ type: "report" }, "report")));
  const loop = await server.loopDelay();
  const wall = (performance.now() - start) / 1000;
  const machine1 = machineTicks();
  const pressure1 = cpuPressureMicros();
  if (profiles) {
    await Promise.all([server.stopProfile(profiles.server), ...workers.map((worker, i) => worker.ask({ type: "profile-stop", file: profiles.bots[i]! }, "profile-stop"))]);
  }
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  for (const text of reports.flatMap((r) => r.newErrors)) log(`bot error: ${text}`);
  return {
    matches,
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    actionsPerS: round(reports.reduce((sum, r) => sum + r.actions, 0) / wall),
    eventsPerS: round((events() - events0) / wall),
    serverCpuPct: round((100 * (processCpuSeconds(server.pid) - cpu0)) / wall),
    serverRssMb: round(processResidentBytes(server.pid).rss / 2 ** 20),
    botsCpuPct: round((100 * reports.reduce((sum, r) => sum + r.cpuSeconds, 0)) / wall),
    errors: reports.reduce((sum, r) => sum + r.errors, 0),
    loopP99: round(loop.p99, 1),
    loopMax: round(loop.max),
    gcMax: round(loop.gc.maxMs),
    handlingP99: round(loop.handling.p99, 1),
    handlingMax: round(loop.handling.max),
    botsLoopP99: round(Math.max(...reports.map((r) => r.loopP99)), 1),
    botsLoopMax: round(Math.max(...reports.map((r) => r.loopMax))),
    botsGcMax: round(Math.max(...reports.map((r) => r.gcLongestMs))),
    botsHeapMb: round(reports.reduce((sum, r) => sum + r.heapMb, 0)),
    gcTotalPct: round((100 * loop.gc.totalMs) / 1000 / wall, 1),
    gcMajor: loop.gc.major,
    load: round(os.loadavg()[0]!, 1),
    machineBusyPct: round((100 * (machine1.busy - machine0.busy)) / (machine1.total - machine0.total)),
    cpuWaitPct: round((100 * (pressure1 - pressure0)) / 1e6 / wall),
  };
}

async function startPlaying(workers: readonly Worker[], url: string, players: readonly BenchPlayer[], from: number, to: number, think: [number, number] | null): Promise<void> {
  const pairs: [BenchPlayer, BenchPlayer][] = [];
  for (let i = from; i < to; i++) pairs.push([players[2 * i]!, players[2 * i + 1]!]);
  await Promise.all(
    workers.map((worker, w) => {
      const mine = pairs.filter((_, i) => i % workers.length === w);
      return mine.length === 0 ? null : worker.ask({ type: "play", url, pairs: mine, think, matchLength: 3, setupConcurrency: 16 }, "playing");
    }),
  );
}

const row = (m: Measured) =>
  `| ${m.matches} | ${m.p50} | ${m.p99} | ${m.actionsPerS} | ${m.eventsPerS} | ${m.serverCpuPct} % | ${m.serverRssMb} MB | ${m.botsCpuPct} % | ${m.botsLoopP99} / ${m.botsLoopMax} | ${m.botsGcMax} / ${m.botsHeapMb} MB | ${m.handlingP99} / ${m.handlingMax} | ${m.loopP99} / ${m.loopMax} | ${m.gcMax} / ${m.gcTotalPct} % / ${m.gcMajor} | ${m.machineBusyPct} % | ${m.cpuWaitPct} % | ${m.load} | ${m.errors} |`;
const HEADER =
  "| matches | p50 ms | p99 ms | actions/s | events stored/s | server CPU | server RSS | bots CPU | bots loop delay p99 / max ms | bots GC longest ms / heap | server handling p99 / max ms | server loop delay p99 / max ms | GC longest ms / time / full GCs | machine CPU (all cores) | CPU wait | load avg | bot errors |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

/** CPU profiles of one window (the server's, or the bot processes' summed), by package: shares of busy time. */
function profileTable(files: readonly string[], title: string): string[] {
  const totals = new Map<string, number>();
  for (const file of files) {
    for (const share of summarizeCpuProfile(readFileSync(file, "utf8"))) totals.set(share.where, (totals.get(share.where) ?? 0) + share.ms);
  }
  const shares = [...totals.entries()].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms);
  const busy = shares.filter((s) => s.where !== "(idle)").reduce((sum, s) => sum + s.ms, 0);
  return [
    `${title}: ${round(busy / 1000, 1)} s busy, by package (top 15):`,
    "",
    "| where | CPU s | share of busy time |",
    "|---|---|---|",
    ...shares
      .filter((s) => s.where !== "(idle)")
      .slice(0, 15)
      .map((s) => `| ${s.where} | ${round(s.ms / 1000, 1)} | ${round((100 * s.ms) / busy, 1)} % |`),
  ];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fairgammon-load-"));
  const databaseUrl = `file:${path.join(dir, "load.db")}`;
  const seedKeyHex = randomSeedKeyHex();
  // Printed as it goes, so an interrupted run still shows what it measured.
  const out = { push: (...lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`) };
  out.push(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${new Date().toISOString().slice(0, 10)}, ${settings.workers} bot processes`);
  try {
    await migrateDatabase(databaseUrl);
    const maxMatches = Math.max(...settings.steps, settings.throughputMatches);
    log(`creating ${2 * maxMatches} players…`);
    const db = openDb(databaseUrl);
    const players: BenchPlayer[] = [];
    for (let i = 0; i < 2 * maxMatches; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, 2 * maxMatches - i) }, (_, j) => createUser(db, { username: `load-${i + j}` })));
      for (const created of batch) if (created.ok) players.push({ id: created.value.id, username: created.value.username });
    }
    await db.close();
    const reader = new Database(databaseUrl.slice("file:".length), { readonly: true });
    const events = () => reader.prepare(`SELECT COUNT(*) FROM "MatchEvent"`).pluck().get() as number;
    const profileDir = path.join(dir, "profile");
    const server = (rateLimit?: string) =>
      freePort().then((port) =>
        startServerProcess({
          databaseUrl,
          port,
          seedKeyHex,
          env: { NODE_ENV: "production", LOG_LEVEL: "warn", ...(rateLimit ? { FAIRGAMMON_RATE_LIMIT: rateLimit } : {}) },
          nodeArgs: settings.serverArgs,
        }),
      );

    if (settings.only === "all" || settings.only === "limits" || settings.only === "throughput") {
      log("limits: raw better-sqlite3, Socket.IO echo…");
      const raw = await rawSqlite(dir);
      const echo = await echoRate(2 * settings.throughputMatches, 10);
      out.push("", "Limits measured in this run:", "", "| limit | per second |", "|---|---|");
      out.push(`| raw better-sqlite3: append transaction (UPDATE version + INSERT event + INSERT roll on every other), WAL, synchronous=NORMAL | ${round(raw.appendTx)} |`);
      out.push(`| raw better-sqlite3: one-INSERT transaction | ${round(raw.insertTx)} |`);
      out.push(`| bare Socket.IO echo server, request/ack, ${2 * settings.throughputMatches} sockets | ${round(echo)} |`);
      if (settings.only !== "limits") {
        log(`throughput: ${settings.throughputMatches} matches, no think time…`);
        const srv = await server("100000/100000");
        const workers = Array.from({ length: settings.workers }, () => child("bench-load-worker.ts"));
        await startPlaying(workers, srv.url, players, 0, settings.throughputMatches, null);
        await new Promise((resolve) => setTimeout(resolve, 5000));
        const m = await measure(srv, workers, events, settings.throughputMatches, settings.windowS);
        await stopWorkers(workers);
        await srv.stop();
        out.push("", `Throughput (${settings.throughputMatches} matches, bots without think time, rate limit raised):`, "", HEADER, row(m), "");
        out.push(`Ratios: stored events/s ÷ raw append tx/s = ${round(m.eventsPerS / raw.appendTx, 3)}; bot actions/s ÷ echo msgs/s = ${round(m.actionsPerS / echo, 3)}.`);
      }
    }

    if (settings.only === "all" || settings.only === "capacity") {
      log("capacity: ramping up…");
      const srv = await server();
      const workers = Array.from({ length: settings.workers }, () => child("bench-load-worker.ts"));
      out.push("", `Capacity (bots think uniform 1–5 s; warm-up ${settings.warmupS} s, window ${settings.windowS} s per step):`, "", HEADER);
      let playing = 0;
      let best = 0;
      const over: number[] = [];
      const profiled: { step: number; files: WindowProfiles }[] = [];
      if (settings.profile) mkdirSync(profileDir);
      for (const step of settings.steps) {
        await startPlaying(workers, srv.url, players, playing, step, [1000, 5000]);
        playing = step;
        await new Promise((resolve) => setTimeout(resolve, settings.warmupS * 1000));
        const files = settings.profile
          ? { server: path.join(profileDir, `${step}-server.cpuprofile`), bots: workers.map((_, i) => path.join(profileDir, `${step}-bots-${i}.cpuprofile`)) }
          : undefined;
        const m = await measure(srv, workers, events, step, settings.windowS, files);
        if (files) profiled.push({ step, files });
        out.push(row(m));
        // "Holds" N: every step up to N stayed under the goal, not just the step N (one storm can fail a step below).
        if (m.p99 >= P99_GOAL_MS) over.push(step);
        else if (over.length === 0) best = step;
        // A median over the goal means commands queue up: past saturation, further steps only take longer.
        if (m.p50 > P99_GOAL_MS) break;
      }
      out.push("", `Largest N with p99 < ${P99_GOAL_MS} ms at it and every step below: ${best}.${over.length > 0 ? ` Steps over: ${over.join(", ")}.` : ""}`);
      await stopWorkers(workers);
      await srv.stop();
      for (const { step, files } of profiled) {
        out.push("", ...profileTable([files.server], `Server CPU profile, ${step} matches (the measurement window)`));
        out.push("", ...profileTable(files.bots, `Bot processes' CPU profiles, ${step} matches (the window, all bot processes)`));
      }
    }
    reader.close();
  } finally {
    if (!process.env.KEEP_BENCH_DIR) rmSync(dir, { recursive: true, force: true }); else log(`kept ${dir}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
