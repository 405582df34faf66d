/**
 * The timing loop of the throughput benchmarks (bench-engine, bench-analysis): after `warmup` runs that are not kept,
 * `runs` timed runs, each sweeping `work` over every item again and again for at least `runMs`. Gives the items per
 * second of each run, sorted: by the wall clock, and by this process's CPU time (which other processes on a busy
 * machine do not inflate).
 *
 * @example
 *   const { wall, cpu } = throughputRuns(positions, (pos) => evaluate(pos).win, { warmup: 2, runs: 7, runMs: 500 });
 */
import { performance } from "node:perf_hooks";

export interface ThroughputTiming {
  readonly warmup: number;
  readonly runs: number;
  readonly runMs: number;
}

/** `work` returns a number of its result, summed into a sink so that the work cannot be optimised away. */
export function throughputRuns<T>(items: readonly T[], work: (item: T) => number, timing: ThroughputTiming): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let sink = 0;
  for (let run = 0; run < timing.warmup + timing.runs; run++) {
    let done = 0;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    let elapsed = 0;
    do {
      for (const item of items) sink += work(item);
      done += items.length;
      elapsed = performance.now() - start;
    } while (elapsed < timing.runMs);
    const used = process.cpuUsage(cpuStart);
    if (run >= timing.warmup) {
      wall.push((done / elapsed) * 1000);
      cpu.push(done / ((used.user + used.system) / 1e6));
    }
  }
  if (sink < 0) throw new Error("throughputRuns: impossible negative sink");
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}
