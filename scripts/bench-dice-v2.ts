/**
 * Benchmark of the fair-dice-v2 verifier (docs/fair-dice-v2.md): a 10,000-roll bundle of a 25-point match (a chain of
 * 49 game seeds, every roll salted), with its game record, from fixed seeds, verified from plain JSON as the browser
 * and the CLI verify it. The figure is the median of several runs after a warm-up; the goal is under 100 ms in Node.
 *
 *   npx tsx scripts/bench-dice-v2.ts
 *
 * @example
 *   const { figure } = benchDiceV2(); // milliseconds
 */
import { pathToFileURL } from "node:url";
import { simulateMatchV2, verifyV2 } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { BENCH_MATCH, timedVerification, VERIFIER_TIMING } from "./timed-runs";

export function benchDiceV2(): BenchResult {
  const { bundle, record } = simulateMatchV2({
    ...BENCH_MATCH,
    matchLength: 25,
    games: 49,
    turnsPerGame: 203, // 49 games × (≥1 opening + 203 turns) ≥ 10,000 rolls
  });
  const { medianMs, minMs, maxMs } = timedVerification("bench-dice-v2", bundle, record, verifyV2, VERIFIER_TIMING);
  return {
    name: "verify a 10,000-roll fair-dice-v2 bundle",
    figure: medianMs,
    unit: "ms",
    details: { rolls: bundle.rolls.length, games: 49, recordTurns: record.length, runs: VERIFIER_TIMING.runs, minMs, maxMs, goalMs: 100 },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchDiceV2();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
