/**
 * A match as a GNU Backgammon .mat file on standard output (lib/engine/mat.ts; format in docs/mat-format.md).
 *
 *   npx tsx scripts/export-mat.ts <matchId> [--date YYYY-MM-DD] [--event text] [--site text]
 *   npx tsx scripts/export-mat.ts --events <record.json | -> [--date …] [--event …] [--site …]
 *
 * With a match id it reads the match record from the server's database (DATABASE_URL, or the SQLite file in DATA_DIR);
 * the date defaults to the day the match started (or was created), UTC. With --events it reads a JSON array of match
 * events (or an object with an `events` array, like the fixtures in lib/engine/fixtures/mat/) and writes no date unless
 * given. Exit codes: 0 written; 1 no such match; 2 wrong arguments or unreadable input.
 *
 * @example
 *   npx tsx scripts/export-mat.ts cm1abc2de0000 > match.mat && /usr/games/gnubg -t -q -c <(echo "import mat match.mat")
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { MatchEvent } from "@/lib/match/events";
import { matFromEvents } from "@/lib/record/review";
import { parseEnv } from "@/server/config/env";
import { openDb } from "@/server/db/client";
import { loadLiveMatch } from "@/server/match/live-match";

const USAGE = "usage: npx tsx scripts/export-mat.ts <matchId | --events record.json> [--date YYYY-MM-DD] [--event text] [--site text]";

class UsageError extends Error {}

function eventsFromFile(path: string): MatchEvent[] {
  const parsed = JSON.parse(readFileSync(path === "-" ? 0 : path, "utf8")) as unknown;
  const events = Array.isArray(parsed) ? parsed : (parsed as { events?: unknown }).events;
  if (!Array.isArray(events)) throw new UsageError(`${path} holds neither an array of match events nor an object with one`);
  return events as MatchEvent[];
}

async function eventsFromDatabase(matchId: string): Promise<{ events: MatchEvent[]; date: string } | null> {
  const env = parseEnv(process.env);
  const db = openDb(env.databaseUrl);
  try {
    const loaded = await loadLiveMatch(db, matchId);
    if (!loaded) return null;
    const row = await db.prisma.match.findUnique({ where: { id: matchId }, select: { createdAt: true, startedAt: true } });
    const day = (row?.startedAt ?? row?.createdAt ?? new Date()).toISOString().slice(0, 10);
    return { events: loaded.events.map((e) => e.event), date: day };
  } finally {
    await db.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { events: { type: "string" }, date: { type: "string" }, event: { type: "string" }, site: { type: "string" } },
  });
  if ((values.events === undefined) === (positionals.length !== 1) || positionals.length > 1) throw new UsageError(USAGE);
  let events: MatchEvent[];
  let date = values.date;
  if (values.events !== undefined) {
    events = eventsFromFile(values.events);
  } else {
    const stored = await eventsFromDatabase(positionals[0] ?? "");
    if (!stored) {
      process.stderr.write(`export-mat: no match ${positionals[0]}\n`);
      return 1;
    }
    events = stored.events;
    date ??= stored.date;
  }
  const header = { ...(date === undefined ? {} : { date }), ...(values.event === undefined ? {} : { event: values.event }), ...(values.site === undefined ? {} : { site: values.site }) };
  process.stdout.write(matFromEvents(events, undefined, header));
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof UsageError ? `${message}\n` : `export-mat: ${message}\n`);
    process.exit(2);
  },
);
