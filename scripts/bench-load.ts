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
 *   npm run bench:load -- --server-args=--max-semi-space-size=32   # Node flags for the server (a value that starts with a dash after "=")
 *   npm run bench:load -- --bot-nice 0   # the bot processes' priority (default 10: the server runs first)
 *   KEEP_BENCH_DIR=1 npm run bench:load …   # keeps the temporary folder (database, CPU profile) for a closer look
 *
 * The production path, side by side in one run (`--db postgres`): the capacity ramp and the throughput run on SQLite
 * with 1 node, PostgreSQL with 1 node, and PostgreSQL with 2…N nodes joined by Redis (each player connects to a node
 * directly, as a balancer would spread them: half the matches have their players on different nodes), then a table of
 * the matches each holds with p99 < 50 ms, and raw PostgreSQL append transactions measured in the same run (1 and 8
 * connections) with the ratio. PostgreSQL: a new database on --postgres-url (default TEST_POSTGRES_URL, then
 * DATABASE_URL, then postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards; Redis: a private redis-server on a free port unless --redis-url is given.
 *
 *   npm run bench:load -- --db postgres --nodes 2 [--steps 250,500,1000 --window 60 --warmup 30 --postgres-url postgresql://…]
 */
import { parseArgs } from "node:util";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeFailure } from "@/lib/engine/types";
import Database from "better-sqlite3";
import pg from "pg";
import { openDb } from "@/server/db/client";
import { waitingMatch } from "@/server/db/test-fixtures";
import { migrateDatabase } from "@/server/db/migrate";
import { createEmptyDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { Secret, SeedVault } from "@/server/vault";
import { startPrivateRedis } from "@/tests/support/private-services";
import { processCpuSeconds, processResidentBytes, randomSeedKeyHex, startServerProcess, freePort, type ServerProcess } from "@/tests/support/server-process";
import type { BenchPlayer, WorkerCommand, WorkerReply } from "./bench-load-worker";
import { summarizeCpuProfile } from "./cpu-profile-summary";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const P99_GOAL_MS = 50;

const text = { type: "string" } as const;
const { values: options } = parseArgs({ options: { "postgres-url": text, "bot-nice": text, db: text, nodes: text, only: text, "redis-url": text, "server-args": text, steps: text, "throughput-matches": text, warmup: text, window: text, workers: text, profile: { type: "boolean" } }, strict: true });

function option(name: string, fallback: string): string {
  const value = (options as Record<string, unknown>)[name];
  return typeof value === "string" ? value : fallback;
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
  profile: options.profile === true,
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
  if (!user.ok) throw new Error(describeFailure(user));
  const vault = new SeedVault(new Secret(Uint8Array.from(randomBytes(32))));
  const matchId = (await waitingMatch(db, vault, { creator: user.value })).match.id;
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
  /** CPU % of what else serves the bots (PostgreSQL's backends, Redis), by name. */
  readonly otherCpu: Readonly<Record<string, number>>;
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
/** CPU seconds used so far by what serves the bots besides the server nodes: PostgreSQL's backends, Redis. */
type CpuSources = Readonly<Record<string, () => Promise<Map<number, number>>>>;

/** CPU seconds per process between two readings (processes that appeared in between count from zero). */
function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** One window's event-loop figures of several nodes: the worst node's delays and pauses, their GC time summed. */
async function loopOf(servers: readonly ServerProcess[]) {
  const loops = await Promise.all(servers.map((server) => server.loopDelay()));
  const max = (pick: (loop: (typeof loops)[number]) => number) => Math.max(...loops.map(pick));
  return {
    p99: max((l) => l.p99),
    max: max((l) => l.max),
    gc: { maxMs: max((l) => l.gc.maxMs), totalMs: loops.reduce((sum, l) => sum + l.gc.totalMs, 0) / loops.length, major: loops.reduce((sum, l) => sum + l.gc.major, 0) },
    handling: { p99: max((l) => l.handling.p99), max: max((l) => l.handling.max) },
  };
}

async function measure(
  serverOrNodes: ServerProcess | readonly ServerProcess[],
  workers: readonly Worker[],
  events: () => number | Promise<number>,
  matches: number,
  seconds: number,
  profiles?: WindowProfiles,
  cpuSources: CpuSources = {},
): Promise<Measured> {
  const servers = Array.isArray(serverOrNodes) ? (serverOrNodes as readonly ServerProcess[]) : [serverOrNodes as ServerProcess];
  const server = servers[0]!;
  // Starting a profiler stops the process for a moment (hundreds of ms with a large heap): before the counters reset.
  if (profiles) await Promise.all([server.startProfile(), ...workers.map((worker) => worker.ask({ type: "profile-start" }, "profile-start"))]);
  await Promise.all(workers.map((worker) => worker.ask({ type: "report" }, "report"))); // resets the bots' counters
  await loopOf(servers); // and the servers' event-loop histograms
  const serversCpu = () => servers.reduce((sum, node) => sum + processCpuSeconds(node.pid), 0);
  const cpu0 = serversCpu();
  const sources0 = await Promise.all(Object.values(cpuSources).map((read) => read()));
  const machine0 = machineTicks();
  const pressure0 = cpuPressureMicros();
  const events0 = await events();
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const reports = await Promise.all(workers.map((worker) => worker.ask({ type: "report" }, "report")));
  const loop = await loopOf(servers);
  const wall = (performance.now() - start) / 1000;
  const events1 = await events();
  const cpu1 = serversCpu();
  const sources1 = await Promise.all(Object.values(cpuSources).map((read) => read()));
  const otherCpu = Object.fromEntries(Object.keys(cpuSources).map((name, i) => [name, round((100 * cpuDelta(sources0[i]!, sources1[i]!)) / wall)]));
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
    eventsPerS: round((events1 - events0) / wall),
    serverCpuPct: round((100 * (cpu1 - cpu0)) / wall),
    serverRssMb: round(servers.reduce((sum, node) => sum + processResidentBytes(node.pid).rss, 0) / 2 ** 20),
    otherCpu,
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


/** The append transaction of scripts/bench-load.ts's rawSqlite, on PostgreSQL through `pg`: BEGIN, UPDATE, INSERT(s), COMMIT. */
async function rawPostgres(url: string, connections: number, seconds: number): Promise<number> {
  await migrateDatabase(url);
  const db = openDb(url);
  const vault = new SeedVault(new Secret(Uint8Array.from(randomBytes(32))));
  const matchIds: string[] = [];
  for (let i = 0; i < connections; i++) {
    const user = await createUser(db, { username: `raw-${connections}-${i}` });
    if (!user.ok) throw new Error(describeFailure(user));
    matchIds.push((await waitingMatch(db, vault, { creator: user.value })).match.id);
  }
  await db.close();
  const payload = JSON.stringify({ type: "action", action: { type: "roll", player: "white", dice: [3, 5] }, roll: { nonce: 0, game: 1, kind: "turn", player: "white", dice: [3, 5] } });
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    matchIds.map(async (matchId) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        let version = Number((await client.query(`SELECT "version" FROM "Match" WHERE "id" = $1`, [matchId])).rows[0].version);
        let nonce = 0;
        while (performance.now() < until) {
          const now = new Date();
          await client.query("BEGIN");
          const bumped = await client.query(`UPDATE "Match" SET "version" = $1, "updatedAt" = $2 WHERE "id" = $3 AND "version" = $4`, [version + 1, now, matchId, version]);
          if (bumped.rowCount !== 1) throw new Error("version conflict");
          version++;
          await client.query(`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt") VALUES ($1, $2, 'action', $3, NULL, $4)`, [matchId, version, payload, now]);
          if (version % 2 === 0) await client.query(`INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt") VALUES ($1, $2, 1, 'turn', 'white', 3, 5, $3)`, [matchId, nonce++, now]);
          await client.query("COMMIT");
          done++;
        }
      } finally {
        await client.end();
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

/** The PostgreSQL backends serving database `name`, with their CPU seconds so far (this machine's /proc). */
async function backendsCpu(admin: pg.Client, name: string): Promise<Map<number, number>> {
  const rows = (await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name])).rows as { pid: number }[];
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpuSeconds(pid));
    } catch {
      // Gone meanwhile, or on another machine.
    }
  }
  return cpu;
}

interface ConfigResult {
  readonly label: string;
  readonly best: number;
  readonly over: readonly number[];
  readonly rows: readonly Measured[];
  readonly throughput: Measured | null;
}

/** `--db postgres`: SQLite 1 node, PostgreSQL 1 node, PostgreSQL 2…N nodes with Redis, side by side. */
async function compare(out: { push(...lines: string[]): void }): Promise<void> {
  // The local server of the development and CI machines when nothing else is named.
  const postgresServer = option(
    "postgres-url",
    process.env.TEST_POSTGRES_URL ?? (/^postgres/.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL! : "postgresql://postgres@127.0.0.1:5432/postgres"),
  );
  if (!/^postgres(ql)?:\/\//.test(postgresServer)) throw new Error("--db postgres: give --postgres-url postgresql://… (or set TEST_POSTGRES_URL): a server on which the benchmark may create and drop a database");
  const maxNodes = Number(option("nodes", "2"));
  if (!Number.isInteger(maxNodes) || maxNodes < 1 || maxNodes > 8) throw new Error("--nodes must be 1 to 8");
  const given = option("redis-url", "");
  const privateRedis = maxNodes > 1 && !given ? await startPrivateRedis() : null;
  const redisUrl = given || privateRedis?.url || "";
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  const setting = async (name: string) => String((await admin.query(`SHOW ${name}`)).rows[0][name]);
  out.push(
    `PostgreSQL ${await setting("server_version")} at ${new URL(postgresServer).host} (fsync ${await setting("fsync")}, synchronous_commit ${await setting("synchronous_commit")}, shared_buffers ${await setting("shared_buffers")}); Redis ${privateRedis ? `private redis-server on port ${privateRedis.port}` : redisUrl ? new URL(redisUrl).host : "none"}; machine load at start ${os.loadavg().map((l) => round(l, 2)).join(" ")}`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), "fairgammon-load-"));
  const drops: (() => Promise<void>)[] = [];
  const results: ConfigResult[] = [];
  const seedKeyHex = randomSeedKeyHex();
  const maxMatches = Math.max(...settings.steps, settings.throughputMatches);
  try {
    log("raw PostgreSQL append transactions…");
    const raw: Record<number, number> = {};
    for (const connections of [1, 8]) {
      const database = await createEmptyDatabase("postgres", postgresServer);
      drops.push(() => database.drop());
      raw[connections] = await rawPostgres(database.url, connections, 10);
    }
    const configs = [{ label: "SQLite, 1 node", kind: "sqlite" as const, nodes: 1 }, ...Array.from({ length: maxNodes }, (_, i) => ({ label: `PostgreSQL, ${i + 1} node${i ? "s + Redis" : ""}`, kind: "postgres" as const, nodes: i + 1 }))];
    for (const config of configs) {
      log(`${config.label}: creating ${2 * maxMatches} players…`);
      let databaseUrl: string;
      let databaseName = "";
      if (config.kind === "sqlite") databaseUrl = `file:${path.join(dir, "load.db")}`;
      else {
        const database = await createEmptyDatabase("postgres", postgresServer);
        drops.push(() => database.drop());
        databaseUrl = database.url;
        databaseName = new URL(database.url).pathname.slice(1);
      }
      await migrateDatabase(databaseUrl);
      const db = openDb(databaseUrl);
      const players: BenchPlayer[] = [];
      for (let i = 0; i < 2 * maxMatches; i += 100) {
        const batch = await Promise.all(Array.from({ length: Math.min(100, 2 * maxMatches - i) }, (_, j) => createUser(db, { username: `load-${i + j}` })));
        for (const created of batch) if (created.ok) players.push({ id: created.value.id, username: created.value.username });
      }
      const events = async () => Number((await db.prisma.$queryRawUnsafe<{ n: bigint | number }[]>(`SELECT COUNT(*) AS n FROM "MatchEvent"`))[0]?.n ?? 0);
      const prefix = `fairgammon-bench-${randomBytes(4).toString("hex")}`;
      const startNodes = (rateLimit?: string) =>
        Promise.all(
          Array.from({ length: config.nodes }, async () =>
            startServerProcess({
              databaseUrl,
              port: await freePort(),
              seedKeyHex,
              env: {
                // The production build's code paths, but a benchmark, not a deployment: no https site URL.
                NODE_ENV: "production",
                DEPLOYMENT: "local",
                LOG_LEVEL: "warn",
                ...(config.nodes > 1 ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
                ...(rateLimit ? { FAIRGAMMON_RATE_LIMIT: rateLimit } : {}),
              },
              nodeArgs: settings.serverArgs,
              startTimeoutMs: 120_000,
            }),
          ),
        );
      // Pair i: white on node i mod N, black on node (i + ⌊i/2⌋) mod N — with 2 nodes, half the matches span both.
      const placed = (nodes: readonly ServerProcess[]) =>
        players.map((player, index) => {
          const pair = Math.floor(index / 2);
          const node = index % 2 === 0 ? pair % nodes.length : (pair + Math.floor(pair / 2)) % nodes.length;
          return { ...player, url: nodes[node]!.url };
        });
      const cpuSources: CpuSources = {
        ...(config.kind === "postgres" ? { postgres: () => backendsCpu(admin, databaseName) } : {}),
        ...(config.nodes > 1 && privateRedis ? { redis: async () => new Map(privateRedis.pid ? [[privateRedis.pid, processCpuSeconds(privateRedis.pid)]] : []) } : {}),
      };

      log(`${config.label}: throughput, ${settings.throughputMatches} matches without think time…`);
      let nodes = await startNodes("100000/100000");
      let workers = Array.from({ length: settings.workers }, () => child("bench-load-worker.ts"));
      await startPlaying(workers, nodes[0]!.url, placed(nodes), 0, settings.throughputMatches, null);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const throughput = await measure(nodes, workers, events, settings.throughputMatches, Math.min(settings.windowS, 30), undefined, cpuSources);
      await stopWorkers(workers);
      await Promise.all(nodes.map((node) => node.stop()));

      log(`${config.label}: capacity, ramping up…`);
      nodes = await startNodes();
      workers = Array.from({ length: settings.workers }, () => child("bench-load-worker.ts"));
      const rows: Measured[] = [];
      let playing = 0;
      let best = 0;
      const over: number[] = [];
      const fresh = placed(nodes);
      for (const step of settings.steps) {
        await startPlaying(workers, nodes[0]!.url, fresh, playing, step, [1000, 5000]);
        playing = step;
        await new Promise((resolve) => setTimeout(resolve, settings.warmupS * 1000));
        const m = await measure(nodes, workers, events, step, settings.windowS, undefined, cpuSources);
        rows.push(m);
        log(`${config.label}: ${step} matches, p99 ${m.p99} ms`);
        if (m.p99 >= P99_GOAL_MS) over.push(step);
        else if (over.length === 0) best = step;
        if (m.p50 > P99_GOAL_MS) break;
      }
      await stopWorkers(workers);
      await Promise.all(nodes.map((node) => node.stop()));
      await db.close();
      results.push({ label: config.label, best, over, rows, throughput });
      out.push("", `${config.label} — capacity (bots think uniform 1–5 s; warm-up ${settings.warmupS} s, window ${settings.windowS} s per step), server columns summed over the nodes (loop delays: the worst node):`, "", HEADER_WITH_OTHERS, ...rows.map(rowWithOthers));
      out.push("", `${config.label} — throughput (${settings.throughputMatches} matches, no think time):`, "", HEADER_WITH_OTHERS, rowWithOthers(throughput));
    }

    out.push(
      "",
      "Side by side:",
      "",
      `| configuration | matches held (p99 < ${P99_GOAL_MS} ms) | p99 there ms | server CPU there (all nodes) | PostgreSQL backends CPU there | Redis CPU there | throughput: events stored/s | throughput ÷ raw PG append tx/s (1 conn / 8 conn) |`,
      "|---|---|---|---|---|---|---|---|",
    );
    for (const result of results) {
      const at = result.rows.find((m) => m.matches === result.best);
      const t = result.throughput;
      const ratio = t ? `${round(t.eventsPerS / raw[1]!, 2)} / ${round(t.eventsPerS / raw[8]!, 2)}` : "";
      out.push(
        `| ${result.label} | ${result.best}${result.over.length ? ` (over at ${result.over.join(", ")})` : ""} | ${at?.p99 ?? ""} | ${at ? `${at.serverCpuPct} %` : ""} | ${at?.otherCpu.postgres !== undefined ? `${at.otherCpu.postgres} %` : "—"} | ${at?.otherCpu.redis !== undefined ? `${at.otherCpu.redis} %` : "—"} | ${t?.eventsPerS ?? ""} | ${ratio} |`,
      );
    }
    out.push("", `Raw PostgreSQL append transactions (BEGIN; UPDATE version; INSERT event; INSERT roll on every other; COMMIT) through pg, same server, same run: ${round(raw[1]!)} /s on 1 connection, ${round(raw[8]!)} /s on 8.`);
  } finally {
    for (const drop of drops) await drop().catch(() => {});
    await admin.end();
    await privateRedis?.dispose();
    if (!process.env.KEEP_BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

const HEADER_WITH_OTHERS = `${HEADER.split("\n")[0]} PostgreSQL backends CPU | Redis CPU |\n${HEADER.split("\n")[1]}---|---|`;
const rowWithOthers = (m: Measured) => `${row(m)} ${m.otherCpu.postgres ?? "—"}${m.otherCpu.postgres !== undefined ? " %" : ""} | ${m.otherCpu.redis ?? "—"}${m.otherCpu.redis !== undefined ? " %" : ""} |`;

async function main(): Promise<void> {
  if (option("db", "sqlite") === "postgres") {
    const out = { push: (...lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`) };
    out.push(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${new Date().toISOString()}, ${settings.workers} bot processes, steps ${settings.steps.join(",")}`);
    return compare(out);
  }
  if (option("db", "sqlite") !== "sqlite") throw new Error("--db must be sqlite or postgres");
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
          env: { NODE_ENV: "production", DEPLOYMENT: "local", LOG_LEVEL: "warn", ...(rateLimit ? { FAIRGAMMON_RATE_LIMIT: rateLimit } : {}) },
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
