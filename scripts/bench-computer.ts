/**
 * `npm run bench:computer`: how long the computer takes to decide, at each level, through the engine worker pool
 * exactly as the match server asks it (`EnginePool.run({ kind: "choose-action", … })`: structured clone to the
 * worker thread, the search, the answer back). The positions are the decisions of self-play matches (7 points, so
 * the cube is live) played by the easy computer with seeded dice: the turn starts where the cube is live (double or
 * roll), the plays with more than one legal choice, and the doubles to take or drop. Prints the median, p95 and
 * maximum per level, for all decisions and for checker plays alone, as a table for docs/benchmarks.md: the wall time
 * the server would wait, and the CPU time the process used meanwhile — the worker's, since this thread only waits —
 * which a machine shared with other work inflates far less than the wall time.
 *
 *   npm run bench:computer                  # 200 positions, every level
 *   npm run bench:computer -- --positions 300 --levels hard --seed 7
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { describeFailure } from "@/lib/engine/types";
import { chooseComputerAction, COMPUTER_LEVELS, LEVEL_PLY, type ComputerLevel } from "@/lib/analysis/computer-player";
import { refinementAt } from "@/lib/analysis/cubeful-search";
import { createEngineEvaluator } from "@/server/engine/engine-evaluator";
import { apply } from "@/lib/engine/match";
import { newMatch, type MatchAction, type MatchState } from "@/lib/engine/match-state";
import { currentLegalPlays } from "@/lib/engine/match-queries";
import type { Color, Dice, DieValue } from "@/lib/engine/types";
import { EnginePool } from "@/server/engine/engine-pool";
import { mulberry32 } from "./bot/random";

const { values } = parseArgs({
  options: {
    positions: { type: "string", default: "200" },
    levels: { type: "string", default: COMPUTER_LEVELS.join(",") },
    seed: { type: "string", default: "20261202" },
  },
});
const wanted = Number(values.positions);
const levels = values.levels.split(",").filter((level): level is ComputerLevel => (COMPUTER_LEVELS as readonly string[]).includes(level));
const random = mulberry32(Number(values.seed));

interface Decision {
  readonly state: MatchState;
  readonly color: Color;
  readonly kind: "cube" | "play" | "take";
}

/** Decisions from self-play by the easy computer, until there are `count` of them. */
function collectDecisions(count: number): Decision[] {
  const evaluator = createEngineEvaluator();
  const die = (): DieValue => (1 + Math.floor(random() * 6)) as DieValue;
  const decisions: Decision[] = [];
  while (decisions.length < count) {
    let state = newMatch({ matchLength: 7 });
    for (let step = 0; step < 2000 && state.phase !== "match-over" && decisions.length < count; step++) {
      let action: MatchAction;
      if (state.phase === "opening") action = { type: "opening-roll", dice: [die(), die()] };
      else {
        const color = state.turn as Color;
        if (state.phase === "double-offered") decisions.push({ state, color, kind: "take" });
        else if (state.phase === "turn-start" && state.pendingResign === null && state.matchLength - state.score[color] > state.cube.value && state.cube.owner !== (color === "white" ? "black" : "white") && !state.crawford) {
          decisions.push({ state, color, kind: "cube" });
        } else if (state.phase === "moving" && currentLegalPlays(state).length > 1) decisions.push({ state, color, kind: "play" });
        const chosen = chooseComputerAction(state, color, "easy", { evaluator });
        if (chosen === null) action = { type: "move", player: color, moves: [] };
        else action = chosen.type === "roll" ? { ...chosen, dice: [die(), die()] as Dice } : chosen;
      }
      const next = apply(state, action);
      if (!next.ok) throw new Error(`self-play: ${describeFailure(next)}`);
      state = next.value;
    }
  }
  return decisions;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  return `${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1) ?? NaN)}`;
}

const decisions = collectDecisions(wanted);
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(`Node ${process.version} on ${os.cpus().length} × ${cpu}, ${new Date().toISOString().slice(0, 10)}\n`);
process.stdout.write(
  `${decisions.length} decisions from self-play (seed ${values.seed}): ${decisions.filter((d) => d.kind === "play").length} plays, ` +
    `${decisions.filter((d) => d.kind === "cube").length} turn starts with a live cube, ${decisions.filter((d) => d.kind === "take").length} takes/drops\n\n`,
);
process.stdout.write(`load average at the start: ${os.loadavg().map((l) => l.toFixed(1)).join(", ")}\n\n`);
process.stdout.write("| level (ply: play/cube) | decisions | wall median | wall p95 | wall max | CPU median | CPU p95 | CPU max |\n|---|---|---|---|---|---|---|---|\n");
for (const level of levels) {
  const pool = new EnginePool({ size: 1 });
  // The first task starts the worker and builds its evaluator (and loads the bear-off database): timed apart.
  const coldStart = performance.now();
  await pool.run({ kind: "choose-action", state: decisions[0]!.state, color: decisions[0]!.color, level });
  const cold = performance.now() - coldStart;
  const all: number[] = [];
  const plays: number[] = [];
  const cpuAll: number[] = [];
  const cpuPlays: number[] = [];
  for (const decision of decisions) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await pool.run({ kind: "choose-action", state: decision.state, color: decision.color, level });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    all.push(ms);
    cpuAll.push(cpuMs);
    if (decision.kind === "play") {
      plays.push(ms);
      cpuPlays.push(cpuMs);
    }
  }
  await pool.close();
  const { play, cube } = LEVEL_PLY[level];
  const refine = refinementAt(cube);
  const plies = `${play}/${cube}${refine ? `, close cube ${refine.ply}` : ""}`;
  process.stdout.write(`| ${level} (${plies}), every decision | ${summary(all)} | ${summary(cpuAll).split(" | ").slice(1).join(" | ")} |\n`);
  process.stdout.write(`| ${level} (${plies}), checker plays | ${summary(plays)} | ${summary(cpuPlays).split(" | ").slice(1).join(" | ")} |\n`);
  process.stderr.write(`${level}: worker start and first decision ${Math.round(cold)} ms\n`);
}
