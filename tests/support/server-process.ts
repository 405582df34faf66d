/**
 * Runs tests/support/server-entry.ts in a child process: a real match server that a test can SIGKILL and start again
 * on the same database and port, ask for its memory use, or run twice against one PostgreSQL and Redis.
 *
 * @example
 *   const key = randomSeedKeyHex();
 *   const port = await freePort();
 *   let server = await startServerProcess({ databaseUrl: "file:/tmp/t/test.db", port, seedKeyHex: key });
 *   await server.kill();                       // SIGKILL, as a crash
 *   server = await startServerProcess({ databaseUrl: "file:/tmp/t/test.db", port, seedKeyHex: key });
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import type { EntryMessage, GcPauses } from "./server-entry";
import { entryArgs } from "./server-bundle";

const ENTRY = fileURLToPath(new URL("./server-entry.ts", import.meta.url));
const ROOT = path.resolve(path.dirname(ENTRY), "../..");
const KEPT_LINES = 2000;
const STOP_GRACE_MS = 10_000;

export interface ServerProcessOptions {
  readonly databaseUrl: string;
  /** A fixed port, so that clients reconnect to the restarted server (see freePort). */
  readonly port: number;
  /** The seed encryption key, 64 hex characters, given as SEED_ENCRYPTION_KEY. */
  readonly seedKeyHex: string;
  /** More environment: ABANDON_AFTER_SECONDS, REDIS_URL, FAIRGAMMON_RATE_LIMIT, REDIS_PREFIX, LOG_LEVEL, NODE_ENV. */
  readonly env?: Readonly<Record<string, string>>;
  /** Node flags, e.g. --expose-gc or --cpu-prof. */
  readonly nodeArgs?: readonly string[];
  readonly startTimeoutMs?: number;
}

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** The last lines the server wrote (stdout and stderr). */
  readonly output: string[];
  /** Whether the process has exited. */
  readonly exited: boolean;
  /** process.memoryUsage() in the server, after a full GC when it runs with --expose-gc. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** The server's event-loop delay (ms) since the last call: how long ready work waited for the loop. */
  loopDelay(): Promise<{ p50: number; p99: number; max: number; gc: GcPauses; handling: { p99: number; max: number } }>;
  /** Starts a CPU profile of the server (tests/support/window-profiler.ts). */
  startProfile(): Promise<void>;
  /** Stops it and writes it to `file` (a .cpuprofile). */
  stopProfile(file: string): Promise<void>;
  /** CPU time the server process has used so far (user + system, from /proc/<pid>/stat), seconds. */
  cpuSeconds(): number;
  /** Resident and peak resident memory (VmRSS, VmHWM from /proc/<pid>/status), bytes. */
  residentBytes(): { rss: number; peak: number };
  /** SIGKILL: a crash, nothing flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes its sockets and database, then exits (SIGKILL after 10 s if it has not). */
  stop(): Promise<void>;
}

export function randomSeedKeyHex(): string {
  return randomBytes(32).toString("hex");
}

/** A port that was free a moment ago (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entryArgs("server-entry")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      DATA_DIR: path.dirname(options.databaseUrl.replace(/^file:/, "")),
      // Every bot connects from 127.0.0.1: the per-address cap is for the public (connection-limits.ts).
      SOCKETS_PER_ADDRESS: "1000000",
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      SEED_ENCRYPTION_KEY: options.seedKeyHex,
      // The proof-signing key, derived from the seed key so that a restarted server signs with the same one (and no
      // key file is written: DATA_DIR above is no folder for a PostgreSQL URL).
      PROOF_SIGNING_KEY: createHash("sha256").update(`proof-signing:${options.seedKeyHex}`).digest("hex"),
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      if (output.length > KEPT_LINES) output.splice(0, output.length - KEPT_LINES);
    });
  }
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("did not start in time")), options.startTimeoutMs ?? 30_000);
    const onMessage = (message: EntryMessage) => {
      if (message.type !== "ready") return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message.port);
    };
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`server process: ${error.message}\n${output.slice(-20).join("\n")}`));
    }
    child.on("message", onMessage);
    void exit.then(() => fail(new Error(`exited with ${child.exitCode ?? child.signalCode} before it was ready`)));
  });

  return {
    pid: child.pid ?? -1,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    get exited() {
      return exited;
    },
    memory: () => ask(child, "memory").then((message) => message.usage),
    loopDelay: () => ask(child, "loop").then(({ p50, p99, max, gc, handling }) => ({ p50, p99, max, gc, handling })),
    startProfile: () => ask(child, "profile-start").then(() => undefined),
    stopProfile: (file) => ask(child, "profile-stop", { file }).then(() => undefined),
    cpuSeconds: () => processCpuSeconds(child.pid ?? -1),
    residentBytes: () => processResidentBytes(child.pid ?? -1),
    kill: async () => {
      if (!exited) child.kill("SIGKILL");
      await exit;
    },
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      // A server that does not finish closing in time is killed: a test's clean-up must not hang on it.
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** A test file's scratch folder, and the server process it runs on a SQLite database there (one at a time). */
export interface ServerScratch {
  readonly dir: string;
  /** `file:<dir>/<name>`: a SQLite database in the folder. */
  databaseUrl(name?: string): string;
  /** The process now running there, set by the test as it starts one (and again as it restarts it). */
  server: ServerProcess | null;
}

/** A scratch folder for the file's server processes: after its tests, the running process is killed and the folder removed. */
export function useServerScratch(prefix: string): ServerScratch {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const scratch: ServerScratch = { dir, databaseUrl: (name = "test.db") => `file:${path.join(dir, name)}`, server: null };
  afterAll(async () => {
    await scratch.server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  return scratch;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (fields 14 and 15). */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** VmRSS and VmHWM of a process, bytes, from /proc/<pid>/status. */
export function processResidentBytes(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

function ask<T extends Exclude<EntryMessage["type"], "ready">>(child: ChildProcess, type: T, fields: object = {}): Promise<Extract<EntryMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: EntryMessage) => {
      if (message.type !== type) return;
      child.off("message", onMessage).off("exit", onExit);
      resolve(message as Extract<EntryMessage, { type: T }>);
    };
    const onExit = () => {
      child.off("message", onMessage);
      reject(new Error(`the server process exited before answering "${type}"`));
    };
    child.on("message", onMessage).once("exit", onExit);
    // send() also returns false when the channel is only backed up (the message is still queued); its callback gets an
    // error when the message cannot be sent at all.
    if (!child.connected) reject(new Error("the server process is gone"));
    else child.send({ ...fields, type }, (error) => error && reject(new Error(`the server process is gone: ${error.message}`)));
  });
}
