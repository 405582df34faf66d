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
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { proofKeyEntry, proofPublicKeyOf, signSimulated, simulateMatchV2, verifyV2 } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { BENCH_MATCH, timedVerification, VERIFIER_TIMING } from "./timed-runs";

/** The benchmark's own signing key (a bundle verifies only signed, as the site serves it: section 5b). */
const BENCH_PRIVATE_KEY = sha256(utf8ToBytes("fairgammon benchmark signing key: for bench-dice-v2 only"));
const BENCH_KEYS = [proofKeyEntry(proofPublicKeyOf(BENCH_PRIVATE_KEY), "2026-12-06T00:00:00.000Z")];

export function benchDiceV2(): BenchResult {
  const simulated = simulateMatchV2({
    ...BENCH_MATCH,
    matchLength: 25,
    games: 49,
    turnsPerGame: 203, // 49 games × (≥1 opening + 203 turns) ≥ 10,000 rolls
  });
  const bundle = signSimulated(simulated, { privateKey: BENCH_PRIVATE_KEY });
  const { record } = simulated;
  const { medianMs, minMs, maxMs } = timedVerification("bench-dice-v2", bundle, record, (b, r) => verifyV2(b, r, { keys: BENCH_KEYS }), VERIFIER_TIMING);
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
