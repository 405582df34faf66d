/**
 * A cluster for fault tests: N match-server nodes (tests/support/server-entry.ts, no Next.js) run by the supervisor
 * behind the sticky balancer (server/cluster/), sharing one PostgreSQL database and one Redis — the test's own private
 * servers (private-services.ts) when it wants to restart them, else a new database on TEST_POSTGRES_URL and a key
 * prefix of its own on TEST_REDIS_URL.
 *
 * A test file uses one cluster for its tests: `useTestCluster` starts it before them and stops it after.
 *
 * @example
 *   describe.skipIf(!clusterTestsEnabled("node-crash"))("…", () => {
 *     const cluster = useTestCluster({ nodes: 2, privateRedis: true });
 *     it("…", async () => {
 *       const c = cluster();
 *       const matches = await seatClusterMatches(c, 3, { white: "node1", black: "node2", seed: 500, matchLength: 5 });
 *       process.kill(c.nodeOf("node1").pid!, "SIGKILL");
 *       await c.privateRedis!.kill();
 *     });
 *   });
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { createClient } from "redis";
import { BotClient, type BotOptions } from "@/scripts/bot/bot-client";
import { startBalancer, STICKY_COOKIE, type Balancer } from "@/server/cluster/balancer";
import { startSupervisor, type SupervisedNode, type Supervisor } from "@/server/cluster/supervisor";
import { openDb, type Db } from "@/server/db/client";
import { createMigratedDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import { seatBots } from "./match-in-play";
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from "./private-services";
import { entryArgs } from "./server-bundle";
import { freePort, randomSeedKeyHex } from "./server-process";
import { sessionCookieFor } from "./session";
import { waitFor } from "./wait-for";

const ENTRY = fileURLToPath(new URL("./server-entry.ts", import.meta.url));
const ROOT = path.resolve(path.dirname(ENTRY), "../..");

/** The test nodes' presence period (PRESENCE_REPORT_MS): a silent node is lost after three. */
export const PRESENCE_REPORT_MS = 1000;

/** Whether TEST_POSTGRES_URL and TEST_REDIS_URL are both set, as every cluster test needs; else warns that `test` is skipped. */
export function clusterTestsEnabled(test: string): boolean {
  const enabled = Boolean(process.env.TEST_POSTGRES_URL && process.env.TEST_REDIS_URL);
  if (!enabled) console.warn(`${test} test skipped: set TEST_POSTGRES_URL and TEST_REDIS_URL to run it`);
  return enabled;
}

export interface TestClusterOptions {
  readonly nodes: number;
  /** The PostgreSQL server the test database is created on (a URL of any database on it); default TEST_POSTGRES_URL. */
  readonly postgresServer?: string;
  /** Default TEST_REDIS_URL. */
  readonly redisUrl?: string;
  /** A PostgreSQL server of the cluster's own (private-services.ts) instead of postgresServer, for a test that stops it. */
  readonly privatePostgres?: boolean;
  /** A Redis server of the cluster's own instead of redisUrl, for a test that kills it. */
  readonly privateRedis?: boolean;
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
  /** The cluster's own PostgreSQL server (privatePostgres), else null. */
  readonly privatePostgres: PrivatePostgres | null;
  /** The cluster's own Redis server (privateRedis), else null. */
  readonly privateRedis: PrivateRedis | null;
  /** The last lines each node wrote, by node name. */
  readonly output: ReadonlyMap<string, string[]>;
  nodeOf(name: string): SupervisedNode;
  /** A new player's session cookie; with `node`, also the sticky cookie that sends it to that node first. */
  player(node?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a cluster before the file's tests and stops it after them: the returned function gives it to a test. */
export function useTestCluster(options: TestClusterOptions): () => TestCluster {
  let cluster: TestCluster | null = null;
  beforeAll(async () => {
    cluster = await startTestCluster(options);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);
  return () => {
    if (!cluster) throw new Error("the test cluster is not running (useTestCluster starts it before the file's tests)");
    return cluster;
  };
}

export async function startTestCluster(options: TestClusterOptions): Promise<TestCluster> {
  const privatePostgres = options.privatePostgres ? await startPrivatePostgres() : null;
  const privateRedis = options.privateRedis ? await startPrivateRedis().catch(async (error: unknown) => {
    await privatePostgres?.dispose();
    throw error;
  }) : null;
  const disposeServices = async () => {
    await privateRedis?.dispose();
    await privatePostgres?.dispose();
  };
  const postgresServer = privatePostgres?.url() ?? options.postgresServer ?? process.env.TEST_POSTGRES_URL;
  const redisUrl = privateRedis?.url ?? options.redisUrl ?? process.env.TEST_REDIS_URL;
  if (!postgresServer || !redisUrl) {
    await disposeServices();
    throw new Error("test cluster: no PostgreSQL or Redis (set TEST_POSTGRES_URL and TEST_REDIS_URL)");
  }
  const database = await createMigratedDatabase("postgres", postgresServer).catch(async (error: unknown) => {
    await disposeServices();
    throw error;
  });
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
      REDIS_URL: redisUrl,
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
    const redis = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
    redis.on("error", () => {});
    try {
      await redis.connect();
      await redis.del(`${prefix}:events`);
    } catch {
      // A private Redis may be gone already.
    } finally {
      if (redis.isOpen) await redis.close();
    }
    await disposeServices();
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
    privatePostgres,
    privateRedis,
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

/** A two-player match seated through a cluster's balancer. */
export interface ClusterMatch {
  readonly matchId: string;
  readonly white: BotClient;
  readonly black: BotClient;
}

export interface SeatOptions {
  /** The node white's players are sent to first (their sticky cookie). */
  readonly white: string;
  /** The node black's players are sent to first. */
  readonly black: string;
  /** White's bots are seeded from this on, black's from seed + 100. */
  readonly seed: number;
  readonly matchLength: number;
  /** More bot options; by default the bots play, never resign, and reconnect. */
  readonly bot?: Partial<BotOptions>;
}

/** `count` matches between new players (seatBots: created, joined, client seeds in), one after the other. */
export async function seatClusterMatches(c: TestCluster, count: number, options: SeatOptions): Promise<ClusterMatch[]> {
  const matches: ClusterMatch[] = [];
  for (let i = 0; i < count; i++) {
    const white = new BotClient({ url: c.url, cookie: await c.player(options.white), seed: options.seed + i, reconnect: true, resignRate: 0, ...options.bot });
    const black = new BotClient({ url: c.url, cookie: await c.player(options.black), seed: options.seed + 100 + i, reconnect: true, resignRate: 0, ...options.bot });
    matches.push({ matchId: await seatBots(white, black, options.matchLength), white, black });
  }
  return matches;
}
