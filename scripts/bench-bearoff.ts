/**
 * Benchmark of the one-sided bear-off database: build time (BearoffDatabase.build, 3 runs), size and load time of the
 * committed file (read + decode, 7 runs), lookups per second (expectedRolls, distribution, raceProbabilities on
 * random boards from a seeded PRNG), and, for comparison, how long generating every board's plays with lib/engine's
 * legalPlays would take (timed on 300 random boards, scaled to 54,264).
 *
 *   npm run bench -- bearoff          (or: npx tsx scripts/bench-bearoff.ts)
 *
 * @example
 *   const { figure } = benchBearoff(); // build seconds (median)
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { describeFailure } from "@/lib/engine/types";
import { BearoffDatabase } from "@/lib/analysis/bearoff-database";
import { BEAROFF_POSITIONS, bearoffBoard } from "@/lib/analysis/bearoff-index";
import { ROLLS } from "@/lib/analysis/bearoff-moves";
import { raceProbabilities } from "@/lib/analysis/bearoff-race";
import { homePosition } from "@/lib/analysis/bearoff-test-support";
import { type Dice, legalPlays, makePosition } from "@/lib/engine";
import { bearoffFilePath } from "@/server/analysis/bearoff-file";
import { mulberry32 } from "./bot/random";
import type { BenchResult } from "./bench-result";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function timed<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}

/** Operations per second of `work` over at least 500 ms, median of 5 runs. */
function perSecond(work: () => number): number {
  const rates: number[] = [];
  let sink = 0;
  for (let run = 0; run < 6; run++) {
    let n = 0;
    const start = performance.now();
    do n += work();
    while (performance.now() - start < 500);
    if (run > 0) rates.push((n / (performance.now() - start)) * 1000);
    sink += n;
  }
  if (sink < 0) throw new Error("bench-bearoff: impossible sink");
  return median(rates);
}

export function benchBearoff(): BenchResult {
  const builds: number[] = [];
  const cpuBuilds: number[] = [];
  for (let run = 0; run < 3; run++) {
    const cpu = process.cpuUsage();
    builds.push(timed(() => BearoffDatabase.build()).ms);
    const used = process.cpuUsage(cpu);
    cpuBuilds.push((used.user + used.system) / 1000);
  }
  const path = bearoffFilePath();
  const loads = Array.from({ length: 7 }, () => timed(() => BearoffDatabase.fromBytes(readFileSync(path))).ms);
  const db = BearoffDatabase.fromBytes(readFileSync(path));
  const size = readFileSync(path).byteLength;

  const random = mulberry32(2026);
  const boards = Array.from({ length: 4096 }, () => bearoffBoard(Math.floor(random() * BEAROFF_POSITIONS)));
  const races = boards.slice(0, 1024).map((home, i) => {
    const z = (a: number[]) => [...a, ...new Array<number>(19).fill(0)];
    const made = makePosition(z(home), z(boards[(i * 7 + 3) % boards.length] ?? home), "white");
    if (!made.ok) throw new Error(describeFailure(made));
    return made.value;
  });
  const means = perSecond(() => {
    let s = 0;
    for (const b of boards) s += db.expectedRolls(b);
    return s >= 0 ? boards.length : 0;
  });
  const dists = perSecond(() => {
    let s = 0;
    for (const b of boards) s += db.distribution(b).length;
    return s >= 0 ? boards.length : 0;
  });
  const raceRate = perSecond(() => {
    let s = 0;
    for (const pos of races) s += raceProbabilities(db, pos)?.win ?? 0;
    return s >= 0 ? races.length : 0;
  });

  const sample = boards.slice(0, 300);
  const engine = timed(() => {
    let n = 0;
    for (const home of sample) for (const [d1, d2] of ROLLS) n += legalPlays(homePosition(home), [d1, d2] as unknown as Dice).length;
    return n;
  });
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
  return {
    name: "bear-off database build",
    figure: median(builds) / 1000,
    unit: "s",
    details: {
      "build runs (s)": builds.map((ms) => (ms / 1000).toFixed(2)).join("/"),
      "build CPU (s)": cpuBuilds.map((ms) => (ms / 1000).toFixed(2)).join("/"),
      "file bytes": fmt(size),
      "load ms (median)": median(loads).toFixed(1),
      "expectedRolls/s": fmt(means),
      "distribution/s": fmt(dists),
      "raceProbabilities/s": fmt(raceRate),
      "all plays by legalPlays, est. (s)": ((engine.ms / sample.length) * BEAROFF_POSITIONS / 1000).toFixed(0),
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(benchBearoff(), null, 2)}\n`);
}
