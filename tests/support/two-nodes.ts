/**
 * Two match-server processes sharing a new PostgreSQL database (on TEST_POSTGRES_URL) and Redis (TEST_REDIS_URL,
 * under a key prefix of their own): the cross-node tests of the limits, the queue and the scale-out.
 *
 * @example
 *   const pair = await startTwoNodes(postgresServer, redisUrl, { SOCKETS_PER_USER: "6" });
 *   pair.nodes[0].url; pair.db.prisma.match.count();
 *   await pair.stop();
 */
import { randomBytes } from "node:crypto";
import { openDb, type Db } from "@/server/db/client";
import { createMigratedDatabase } from "@/server/db/test-databases";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "./server-process";

export interface TwoNodes {
  readonly nodes: readonly [ServerProcess, ServerProcess];
  /** The shared database, for the test's own reads and users. */
  readonly db: Db;
  /** Both nodes' Redis key prefix (REDIS_PREFIX), for a test that reads their keys. */
  readonly redisPrefix: string;
  stop(): Promise<void>;
}

export async function startTwoNodes(postgresServer: string, redisUrl: string, env: Record<string, string> = {}): Promise<TwoNodes> {
  const database = await createMigratedDatabase("postgres", postgresServer);
  const db = openDb(database.url);
  const seedKeyHex = randomSeedKeyHex();
  const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `fairgammon-test-${randomBytes(4).toString("hex")}`, LOG_LEVEL: "warn", ...env };
  const [a, b] = await Promise.all([0, 1].map(async () => startServerProcess({ databaseUrl: database.url, port: await freePort(), seedKeyHex, env: shared })));
  return {
    nodes: [a!, b!],
    db,
    redisPrefix: shared.REDIS_PREFIX,
    async stop() {
      await Promise.all([a, b].map((node) => node?.kill()));
      await db.close();
      await database.drop();
    },
  };
}
