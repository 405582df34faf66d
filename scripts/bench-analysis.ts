/**
 * Benchmark of the analysis engine, on one core:
 * - 0-ply evaluations per second: the committed network through the Evaluator API (createEvaluator) on every
 *   position of a fixed sample (median of several half-second runs, by the wall clock and by this process's CPU time);
 * - time per move at 0, 1 and 2 ply: rankPlays for positions and rolls taken from seeded self-play games of the
 *   network (the positions a game reaches), median and p95 in milliseconds, by the wall clock and by CPU time (on a
 *   busy shared machine the wall clock also counts the time other processes had the core).
 *
 *   npx tsx scripts/bench-analysis.ts [--moves N]   (or `npm run bench -- analysis`)
 *
 * @example
 *   const { figure } = benchAnalysis(); // e.g. 150000 (evaluations/s)
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { type Dice, type Position, gameResult, initialPosition, legalPlays, passPlay } from "@/lib/engine";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { rankPlays } from "@/lib/analysis/search";
import type { Ply } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import type { BenchResult } from "./bench-result";
import { openingDice, rollDice, seededRandom } from "./strength/seeded-random";
import { throughputRuns } from "./throughput-runs";

const RUNS = 7;
const WARMUP = 2;
const RUN_MS = 500;

/** Positions (with the roll the side on roll got) from `games` self-play games of the network at 0-ply, seeded. */
function sampleMoves(games: number, seed: number): { pos: Position; dice: Dice }[] {
  const evaluator = createEvaluator({ bearoff: loadBearoffDatabase() });
  const random = seededRandom(seed);
  const out: { pos: Position; dice: Dice }[] = [];
  for (let g = 0; g < games; g++) {
    let pos = initialPosition(g % 2 === 0 ? "white" : "black");
    let dice = openingDice(random);
    while (gameResult(pos) === null) {
      if (legalPlays(pos, dice).length > 0) out.push({ pos, dice });
      pos = (rankPlays(pos, dice, { ply: 0, evaluator })[0]?.play ?? passPlay(pos)).result;
      dice = rollDice(random);
    }
  }
  return out;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Evaluations per second over RUNS runs (wall clock and CPU time), sorted. */
function evaluationRates(positions: readonly Position[]) {
  const evaluate = createEvaluator({ bearoff: loadBearoffDatabase() });
  return throughputRuns(positions, (pos) => evaluate(pos).win, { warmup: WARMUP, runs: RUNS, runMs: RUN_MS });
}

/** Milliseconds per move (rankPlays at `ply`) over `moves` by the wall clock and by this process's CPU time, sorted. */
function moveTimes(moves: readonly { pos: Position; dice: Dice }[], ply: Ply): { wall: number[]; cpu: number[] } {
  const evaluator = createEvaluator({ bearoff: loadBearoffDatabase() });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const { pos, dice } of moves) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    rankPlays(pos, dice, { ply, evaluator });
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

export function benchAnalysis(movesAtTwoPly = 200): BenchResult {
  const moves = sampleMoves(12, 2026);
  const positions = moves.flatMap(({ pos, dice }) => legalPlays(pos, dice).map((p) => p.result));
  const rates = evaluationRates(positions);
  const median = (xs: readonly number[]) => Math.round(percentile(xs, 0.5));
  const details: Record<string, number | string> = {
    positions: positions.length,
    runs: RUNS,
    minPerSecond: Math.round(rates.wall[0] as number),
    perCpuSecond: median(rates.cpu),
    goalPerSecond: 100_000,
  };
  // Every k-th move, so that the 2-ply sample spreads over whole games.
  const spread = (n: number) => moves.filter((_, i) => i % Math.max(1, Math.floor(moves.length / n)) === 0).slice(0, n);
  for (const [ply, n] of [[0, 400], [1, 400], [2, movesAtTwoPly]] as const) {
    const times = moveTimes(spread(n), ply);
    details[`ply${ply}Moves`] = times.wall.length;
    details[`ply${ply}MedianMs`] = Number(percentile(times.wall, 0.5).toFixed(2));
    details[`ply${ply}P95Ms`] = Number(percentile(times.wall, 0.95).toFixed(2));
    details[`ply${ply}CpuMedianMs`] = Number(percentile(times.cpu, 0.5).toFixed(2));
    details[`ply${ply}CpuP95Ms`] = Number(percentile(times.cpu, 0.95).toFixed(2));
  }
  return {
    name: "0-ply evaluations (createEvaluator) and time per move (rankPlays) at 0/1/2 ply",
    figure: median(rates.wall),
    unit: "evaluations/s",
    details,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { moves: { type: "string" } }, strict: true });
  const result = benchAnalysis(values.moves !== undefined ? Number(values.moves) : undefined);
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
