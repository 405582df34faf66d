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
import { signSimulatedV3, simulateMatchV3, verifyV3 } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { printWhenRun, signedMatchBench } from "./bench-dice-v2";

export const benchDiceV3 = (): BenchResult => signedMatchBench("fair-dice-v3", "2026-12-07T00:00:00.000Z", simulateMatchV3, signSimulatedV3, verifyV3);

printWhenRun(import.meta.url, benchDiceV3);
