/**
 * A real match server for integration tests: a fresh, migrated SQLite database in a temp folder, a random seed
 * key, Socket.IO on an ephemeral port (no Next.js: pages are tested end to end with Playwright; the audit route is
 * served by tests/support/routes-without-next.ts), and users whose session cookies are real next-auth tokens.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeFailure } from "@/lib/engine/types";
import { parseEnv } from "@/server/config/env";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { createLogger, type Logger } from "@/server/log";
import { createAppServer, type AppServer, type AppServerOptions } from "@/server/main";
import { loadProofKey, Secret, type ProofSigningKey, type SeedKey } from "@/server/vault";
import { routesWithoutNext } from "./routes-without-next";
import { sessionCookieFor, socketIdentifier, TEST_AUTH_SECRET } from "./session";

export interface TestServer {
  readonly server: AppServer;
  readonly db: Db;
  readonly url: string;
  readonly dir: string;
  readonly logLines: string[];
  /** The key the server seals its seeds with (a test can open a sealed seed with it, independently of the server). */
  readonly seedKey: SeedKey;
  /** The key the server signs proofs with (generated into its data directory, as for a local run). */
  readonly proofKey: ProofSigningKey;
  /** A new user and its session cookie header. */
  user(name?: string, role?: "USER" | "ADMIN"): Promise<{ id: string; name: string; cookie: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestServer(overrides: Partial<Pick<AppServerOptions, "abandonAfterMs" | "now" | "rateLimit" | "seedKey" | "setTimer" | "limits" | "redisUrl" | "redisPrefix" | "diceProtocol">> & { dir?: string; keepDir?: boolean } = {}): Promise<TestServer> {
  const dir = overrides.dir ?? mkdtempSync(path.join(tmpdir(), "fairgammon-test-"));
  const databaseUrl = `file:${path.join(dir, "test.db")}`;
  await migrateDatabase(databaseUrl);
  const db = openDb(databaseUrl);
  const logLines: string[] = [];
  const logger: Logger = createLogger("debug", (line) => logLines.push(line));
  const seedKey = overrides.seedKey ?? new Secret(new Uint8Array(randomBytes(32)));
  const env = parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: databaseUrl });
  const identify = socketIdentifier(db);
  const proofKey = loadProofKey({ env: {}, dataDir: dir, production: false, logger: { warn: () => {} } });
  const server = await createAppServer({
    env,
    logger,
    withNext: false,
    withoutNext: routesWithoutNext(db, identify, proofKey),
    proofKey,
    db,
    identify,
    ...overrides,
    // Every test user connects from 127.0.0.1: the per-address cap is for the public (connection-limits.ts).
    limits: { socketsPerAddress: 100_000, ...overrides.limits },
    seedKey,
  });
  return {
    server,
    db,
    url: server.url,
    dir,
    logLines,
    seedKey,
    proofKey,
    async user(name, role = "USER") {
      const username = name ?? `player${++counter}${randomBytes(2).toString("hex")}`;
      const created = await createUser(db, { username, passwordHash: null, role });
      if (!created.ok) throw new Error(describeFailure(created));
      return { id: created.value.id, name: username, cookie: await sessionCookieFor(created.value) };
    },
    async close() {
      await server.close();
      await db.close();
      if (!overrides.keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a test server before the file's (or block's) tests and closes it after them: the returned function gives it to a test. */
export function useTestServer(overrides: Parameters<typeof startTestServer>[0] = {}): () => TestServer {
  let server: TestServer | null = null;
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("the test server is not running (useTestServer starts it before the tests)");
    return server;
  };
}

export { TEST_AUTH_SECRET };
