/**
 * Benchmark of the persistence layer: 10,000 sequential appendEvent calls, each a roll event with its RollLog row
 * (the match server's hot path: one transaction bumping the version, inserting the event and the roll), into a
 * fresh, migrated database. Runs on SQLite always, and on PostgreSQL when a server URL is given (argument or
 * TEST_POSTGRES_URL; a scratch database is created on it and dropped afterwards).
 *
 *   npx tsx scripts/bench-db.ts [postgresql://postgres@127.0.0.1:5432/test]
 *
 * @example
 *   const { figure, details } = await benchDb(); // figure: SQLite milliseconds for the 10,000 appends
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { simulateMatch } from "@/lib/dice";
import { appendEvent } from "@/server/db/append-event";
import { openTestDatabase, type TestDatabaseKind } from "@/server/db/test-databases";
import { seededMatch, testVault } from "@/server/db/test-fixtures";
import type { BenchResult } from "./bench-result";

const EVENTS = 10_000;

async function timeAppends(kind: TestDatabaseKind, postgresServer?: string): Promise<number> {
  const handle = await openTestDatabase(kind, postgresServer);
  try {
    const vault = testVault();
    const clientSeeds = { white: "w4h1t3seed", black: "Bl4ck_seed-9" };
    const { match, seed, version } = await seededMatch(handle.db, vault, clientSeeds);
    const { bundle } = simulateMatch({ serverSeed: vault.reveal(seed), clientSeeds, matchId: match.id, rolls: EVENTS });
    const rolls = bundle.rolls.slice(0, EVENTS);
    let current = version;
    const start = performance.now();
    for (const roll of rolls) {
      const result = await appendEvent(handle.db, {
        matchId: match.id,
        expectedVersion: current,
        event: { type: "roll", payload: { nonce: roll.nonce, game: roll.game, player: roll.player, dice: [...roll.dice] } },
        roll: { nonce: roll.nonce, game: roll.game, kind: roll.kind, player: roll.player, die1: roll.dice[0], die2: roll.dice[1] },
      });
      if (!result.ok) throw new Error(`bench-db: append ${roll.nonce} failed with ${result.code}`);
      current = result.value.version;
    }
    return performance.now() - start;
  } finally {
    await handle.dispose();
  }
}

const round = (ms: number, digits = 0) => Math.round(ms * 10 ** digits) / 10 ** digits;

export async function benchDb(postgresServer = process.env.TEST_POSTGRES_URL): Promise<BenchResult> {
  const sqliteMs = await timeAppends("sqlite");
  const postgresMs = postgresServer ? await timeAppends("postgres", postgresServer) : undefined;
  return {
    name: "append 10,000 roll events (event + RollLog row, one transaction each) on SQLite",
    figure: round(sqliteMs),
    unit: "ms",
    details: {
      events: EVENTS,
      sqliteMs: round(sqliteMs),
      sqlitePerAppendMs: round(sqliteMs / EVENTS, 3),
      ...(postgresMs === undefined
        ? { postgres: "not run (give a server URL or set TEST_POSTGRES_URL)" }
        : { postgresMs: round(postgresMs), postgresPerAppendMs: round(postgresMs / EVENTS, 3) }),
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchDb(process.argv[2] ?? process.env.TEST_POSTGRES_URL);
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} ${JSON.stringify(result.details)}\n`);
}
