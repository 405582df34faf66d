/**
 * The timing loop of the verifier benchmarks: a few warm-up runs, then timed ones, sorted, with their median. Each run
 * gets a fresh input from `prepare`, which is not timed (the verifiers are timed from parsed JSON, as the browser and
 * the CLI hand it to them).
 *
 * @example
 *   const { times, median } = timedRuns(2, 9, () => JSON.parse(text), (bundle) => verify(bundle));
 */
import { performance } from "node:perf_hooks";

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
