/**
 * Benchmark of the public dice record at 10^6 rolls: a fresh, migrated database filled with 10,000 finished public
 * matches of 100 rolls each (dice from a seeded generator, spread over twelve months), then the record computed cold
 * (median of 3), a cached answer, and the whole CSV dataset streamed. SQLite always; PostgreSQL too when a server URL
 * is given (argument or TEST_POSTGRES_URL).
 *
 *   npx tsx scripts/bench-fairness-dice.ts [postgresql://postgres@127.0.0.1:5432/test]
 *   npm run bench -- fairness-dice
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { Db } from "@/server/db/client";
import { openTestDatabase, type TestDatabaseKind } from "@/server/db/test-databases";
import { newUser, testVault, waitingMatch } from "@/server/db/test-fixtures";
import { datasetStream } from "@/server/fairness/dice-dataset";
import { computeDiceRecord, DiceRecordCache } from "@/server/fairness/dice-record";
import type { BenchResult } from "./bench-result";
import { mulberry32 } from "./bot/random";

const MATCHES = 10_000;
const ROLLS_PER_MATCH = 100;
const SEED = 20261204;

/** 10,000 finished public matches by copying one real match row, then 10^6 roll rows in multi-row INSERTs. */
async function fill(db: Db): Promise<void> {
  const template = await waitingMatch(db, testVault(), { color: "white", visibility: "public" });
  const black = await newUser(db, "bench-black");
  const random = mulberry32(SEED);
  const die = () => 1 + Math.floor(random() * 6);
  const ids = Array.from({ length: MATCHES }, (_, i) => `bench${String(i).padStart(8, "0")}`);
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

async function measure(kind: TestDatabaseKind, postgresServer?: string) {
  const handle = await openTestDatabase(kind, postgresServer);
  try {
    const fillStart = performance.now();
    await fill(handle.db);
    const fillMs = performance.now() - fillStart;
    const cold: number[] = [];
    let rolls = 0;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      const record = await computeDiceRecord(handle.db);
      cold.push(performance.now() - start);
      rolls = record.overall.rolls;
    }
    if (rolls !== MATCHES * ROLLS_PER_MATCH) throw new Error(`bench-fairness-dice: counted ${rolls} rolls`);
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
    return { coldMs: median(cold), fillMs, cachedMs, streamMs, megabytes: Math.round(bytes / 1e5) / 10 };
  } finally {
    await handle.dispose();
  }
}

export async function benchFairnessDice(postgresServer = process.env.TEST_POSTGRES_URL): Promise<BenchResult> {
  const sqlite = await measure("sqlite");
  const postgres = postgresServer ? await measure("postgres", postgresServer) : undefined;
  return {
    name: `public dice record over ${(MATCHES * ROLLS_PER_MATCH).toLocaleString("en")} rolls (${MATCHES.toLocaleString("en")} finished public matches), computed cold, on SQLite`,
    figure: round(sqlite.coldMs),
    unit: "ms",
    details: {
      sqliteColdMs: round(sqlite.coldMs),
      sqliteCachedMs: Math.round(sqlite.cachedMs * 1000) / 1000,
      sqliteCsvStreamMs: round(sqlite.streamMs),
      csvMegabytes: sqlite.megabytes,
      sqliteFillMs: round(sqlite.fillMs),
      ...(postgres === undefined
        ? { postgres: "not run (give a server URL or set TEST_POSTGRES_URL)" }
        : { postgresColdMs: round(postgres.coldMs), postgresCachedMs: Math.round(postgres.cachedMs * 1000) / 1000, postgresCsvStreamMs: round(postgres.streamMs) }),
      seed: SEED,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchFairnessDice(process.argv[2] ?? process.env.TEST_POSTGRES_URL);
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} ${JSON.stringify(result.details)}\n`);
}
