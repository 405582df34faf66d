/**
 * Benchmark of the fair-dice-v3 verifier (docs/fair-dice-v3.md): a 10,000-roll bundle of a 25-point match (49 game
 * seeds, every roll with a salt and a chain value, both players' chains), with its game record, from fixed seeds,
 * verified from plain JSON as the browser and the CLI would. Beside v2's work it hashes each revealed value once
 * (chain-values). The figure is the median of several runs after a warm-up; the goal is under 100 ms in Node.
 *
 *   npx tsx scripts/bench-dice-v3.ts
 *
 * @example
 *   const { figure } = benchDiceV3(); // milliseconds
 */
import { pathToFileURL } from "node:url";
import { signSimulatedV3, simulateMatchV3, verifyV3 } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { benchSigningKey, LONG_MATCH, verifierBench } from "./timed-runs";

/** The benchmark's own signing key (a bundle verifies only signed, as the site serves it). */
const BENCH_KEY = benchSigningKey("bench-dice-v3", "2026-12-07T00:00:00.000Z");

export function benchDiceV3(): BenchResult {
  const simulated = simulateMatchV3(LONG_MATCH);
  const bundle = signSimulatedV3(simulated, { privateKey: BENCH_KEY.privateKey });
  return verifierBench("fair-dice-v3", bundle, simulated.record, (b, r) => verifyV3(b, r, { keys: BENCH_KEY.keys }));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchDiceV3();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
