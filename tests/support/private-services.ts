/**
 * A PostgreSQL server and a Redis server of a test's own, in a temporary folder on free ports, so that fault tests can
 * kill and restart them without touching the shared ones other tests (and other people) use.
 *
 * - PostgreSQL: initdb and pg_ctl from /usr/lib/postgresql/<newest>/bin (or PATH), trust authentication, user
 *   `postgres`, fsync off (these tests are about connections, not durability). initdb refuses to run as root: as
 *   root, the folder is handed to the `postgres` system user and the server runs as that user (runuser).
 * - Redis: `redis-server` on PATH, no persistence (a restart starts empty, as a restarted cache does).
 *
 * @example
 *   const pg = await startPrivatePostgres();
 *   const url = pg.url("fairgammon");           // postgresql://postgres@127.0.0.1:<port>/fairgammon
 *   await pg.stop(); await pg.start();          // a restart; pg.crash() is an immediate shutdown
 *   await pg.dispose();
 *   const redis = await startPrivateRedis();
 *   await redis.kill(); await redis.start();
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { freePort } from "./server-process";
import { waitFor } from "./wait-for";

export interface PrivatePostgres {
  readonly port: number;
  /** The URL of a database on this server (default `postgres`, which always exists). */
  url(database?: string): string;
  /** A clean shutdown (pg_ctl stop -m fast): open connections are ended. */
  stop(): Promise<void>;
  /** An immediate shutdown, as a crash: no checkpoint, the next start recovers from the WAL. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** The binaries' folder (pg_dump, pg_restore, psql are there too). */
  readonly bin: string;
  /** Runs one of the binaries as the server's user, e.g. pg_dump; returns its exit status, output and errors. */
  run(tool: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string };
  /** Stops the server and removes its folder. */
  dispose(): Promise<void>;
}

/** The folder of the newest installed PostgreSQL's programs (initdb, pg_ctl, pg_dump, pg_restore, psql). */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error("private PostgreSQL: initdb not found (install postgresql, e.g. apt-get install postgresql)");
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-pg-"));
  const data = path.join(dir, "data");
  const asRoot = userInfo().uid === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (id.status !== 0) throw new Error("private PostgreSQL: running as root and there is no `postgres` user to run the server as");
    owner = { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
    chownSync(dir, owner.uid, owner.gid);
  }
  const run = (tool: string, args: readonly string[]) => {
    const [command, full] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), [...args]];
    const result = spawnSync(command, full, { encoding: "utf8", cwd: dir, maxBuffer: 256 * 2 ** 20 });
    return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? String(result.error ?? "") };
  };
  const must = (tool: string, args: readonly string[]) => {
    const result = run(tool, args);
    if (result.status !== 0) throw new Error(`private PostgreSQL: ${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  must("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = async () => {
    must("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", path.join(dir, "server.log"), "-o", options]);
  };
  await start();
  let disposed = false;
  // pg_ctl starts the server as a daemon: a test process that ends without dispose() (a timeout, Ctrl-C) must not
  // leave it running.
  const stopOnExit = () => {
    if (!disposed) run("pg_ctl", ["stop", "-w", "-t", "30", "-D", data, "-m", "immediate"]);
  };
  process.once("exit", stopOnExit);
  return {
    port,
    bin,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => must("pg_ctl", ["stop", "-w", "-t", "60", "-D", data, "-m", "fast"]),
    crash: async () => must("pg_ctl", ["stop", "-w", "-t", "60", "-D", data, "-m", "immediate"]),
    start,
    run,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      process.off("exit", stopOnExit);
      run("pg_ctl", ["stop", "-w", "-t", "60", "-D", data, "-m", "immediate"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  readonly port: number;
  /** The running server's process id (null while it is down). */
  readonly pid: number | null;
  readonly url: string;
  /** SIGKILL: a crash; everything in it is gone (it keeps nothing on disk). */
  kill(): Promise<void>;
  /** Starts it again on the same port (after kill). */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
      stdio: "ignore",
    });
    child = proc;
    const spawned = await new Promise<Error | null>((resolve) => {
      proc.once("spawn", () => resolve(null));
      proc.once("error", (error) => resolve(error));
    });
    if (spawned) throw new Error(`private Redis: cannot start redis-server (${spawned.message}); install redis-server`);
    await waitFor(async () => {
      const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
      client.on("error", () => {});
      try {
        await client.connect();
        return (await client.ping()) === "PONG";
      } catch {
        return false;
      } finally {
        if (client.isOpen) await client.close().catch(() => {});
      }
    }, `private Redis on port ${port} to answer`, { intervalMs: 50 });
  };
  const kill = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    port,
    url,
    get pid() {
      const proc = child as ChildProcess | null;
      return proc && proc.exitCode === null && proc.signalCode === null ? (proc.pid ?? null) : null;
    },
    kill,
    start,
    dispose: kill,
  };
}
