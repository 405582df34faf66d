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
import { signSimulated, simulateMatchV2, verifyV2 } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { benchSigningKey, LONG_MATCH, verifierBench } from "./timed-runs";

/** The benchmark's own signing key (a bundle verifies only signed, as the site serves it). */
const BENCH_KEY = benchSigningKey("bench-dice-v2", "2026-12-06T00:00:00.000Z");

export function benchDiceV2(): BenchResult {
  const simulated = simulateMatchV2(LONG_MATCH);
  const bundle = signSimulated(simulated, { privateKey: BENCH_KEY.privateKey });
  return verifierBench("fair-dice-v2", bundle, simulated.record, (b, r) => verifyV2(b, r, { keys: BENCH_KEY.keys }));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchDiceV2();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
