/**
 * Benchmark of the fair-dice-v1 verifier: a 10,000-roll bundle (with its game record) from fixed seeds, verified as
 * the browser and the CLI verify it, from plain JSON. The figure is the median of several runs after a warm-up.
 * The goal is under 100 ms in Node.
 *
 *   npx tsx scripts/bench-dice.ts
 *
 * @example
 *   const { figure } = benchDice(); // e.g. 45.2 (milliseconds)
 */
import { pathToFileURL } from "node:url";
import { simulateMatch, verify } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { timedVerification } from "./timed-runs";

const ROLLS = 10_000;
const RUNS = 9;
const WARMUP = 2;

export function benchDice(): BenchResult {
  const { bundle, record } = simulateMatch({
    // The public-1 vector's seeds (lib/dice/fixtures/fair-dice-v1.vectors.json).
    serverSeed: "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a",
    clientSeeds: { white: "w4h1t3seed", black: "Bl4ck_seed-9" },
    matchId: "bench",
    rolls: ROLLS,
  });
  const { medianMs, minMs, maxMs } = timedVerification("bench-dice", bundle, record, verify, { warmup: WARMUP, runs: RUNS });
  return {
    name: "verify a 10,000-roll fair-dice-v1 bundle",
    figure: medianMs,
    unit: "ms",
    details: { rolls: bundle.rolls.length, recordTurns: record.length, runs: RUNS, minMs, maxMs, goalMs: 100 },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchDice();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
