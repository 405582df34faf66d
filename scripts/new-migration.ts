/**
 * Writes the migrations for a schema change, for both databases, as the Prisma CLI computes them offline
 * (`prisma migrate diff --from-migrations … --to-schema-datamodel …`, since `prisma migrate dev` needs a native
 * engine). Change prisma/schema.prisma and prisma/postgres/schema.prisma the same way first; the PostgreSQL diff
 * replays the migrations in a scratch database on the server given by TEST_POSTGRES_URL (or a postgres DATABASE_URL).
 *
 *   TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx scripts/new-migration.ts add_match_clock
 *
 * Then read both migration.sql files. On SQLite, a change Prisma cannot make in place rebuilds the table
 * (new_<Table>, DROP TABLE, RENAME), which drops that table's triggers: if it rebuilds RollLog, MatchEvent or
 * AdminAudit, append their triggers from the first migration again (server/db/append-only.test.ts catches a miss).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPrismaCli } from "@/server/db/prisma-cli";

const APPEND_ONLY = ["RollLog", "MatchEvent", "AdminAudit", "RatingChange"];

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write("usage: npx tsx scripts/new-migration.ts <name in snake_case>\n");
  process.exit(1);
}
const postgresServer = process.env.TEST_POSTGRES_URL ?? (/^postgres/.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL : undefined);
if (!postgresServer) {
  process.stderr.write("Set TEST_POSTGRES_URL to a PostgreSQL server: the PostgreSQL diff replays the migrations there.\n");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);

// The CLI opens the configured database even for a diff: point the SQLite one at a scratch file, not ./data.
const scratchDb = `file:${join(tmpdir(), `fairgammon-diff-${process.pid}.db`)}`;
const targets = [
  { label: "SQLite", config: "prisma.config.ts", dir: "prisma/migrations", schema: "prisma/schema.prisma", env: { DATABASE_URL: scratchDb } },
  { label: "PostgreSQL", config: "prisma/postgres/prisma.config.ts", dir: "prisma/postgres/migrations", schema: "prisma/postgres/schema.prisma", env: { DATABASE_URL: postgresServer } },
];

let failed = false;
for (const target of targets) {
  // Written outside the migrations folder first: Prisma refuses a migration folder without its migration.sql.
  const scratch = mkdtempSync(join(tmpdir(), "fairgammon-migration-"));
  const draft = join(scratch, "migration.sql");
  const args = ["migrate", "diff", "--config", target.config, "--from-migrations", target.dir, "--to-schema-datamodel", target.schema, "--script", "--exit-code", "-o", draft];
  const { code, output } = await runPrismaCli(args, target.env);
  if (code === 2) {
    const folder = join(target.dir, `${stamp}_${name}`);
    mkdirSync(folder, { recursive: true });
    const sql = readFileSync(draft, "utf8");
    writeFileSync(join(folder, "migration.sql"), sql);
    process.stdout.write(`${target.label}: wrote ${join(folder, "migration.sql")}\n`);
    const rebuilt = APPEND_ONLY.filter((table) => sql.includes(`"new_${table}"`) || sql.includes(`DROP TABLE "${table}"`));
    if (rebuilt.length > 0) process.stdout.write(`  ${target.label} rebuilds ${rebuilt.join(", ")}: append their append-only triggers again.\n`);
  } else {
    if (code === 0) process.stdout.write(`${target.label}: no change, nothing written\n`);
    else {
      failed = true;
      process.stderr.write(`${target.label}: prisma migrate diff failed (exit ${code}):\n${output}\n`);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}
rmSync(scratchDb.slice("file:".length), { force: true });
process.exit(failed ? 1 : 0);
