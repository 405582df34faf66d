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
import { BENCH_MATCH, timedVerification, VERIFIER_TIMING } from "./timed-runs";

const ROLLS = 10_000;

export function benchDice(): BenchResult {
  const { bundle, record } = simulateMatch({ ...BENCH_MATCH, rolls: ROLLS });
  const { medianMs, minMs, maxMs } = timedVerification("bench-dice", bundle, record, verify, VERIFIER_TIMING);
  return {
    name: "verify a 10,000-roll fair-dice-v1 bundle",
    figure: medianMs,
    unit: "ms",
    details: { rolls: bundle.rolls.length, recordTurns: record.length, runs: VERIFIER_TIMING.runs, minMs, maxMs, goalMs: 100 },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchDice();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
