/**
 * The timing loop of the verifier benchmarks: a few warm-up runs, then timed ones, sorted, with their median. Each run
 * gets a fresh input from `prepare`, which is not timed (the verifiers are timed from parsed JSON, as the browser and
 * the CLI hand it to them); `timedVerification` does that for a bundle and its record.
 *
 * @example
 *   const { times, median } = timedRuns(2, 9, () => JSON.parse(text), (bundle) => verify(bundle));
 *   const { medianMs, minMs, maxMs } = timedVerification("bench-dice", bundle, record, verify, VERIFIER_TIMING);
 */
import { performance } from "node:perf_hooks";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { proofKeyEntry, proofPublicKeyOf, type ProofKey } from "@/lib/dice";
import type { BenchResult } from "./bench-result";

/** What the verifier benchmarks time: the median of 9 runs after 2 warm-up runs. */

export const VERIFIER_TIMING = { warmup: 2, runs: 9 } as const;

/** The match the verifier benchmarks simulate, from the public-1 vector's seeds (lib/dice/fixtures/fair-dice-v1.vectors.json). */
export const BENCH_MATCH = {
  serverSeed: "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a",
  clientSeeds: { white: "w4h1t3seed", black: "Bl4ck_seed-9" },
  matchId: "bench",
} as const;

export function timedRuns<T>(warmup: number, runs: number, prepare: () => T, measured: (input: T) => void): { readonly times: number[]; readonly median: number } {
  const times: number[] = [];
  for (let run = 0; run < warmup + runs; run++) {
    const input = prepare();
    const start = performance.now();
    measured(input);
    const elapsed = performance.now() - start;
    if (run >= warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { times, median: times[Math.floor(times.length / 2)] as number };
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Times `verify` on `bundle` and `record` from plain JSON, parsed afresh for every run; throws, naming `benchmark`,
 * when a run's verdict is not "verified". Milliseconds to one decimal: the median, the fastest and the slowest run.
 */
export function timedVerification(
  benchmark: string,
  bundle: unknown,
  record: unknown,
  verify: (bundle: unknown, record: unknown) => { readonly verdict: string },
  { warmup, runs }: { readonly warmup: number; readonly runs: number },
): { readonly medianMs: number; readonly minMs: number; readonly maxMs: number } {
  const bundleJson = JSON.stringify(bundle);
  const recordJson = JSON.stringify(record);
  const { times, median } = timedRuns(
    warmup,
    runs,
    () => [JSON.parse(bundleJson) as unknown, JSON.parse(recordJson) as unknown] as const,
    ([input, recordInput]) => {
      const report = verify(input, recordInput);
      if (report.verdict !== "verified") throw new Error(`${benchmark}: the benchmark bundle did not verify (${report.verdict})`);
    },
  );
  return { medianMs: tenths(median), minMs: tenths(times[0] as number), maxMs: tenths(times.at(-1) as number) };
}

/** The long match both signed-bundle verifier benchmarks (v2, v3) simulate: 49 games × (≥1 opening + 203 turns) ≥ 10,000 rolls. */
export const LONG_MATCH = { ...BENCH_MATCH, matchLength: 25, games: 49, turnsPerGame: 203 } as const;

/** A verifier benchmark's result: the median of VERIFIER_TIMING's runs over a long match's signed bundle. */
export function verifierBench(protocol: string, bundle: { readonly rolls: readonly unknown[] }, record: readonly unknown[], verify: (bundle: unknown, record: unknown) => { readonly verdict: string }): BenchResult {
  const { medianMs, minMs, maxMs } = timedVerification(`bench-dice-${protocol.slice("fair-dice-".length)}`, bundle, record, verify, VERIFIER_TIMING);
  return {
    name: `verify a 10,000-roll ${protocol} bundle`,
    figure: medianMs,
    unit: "ms",
    details: { rolls: bundle.rolls.length, games: LONG_MATCH.games, recordTurns: record.length, runs: VERIFIER_TIMING.runs, minMs, maxMs, goalMs: 100 },
  };
}

/** A verifier benchmark's own signing key and the key list that trusts it (a bundle verifies only signed). */
export function benchSigningKey(benchmark: string, listedFrom: string): { readonly privateKey: Uint8Array; readonly keys: ProofKey[] } {
  const privateKey = sha256(utf8ToBytes(`fairgammon benchmark signing key: for ${benchmark} only`));
  return { privateKey, keys: [proofKeyEntry(proofPublicKeyOf(privateKey), listedFrom)] };
}
