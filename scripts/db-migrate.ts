/**
 * `npm run db:migrate`: applies pending migrations to the database `DATABASE_URL` names (default: the SQLite file
 * in DATA_DIR, ./data/fairgammon.db). `npm start` runs the same migrator (server/db/migrate.ts) before serving.
 *
 *   npm run db:migrate
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/fairgammon npm run db:migrate
 */
import { databaseTarget } from "@/server/db/database-url";
import { migrateDatabase } from "@/server/db/migrate";

/** The URL without its password, for messages. */
function shown(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/i, "$1:***@");
}

const target = databaseTarget(process.env);
try {
  const started = performance.now();
  const report = await migrateDatabase(target.url);
  const took = Math.round(performance.now() - started);
  const applied = report.applied.length > 0 ? `applied ${report.applied.join(", ")}` : "nothing to apply";
  process.stdout.write(`${shown(target.url)}: ${applied} (${report.alreadyApplied} already applied, ${took} ms)\n`);
  for (const name of report.modified) process.stderr.write(`warning: migration ${name} was edited after it was applied\n`);
} catch (error) {
  process.stderr.write(`Migrating ${shown(target.url)} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
