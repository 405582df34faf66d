/**
 * Benchmark of the public dice record at 10^6 rolls: a fresh, migrated database filled with 10,000 finished public
 * matches of 100 rolls each (dice from a seeded generator, spread over twelve months), then: the old full GROUP BY over
 * the roll log (what each refresh ran before the tallies, issue 47); the first refresh, which counts all 10,000
 * matches in batches (what a node does if the migration's backfill had not run); the migration's backfill itself; a
 * refresh with nothing new (median of 5) and one after 100 more matches finished — each with the longest time the
 * event loop was held (a 1 ms timer's longest gap); a cached answer; and the whole CSV dataset streamed. SQLite
 * always; PostgreSQL too when a server URL is given (argument or TEST_POSTGRES_URL).
 *
 *   npx tsx scripts/bench-fairness-dice.ts [postgresql://postgres@127.0.0.1:5432/test]
 *   npm run bench -- fairness-dice
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { Db } from "@/server/db/client";
import { openTestDatabase, type TestDatabaseKind } from "@/server/db/test-databases";
import { newUser, testVault, waitingMatch } from "@/server/db/test-fixtures";
import { datasetStream } from "@/server/fairness/dice-dataset";
import { computeDiceRecord, DiceRecordCache } from "@/server/fairness/dice-record";
import { monthOf, PUBLIC_FINISHED, ROLLER } from "@/server/fairness/dice-tally";
import type { BenchResult } from "./bench-result";
import { mulberry32 } from "./bot/random";

const MATCHES = 10_000;
const ROLLS_PER_MATCH = 100;
const SEED = 20261204;

/** `count` finished public matches (ids from `first`) by copying one real match row, then their rolls in multi-row INSERTs. */
async function fill(db: Db, first = 0, count = MATCHES): Promise<void> {
  const template = await waitingMatch(db, testVault(), { color: "white", visibility: "public" });
  const black = await newUser(db, "bench-black");
  const random = mulberry32(SEED + first);
  const die = () => 1 + Math.floor(random() * 6);
  const ids = Array.from({ length: count }, (_, i) => `bench${String(first + i).padStart(8, "0")}`);
  const base = await db.prisma.match.findUniqueOrThrow({ where: { id: template.match.id } });
  for (let i = 0; i < ids.length; i += 500) {
    await db.prisma.match.createMany({
      data: ids.slice(i, i + 500).map((id) => ({ id, creatorId: base.creatorId, whiteId: base.creatorId, blackId: black.id, matchLength: 5, status: "finished" as const, visibility: "public" as const })),
    });
  }
  const quote = (text: string) => `'${text}'`;
  const stamp = (month: number) => (db.kind === "sqlite" ? quote(`2026-${String(month).padStart(2, "0")}-15T12:00:00.000+00:00`) : quote(`2026-${String(month).padStart(2, "0")}-15 12:00:00`));
  let values: string[] = [];
  const flush = async () => {
    if (values.length === 0) return;
    await db.prisma.$executeRawUnsafe(`INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt") VALUES ${values.join(",")}`);
    values = [];
  };
  for (const [m, id] of ids.entries()) {
    const createdAt = stamp(1 + (m % 12));
    for (let nonce = 0; nonce < ROLLS_PER_MATCH; nonce++) {
      const opening = nonce === 0;
      const player = opening ? "NULL" : quote(nonce % 2 === 1 ? "white" : "black");
      values.push(`(${quote(id)}, ${nonce}, 1, ${quote(opening ? "opening" : "turn")}, ${player}, ${die()}, ${die()}, ${createdAt})`);
      if (values.length === 2000) await flush();
    }
  }
  await flush();
}

const round = (ms: number) => Math.round(ms);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The longest the event loop went without running a 1 ms timer while `work` ran, and how long `work` took. */
async function held(work: () => Promise<unknown>): Promise<{ ms: number; heldMs: number }> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 1);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(probe);
  return { ms, heldMs: Math.max(longest, performance.now() - last) };
}

/** The record's two GROUP BYs over the whole roll log, as every refresh ran them before the tallies. */
async function fullScan(db: Db): Promise<void> {
  const month = monthOf(db.kind, `r."createdAt"`);
  await Promise.all([
    db.prisma.$queryRawUnsafe(`SELECT ${month} AS "month", r."die1", r."die2", COUNT(*) AS "count" FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId" WHERE ${PUBLIC_FINISHED} GROUP BY ${month}, r."die1", r."die2"`),
    db.prisma.$queryRawUnsafe(
      `SELECT ${ROLLER} AS "userId", COUNT(*) AS "rolls", SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END) AS "doubles",
              SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END) AS "pips"
         FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId" WHERE r."kind" = 'turn' AND ${PUBLIC_FINISHED} GROUP BY ${ROLLER}`,
    ),
  ]);
}

/** The migration's backfill statements, run as `migrate` would run them on this database. */
async function backfill(db: Db): Promise<void> {
  const dir = db.kind === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations";
  const migration = readFileSync(`${dir}/20261206194646_dice_tally/migration.sql`, "utf8");
  for (const table of ["DiceTally", "DicePlayerTally", "DiceTallyMatch"]) await db.prisma.$executeRawUnsafe(`DELETE FROM "${table}"`);
  const statements = migration.slice(migration.indexOf("-- Backfill")).split(";").map((text) => text.replace(/^\s*--.*$/gm, "").trim());
  for (const statement of statements.filter(Boolean)) await db.prisma.$executeRawUnsafe(statement);
}

async function measure(kind: TestDatabaseKind, postgresServer?: string) {
  const handle = await openTestDatabase(kind, postgresServer);
  try {
    const fillStart = performance.now();
    await fill(handle.db);
    const fillMs = performance.now() - fillStart;
    const scan = await held(() => fullScan(handle.db));
    let rolls = 0;
    const catchUp = await held(async () => {
      rolls = (await computeDiceRecord(handle.db)).overall.rolls;
    });
    if (rolls !== MATCHES * ROLLS_PER_MATCH) throw new Error(`bench-fairness-dice: counted ${rolls} rolls`);
    const migration = await held(() => backfill(handle.db));
    const steady: { ms: number; heldMs: number }[] = [];
    for (let run = 0; run < 5; run++) steady.push(await held(() => computeDiceRecord(handle.db)));
    await fill(handle.db, MATCHES, 100);
    const after100 = await held(async () => {
      rolls = (await computeDiceRecord(handle.db)).overall.rolls;
    });
    if (rolls !== (MATCHES + 100) * ROLLS_PER_MATCH) throw new Error(`bench-fairness-dice: counted ${rolls} rolls after 100 more`);
    const cache = new DiceRecordCache(handle.db);
    await cache.get();
    const cachedStart = performance.now();
    for (let i = 0; i < 1000; i++) await cache.get();
    const cachedMs = (performance.now() - cachedStart) / 1000;
    const streamStart = performance.now();
    const reader = datasetStream(handle.db, {}, "csv", "https://fairgammon.example").getReader();
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    const streamMs = performance.now() - streamStart;
    return {
      fillMs, scan, catchUp, migration, after100, cachedMs, streamMs, megabytes: Math.round(bytes / 1e5) / 10,
      steadyMs: median(steady.map((s) => s.ms)), steadyHeldMs: Math.max(...steady.map((s) => s.heldMs)),
    };
  } finally {
    await handle.dispose();
  }
}

export async function benchFairnessDice(postgresServer = process.env.TEST_POSTGRES_URL): Promise<BenchResult> {
  const sqlite = await measure("sqlite");
  const postgres = postgresServer ? await measure("postgres", postgresServer) : undefined;
  const figures = (run: Awaited<ReturnType<typeof measure>>, prefix: string) => ({
    [`${prefix}OldFullScanMs`]: round(run.scan.ms),
    [`${prefix}OldFullScanHeldMs`]: round(run.scan.heldMs),
    [`${prefix}FirstRefreshCounting10000MatchesMs`]: round(run.catchUp.ms),
    [`${prefix}FirstRefreshHeldMs`]: round(run.catchUp.heldMs),
    [`${prefix}MigrationBackfillMs`]: round(run.migration.ms),
    [`${prefix}RefreshNothingNewMs`]: Math.round(run.steadyMs * 10) / 10,
    [`${prefix}RefreshNothingNewHeldMs`]: round(run.steadyHeldMs),
    [`${prefix}RefreshAfter100MatchesMs`]: round(run.after100.ms),
    [`${prefix}RefreshAfter100MatchesHeldMs`]: round(run.after100.heldMs),
    [`${prefix}CachedMs`]: Math.round(run.cachedMs * 1000) / 1000,
    [`${prefix}CsvStreamMs`]: round(run.streamMs),
  });
  return {
    name: `public dice record over ${(MATCHES * ROLLS_PER_MATCH).toLocaleString("en")} rolls (${MATCHES.toLocaleString("en")} finished public matches): the event loop's longest hold during a refresh with nothing new, on SQLite`,
    figure: round(sqlite.steadyHeldMs),
    unit: "ms",
    details: {
      ...figures(sqlite, "sqlite"),
      csvMegabytes: sqlite.megabytes,
      sqliteFillMs: round(sqlite.fillMs),
      ...(postgres === undefined ? { postgres: "not run (give a server URL or set TEST_POSTGRES_URL)" } : figures(postgres, "postgres")),
      seed: SEED,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchFairnessDice(process.argv[2] ?? process.env.TEST_POSTGRES_URL);
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} ${JSON.stringify(result.details)}\n`);
}
