/**
 * A cluster for fault tests: N match-server nodes (tests/support/server-entry.ts, no Next.js) run by the supervisor
 * behind the sticky balancer (server/cluster/), sharing one PostgreSQL database and one Redis — the test's own private
 * servers (private-services.ts) when it wants to restart them, else a new database on TEST_POSTGRES_URL and a key
 * prefix of its own on TEST_REDIS_URL.
 *
 * @example
 *   const cluster = await startTestCluster({ nodes: 2, postgresServer: process.env.TEST_POSTGRES_URL!, redisUrl });
 *   const bot = new BotClient({ url: cluster.url, cookie: await cluster.player(), seed: 1, reconnect: true });
 *   cluster.nodeOf("node1").pid;     // kill it with process.kill(pid, "SIGKILL")
 *   await cluster.stop();
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeFailure } from "@/lib/engine/types";
import { createClient } from "redis";
import { startBalancer, STICKY_COOKIE, type Balancer } from "@/server/cluster/balancer";
import { startSupervisor, type SupervisedNode, type Supervisor } from "@/server/cluster/supervisor";
import { openDb, type Db } from "@/server/db/client";
import { createMigratedDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { entryArgs } from "./server-bundle";
import { freePort, randomSeedKeyHex } from "./server-process";
import { sessionCookieFor } from "./session";
import { waitFor } from "./wait-for";

const ENTRY = fileURLToPath(new URL("./server-entry.ts", import.meta.url));
const ROOT = path.resolve(path.dirname(ENTRY), "../..");

/** The test nodes' presence period (PRESENCE_REPORT_MS): a silent node is lost after three. */
export const PRESENCE_REPORT_MS = 1000;

export interface TestClusterOptions {
  readonly nodes: number;
  /** The PostgreSQL server the test database is created on (a URL of any database on it). */
  readonly postgresServer: string;
  readonly redisUrl: string;
  /** How long a dead node stays down before the supervisor starts it again (default 1 s). */
  readonly restartDelayMs?: number;
  readonly env?: Readonly<Record<string, string>>;
}

export interface TestCluster {
  /** The balancer's URL: what players connect to. */
  readonly url: string;
  readonly databaseUrl: string;
  /** A handle on the cluster's database, for the test's own reads. */
  readonly db: Db;
  readonly balancer: Balancer;
  readonly supervisor: Supervisor;
  /** The last lines each node wrote, by node name. */
  readonly output: ReadonlyMap<string, string[]>;
  nodeOf(name: string): SupervisedNode;
  /** A new player's session cookie; with `node`, also the sticky cookie that sends it to that node first. */
  player(node?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestCluster(options: TestClusterOptions): Promise<TestCluster> {
  const database = await createMigratedDatabase("postgres", options.postgresServer);
  const db = openDb(database.url);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fairgammon-cluster-"));
  const prefix = `fairgammon-test-${randomBytes(4).toString("hex")}`;
  // One signing key for the whole cluster, as a deployment has (each node lists it at /api/fairness/keys).
  const proofSigningKeyHex = randomSeedKeyHex();
  // The balancer's port is taken here too, apart from the nodes': left to listen on port 0 after the nodes were given
  // theirs (free a moment ago, bound only once each node has started), it was once given a node's, and proxied that
  // node's requests to itself until their headers overflowed (431 on a socket's upgrade).
  const [balancerPort, ...ports] = await distinctFreePorts(options.nodes + 1);
  const output = new Map<string, string[]>();
  const supervisor = startSupervisor({
    count: options.nodes,
    firstPort: 0,
    ports,
    cwd: ROOT,
    command: [process.execPath, ...entryArgs("server-entry")],
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_ENCRYPTION_KEY: randomSeedKeyHex(),
      PROOF_SIGNING_KEY: proofSigningKeyHex,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: prefix,
      FAIRGAMMON_RATE_LIMIT: "1000/1000",
      SOCKETS_PER_ADDRESS: "1000000",
      TRUST_PROXY: "true",
      // A node is taken as gone after three silent periods: 3 s here instead of 15, so the fault tests wait less.
      PRESENCE_REPORT_MS: String(PRESENCE_REPORT_MS),
      ...options.env,
    },
    restartDelayMs: options.restartDelayMs ?? 1000,
    stopGraceMs: 10_000,
    output: (node, line) => {
      const lines = output.get(node) ?? [];
      lines.push(line);
      if (lines.length > 500) lines.shift();
      output.set(node, lines);
    },
    log: () => {},
  });
  const balancer = await startBalancer({ port: balancerPort!, host: "127.0.0.1", nodes: supervisor.nodes.map(({ name, url }) => ({ name, url })), checkEveryMs: 250 });
  const stop = async () => {
    await supervisor.stop();
    await balancer.close();
    await db.close();
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    const redis = createClient({ url: options.redisUrl, socket: { reconnectStrategy: false } });
    redis.on("error", () => {});
    try {
      await redis.connect();
      await redis.del(`${prefix}:events`);
    } catch {
      // A private Redis may be gone already.
    } finally {
      if (redis.isOpen) await redis.close();
    }
  };
  // Every node answers /api/ready before the test starts (a node takes seconds to start on a loaded machine).
  try {
    await waitFor(() => balancer.ready().length >= options.nodes, "the test cluster's nodes to be ready", { timeoutMs: 90_000, intervalMs: 20 });
  } catch {
    const tails = [...output].map(([node, lines]) => `${node}: ${lines.slice(-10).join("\n")}`).join("\n");
    const ready = balancer.ready().join(", ") || "none";
    await stop();
    throw new Error(`test cluster: nodes not ready after 90 s (ready: ${ready})\n${tails}`);
  }
  return {
    url: balancer.url,
    databaseUrl: database.url,
    db,
    balancer,
    supervisor,
    output,
    nodeOf: (name) => {
      const node = supervisor.nodes.find((n) => n.name === name);
      if (!node) throw new Error(`no node ${name}`);
      return node;
    },
    player: async (node) => {
      const created = await createUser(db, { username: `cl-${randomBytes(5).toString("hex")}` });
      if (!created.ok) throw new Error(describeFailure(created));
      const cookie = await sessionCookieFor(created.value);
      return node ? `${cookie}; ${STICKY_COOKIE}=${node}` : cookie;
    },
    stop,
  };
}

/** `count` ports that were free a moment ago, all different. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** A node's /api/ready answer: status code, and the body's status and checks. */
export async function readiness(url: string): Promise<{ status: number; body: { status?: string; checks?: Record<string, string> } }> {
  const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { status?: string; checks?: Record<string, string> } };
}
