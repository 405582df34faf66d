/**
 * Benchmark of the rules engine: legal-play generation over the 500 positions of the gnubg fixture
 * (lib/engine/fixtures/gnubg-legal-moves.jsonl), in positions per second on one core. It calls generatePlays, not
 * legalPlays, so that no cache of recent positions' plays is measured. Each run
 * lasts at least half a second; the figure is the median of several runs after a warm-up. The goal is at least
 * 100,000 positions/s.
 * A second figure in the details also encodes every result's Position ID, as `bg legal --batch` does; a third checks
 * one play per position with validatePlay, as the match server does for every move it is sent (the last legal play
 * of each position, as a player would send it: from/to only).
 *
 *   npx tsx scripts/bench-engine.ts
 *
 * @example
 *   const { figure } = benchEngine(); // e.g. 120000 (positions/s)
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describeFailure } from "@/lib/engine/types";
import { type Dice, type Position, decodePositionId, encodePositionId, legalPlays, validatePlay } from "@/lib/engine";
import { generatePlays } from "@/lib/engine/move-generator";
import type { BenchResult } from "./bench-result";
import { throughputRuns } from "./throughput-runs";

const RUNS = 7;
const WARMUP = 2;
const RUN_MS = 500;

function loadCases(): { pos: Position; dice: Dice; expected: number }[] {
  const text = readFileSync(new URL("../lib/engine/fixtures/gnubg-legal-moves.jsonl", import.meta.url), "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const c = JSON.parse(line) as { pos: string; dice: [number, number]; results: string[] };
      const pos = decodePositionId(c.pos);
      if (!pos.ok) throw new Error(`bench-engine: bad fixture line ${line}`);
      return { pos: pos.value, dice: c.dice as unknown as Dice, expected: c.results.length };
    });
}

/** Positions per second over RUNS timed runs of `work` applied to every case, sorted: by the wall clock and by CPU time. */
function rates(cases: ReturnType<typeof loadCases>, work: (c: (typeof cases)[number]) => number) {
  return throughputRuns(cases, work, { warmup: WARMUP, runs: RUNS, runMs: RUN_MS });
}

const median = (xs: readonly number[]) => Math.round(xs[Math.floor(xs.length / 2)] as number);

export function benchEngine(): BenchResult {
  const cases = loadCases();
  for (const c of cases) {
    if (legalPlays(c.pos, c.dice).length !== c.expected) throw new Error("bench-engine: legalPlays disagrees with the fixture");
  }
  const plays = rates(cases, (c) => generatePlays(c.pos, c.dice).length);
  const withIds = rates(cases, (c) => {
    let n = 0;
    for (const p of generatePlays(c.pos, c.dice)) n += encodePositionId(p.result).length;
    return n;
  });
  const sent = new Map(cases.map((c) => [c, (legalPlays(c.pos, c.dice).at(-1)?.moves ?? []).map(({ from, to }) => ({ from, to }))]));
  const validated = rates(cases, (c) => {
    const checked = validatePlay(c.pos, c.dice, sent.get(c) ?? []);
    if (!checked.ok) throw new Error(`bench-engine: validatePlay refused a legal play: ${describeFailure(checked)}`);
    return checked.value.moves.length;
  });
  return {
    name: "legal-play generation (generatePlays) over the 500 gnubg fixture positions",
    figure: median(plays.wall),
    unit: "positions/s",
    details: {
      positions: cases.length,
      plays: cases.reduce((n, c) => n + c.expected, 0),
      runs: RUNS,
      minPerSecond: Math.round(plays.wall[0] as number),
      maxPerSecond: Math.round(plays.wall.at(-1) as number),
      perCpuSecond: median(plays.cpu),
      withPositionIdsPerSecond: median(withIds.wall),
      validatePlayPerSecond: median(validated.wall),
      validatePlayPerCpuSecond: median(validated.cpu),
      goalPerSecond: 100_000,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchEngine();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}
