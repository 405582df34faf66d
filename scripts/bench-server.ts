/**
 * A match server for a benchmark: its own process (tests/support/server-entry.ts) on a fresh SQLite database in a
 * temp folder, with this process's handle on the same database for making users, and one `close` for all three.
 *
 * @example
 *   const bench = await startBenchServer("roll", { DICE_PROTOCOL: "fair-dice-v3" });
 *   bench.server.url;  // "http://127.0.0.1:<port>"
 *   await bench.close();
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "@/tests/support/server-process";

export interface BenchServer {
  readonly server: ServerProcess;
  readonly db: Db;
  close(): Promise<void>;
}

/** `env` is the server's, beside quiet logs: a bench's own limits (rates, sockets) go here. */
export async function startBenchServer(name: string, env: Readonly<Record<string, string>>): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `fairgammon-bench-${name}-`));
  const databaseUrl = `file:${path.join(dir, "bench.db")}`;
  await migrateDatabase(databaseUrl);
  const db = openDb(databaseUrl);
  const server = await startServerProcess({ databaseUrl, port: await freePort(), seedKeyHex: randomSeedKeyHex(), env: { LOG_LEVEL: "warn", ...env } });
  return {
    server,
    db,
    close: async () => {
      await server.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
