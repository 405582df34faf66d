/**
 * `npm run start:cluster -- --nodes N`: the scaled-out site on one machine. N server nodes (server/main.ts, production
 * build) on consecutive ports after PORT, sharing one PostgreSQL database (DATABASE_URL) and one Redis (REDIS_URL),
 * behind a sticky load balancer on PORT (server/cluster/balancer.ts); a node that dies is started again
 * (server/cluster/supervisor.ts). The database is migrated and the site built once, before any node starts.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/fairgammon REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run start:cluster -- --nodes 2 [--port 3000]
 *
 * SIGTERM stops the nodes (each drains for SHUTDOWN_DRAIN_SECONDS, default 2 here, answering /api/ready with 503) and
 * then the balancer; Ctrl-C in a terminal reaches every node at once, and they close without draining.
 * A real deployment runs the same nodes under its own supervisor (systemd, Kubernetes) behind nginx or HAProxy:
 * README, "Several server nodes".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "redis";
import { startBalancer } from "@/server/cluster/balancer";
import { startSupervisor } from "@/server/cluster/supervisor";
import { prepareAuth } from "@/server/auth/boot";
import { parseEnv } from "@/server/config/env";
import { migrateDatabase } from "@/server/db/migrate";
import { createLogger } from "@/server/log";
import { loadProofKey, loadSeedKey } from "@/server/vault";
import { buildSiteIfStale } from "./site-build";

const USAGE = "usage: DATABASE_URL=postgresql://… REDIS_URL=redis://… npm run start:cluster -- --nodes N [--port P]";

function fail(message: string): never {
  process.stderr.write(`start:cluster: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { nodes?: string; port?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { nodes: { type: "string" }, port: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const count = Number(values.nodes ?? "2");
  if (!Number.isInteger(count) || count < 1 || count > 32) fail(`--nodes must be a whole number from 1 to 32, not "${values.nodes}"`);
  const port = Number(values.port ?? process.env.PORT ?? "3000");
  if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail(`--port must be a port number with room for ${count} nodes after it`);

  // The nodes share state only through the database and Redis: SQLite (one process's file) cannot be shared.
  const databaseUrl = process.env.DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) fail("set DATABASE_URL to a PostgreSQL database (postgresql://user@host:5432/name); several nodes cannot share a SQLite file");
  if (!process.env.REDIS_URL) fail("set REDIS_URL (redis://host:6379): the nodes pass match events and presence to each other through Redis");

  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  if (process.env.NODE_ENV !== "production") process.env.DEPLOYMENT ??= "local";
  let env;
  try {
    env = parseEnv({ ...process.env, NODE_ENV: "production", PORT: String(port) });
  } catch (error) {
    fail((error as Error).message);
  }
  const logger = createLogger(env.LOG_LEVEL);

  const redis = createClient({ url: env.REDIS_URL, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    fail(`cannot reach Redis at ${env.REDIS_URL}: ${(error as Error).message}`);
  } finally {
    if (redis.isOpen) await redis.close();
  }
  try {
    const migration = await migrateDatabase(databaseUrl);
    if (migration.applied.length > 0) logger.info("database migrated", { applied: migration.applied });
  } catch (error) {
    fail(`cannot migrate ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}: ${(error as Error).message}`);
  }
  // Secrets once, before the nodes: with none in the environment (a local trial), every node reads the same
  // generated files in DATA_DIR. NEXTAUTH_SECRET is handed to the nodes through their environment.
  loadSeedKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => logger.warn(m) } });
  loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => logger.warn(m) } });
  prepareAuth({ env, logger });

  buildSiteIfStale(process.cwd());

  const supervisor = startSupervisor({
    count,
    firstPort: port + 1,
    command: [process.execPath, "--import", "tsx", path.join("server", "main.ts")],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: env.dataDir,
      // Behind the balancer: the client's address comes in X-Forwarded-For, and a stopping node drains first.
      TRUST_PROXY: process.env.TRUST_PROXY ?? "true",
      SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS ?? "2",
    },
    log: (line) => logger.info(line),
  });
  const balancer = await startBalancer({
    port,
    host: env.HOST,
    nodes: supervisor.nodes.map(({ name, url }) => ({ name, url })),
    log: (line) => logger.info(`balancer: ${line}`),
  });
  logger.info("cluster starting", { url: balancer.url, nodes: supervisor.nodes.map((n) => n.url) });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping the nodes");
    await supervisor.stop();
    await balancer.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
