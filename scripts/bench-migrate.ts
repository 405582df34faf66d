/**
 * The measurement behind keeping server/db/migrate.ts (server/db/README.md, "Migrating"): how long `prisma migrate
 * deploy` and `migrateDatabase` take to migrate a new database, and to find nothing to do on a migrated one, on
 * SQLite and (when a server URL is given) PostgreSQL. Each figure is the median of `--runs` runs (default 3), each
 * on a fresh database; the CLI runs offline, as `npm start` would run it.
 *
 *   npx tsx scripts/bench-migrate.ts [postgresql://postgres@127.0.0.1:5432/test] [--runs 3]
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { migrateDatabase } from "@/server/db/migrate";
import { runPrismaCli } from "@/server/db/prisma-cli";
import { createEmptyDatabase, type TestDatabaseKind } from "@/server/db/test-databases";

const { values, positionals } = parseArgs({ options: { runs: { type: "string" } }, allowPositionals: true, strict: true });
const runs = values.runs !== undefined ? Number(values.runs) : 3;
const postgresServer = positionals.find((arg) => /^postgres(ql)?:\/\//.test(arg)) ?? process.env.TEST_POSTGRES_URL;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function cliDeploy(url: string): Promise<void> {
  const { code, output } = await runPrismaCli(["migrate", "deploy"], { DATABASE_URL: url });
  if (code !== 0) throw new Error(`prisma migrate deploy failed (${code}):\n${output}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(kind: TestDatabaseKind, how: string, migrate: (url: string) => Promise<unknown>) {
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < runs; i++) {
    const database = await createEmptyDatabase(kind, postgresServer);
    try {
      fresh.push(await timed(() => migrate(database.url)));
      again.push(await timed(() => migrate(database.url)));
    } finally {
      await database.drop();
    }
  }
  process.stdout.write(`| ${kind} | ${how} | ${Math.round(median(fresh))} ms | ${Math.round(median(again))} ms |\n`);
}

process.stdout.write(`| database | runner | new database | nothing to do |\n|---|---|---|---|\n`);
const kinds: TestDatabaseKind[] = postgresServer ? ["sqlite", "postgres"] : ["sqlite"];
for (const kind of kinds) {
  await measure(kind, "`prisma migrate deploy`", cliDeploy);
  await measure(kind, "`migrateDatabase`", migrateDatabase);
}
