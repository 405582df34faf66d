/**
 * `npx tsx scripts/strength/cube-judge.ts [--build] [--ply P] [--refine] [--set FILE] [--weights FILE] [--race-weights FILE|none] [--crashed-weights FILE|none] [--seed S] [--per-context N]`:
 * the engine's cube decisions judged by GNU Backgammon 2-ply, per cube decision.
 *
 * The set (--build writes it; scripts/gnubg/heldout.py, mode cube): positions before a roll from gnubg's own games of
 * the held-out build (its games.jsonl, seed S), in ten cube contexts — money with the cube centred, owned by the side
 * on roll at 2 and at 4, and match scores of 5, 7 and 9-point matches — N per context drawn from those gnubg's
 * 0-ply calls close (a double, or no double within 0.16 of doubling: the decisions gnubg's analysis counts), each with
 * gnubg's 2-ply cubeful equities.
 *
 * For each, the engine decides at ply P (0–3; cubeDecisionAtPly, as `bg cube --ply P` does; with --refine a close
 * decision is searched again at 3-ply, as the hard computer and `bg cube` without --ply decide:
 * CLOSE_CUBE_REFINEMENT), and both of its answers are priced with gnubg's equities: the doubler's (gnubg's best of no
 * double and the opponent's best answer, minus gnubg's equity for what the engine chose) and the taker's (gnubg's
 * equity for the engine's take or pass minus the better of the two for the taker). The figure is the mean over both
 * decisions, in mEMG.
 *
 * @example
 *   npx tsx scripts/strength/cube-judge.ts --build --seed 20261204   # the set, from /tmp/heldout-20261204/games.jsonl
 *   npx tsx scripts/strength/cube-judge.ts --ply 2
 *   npx tsx scripts/strength/cube-judge.ts --ply 2 --refine --set scripts/strength/fixtures/cube-20261205.jsonl
 */
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { decodePositionId } from "@/lib/engine";
import type { CubeContext } from "@/lib/analysis/cube-decision";
import { CLOSE_CUBE_REFINEMENT, cubeDecisionAtPly } from "@/lib/analysis/cubeful-search";
import type { Ply } from "@/lib/analysis/types";
import { strengthEvaluator } from "./engine-weights";
import { GNUBG } from "./gnubg-analyse";
import { standardError } from "./judge-summary";

const text = { type: "string" } as const;
const { values } = parseArgs({ options: { build: { type: "boolean" }, ply: text, refine: { type: "boolean" }, set: text, weights: text, "race-weights": text, "crashed-weights": text, seed: text, "per-context": text, json: text }, strict: true });
const seed = Number(values.seed ?? "20261204");
const setFile = values.set ?? path.join(import.meta.dirname, "fixtures", `cube-${seed}.jsonl`);

interface CubeRow {
  readonly pos: string;
  readonly class: string;
  readonly matchLength: number;
  readonly scoreOnRoll: number;
  readonly scoreOther: number;
  readonly cube: number;
  readonly cubeOwner: "centre" | "onRoll" | "other";
  readonly crawford: boolean;
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doublePass: number;
  readonly action: string;
}

if (values.build) {
  const games = `/tmp/heldout-${seed}/games.jsonl`;
  if (!existsSync(games)) throw new Error(`${games} is missing: run scripts/strength/heldout-build.ts --seed ${seed} first`);
  const positions = `/tmp/heldout-${seed}/cube-positions.txt`;
  const ids = new Set(readFileSync(games, "utf8").split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { pos: string }).pos));
  writeFileSync(positions, `${[...ids].join("\n")}\n`);
  const env = { HELDOUT_MODE: "cube", HELDOUT_IN: positions, HELDOUT_OUT: setFile, HELDOUT_SEED: String(seed), HELDOUT_PER_CONTEXT: values["per-context"] ?? "20" };
  spawnSync(GNUBG, ["-t", "-q", "-r", "-p", path.join(import.meta.dirname, "..", "gnubg", "heldout.py")], { env: { ...process.env, ...env }, encoding: "utf8" });
  process.stdout.write(`wrote ${readFileSync(setFile, "utf8").split("\n").filter(Boolean).length} cube positions to ${setFile}\n`);
  process.exit(0);
}

const ply = Number(values.ply ?? "2") as Ply;
if (![0, 1, 2, 3].includes(ply)) throw new Error(`--ply takes 0, 1, 2 or 3, got ${values.ply}`);
const refine = values.refine ? CLOSE_CUBE_REFINEMENT : undefined;
const evaluator = strengthEvaluator({ weights: values.weights, raceWeights: values["race-weights"], crashedWeights: values["crashed-weights"] });
const rows = readFileSync(setFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as CubeRow);

let doublerLoss = 0;
let takerLoss = 0;
let agreeDouble = 0;
let agreeTake = 0;
let equityError = 0;
const perPosition: number[] = [];
// gnubg's class of each position (contact, crashed, race, bearoff1, …): the figure per class says where it comes from.
const byClass = new Map<string, number[]>();
const times: number[] = [];
for (const row of rows) {
  const decoded = decodePositionId(row.pos, "white");
  if (!decoded.ok) throw new Error(`bad Position ID ${row.pos}`);
  const context: CubeContext = {
    matchLength: row.matchLength,
    score: { white: row.scoreOnRoll, black: row.scoreOther },
    cubeValue: row.cube,
    crawford: row.crawford,
    cubeOwner: row.cubeOwner === "centre" ? null : row.cubeOwner === "onRoll" ? "white" : "black",
    onRoll: "white",
  };
  const started = performance.now();
  const ours = cubeDecisionAtPly(decoded.value, context, { ply, evaluator, refine });
  times.push(performance.now() - started);
  const answered = Math.min(row.doubleTake, row.doublePass);
  const optimal = Math.max(row.noDouble, answered);
  const doubler = optimal - (ours.shouldDouble ? answered : row.noDouble);
  const taker = (ours.shouldTake ? row.doubleTake : row.doublePass) - answered;
  doublerLoss += doubler;
  takerLoss += taker;
  const decisionLoss = (1000 * (doubler + taker)) / 2;
  perPosition.push(decisionLoss);
  const ofClass = byClass.get(row.class) ?? [];
  ofClass.push(decisionLoss);
  byClass.set(row.class, ofClass);
  const gnubgDoubles = answered >= row.noDouble;
  if (ours.shouldDouble === gnubgDoubles) agreeDouble++;
  if (ours.shouldTake === row.doubleTake <= row.doublePass) agreeTake++;
  equityError += Math.abs(ours.equities.noDouble - row.noDouble) + Math.abs(ours.equities.doubleTake - row.doubleTake);
}
const n = rows.length;
const sorted = [...times].sort((a, b) => a - b);
const summary = {
  ply,
  refine: refine ?? null,
  positions: n,
  mEMGPerDecision: (1000 * (doublerLoss + takerLoss)) / (2 * n),
  // The figure's standard error over the positions: how far another set of the same size might put it.
  standardError: standardError(perPosition),
  doublerMEMG: (1000 * doublerLoss) / n,
  takerMEMG: (1000 * takerLoss) / n,
  agreement: { double: agreeDouble / n, take: agreeTake / n },
  equityErrorMeanAbsolute: (1000 * equityError) / (2 * n),
  mEMGByClass: Object.fromEntries([...byClass].map(([name, losses]) => [name, { positions: losses.length, mEMGPerDecision: losses.reduce((a, b) => a + b, 0) / losses.length }])),
  decisionMs: { median: sorted[Math.floor(n / 2)] ?? 0, p95: sorted[Math.floor(0.95 * n)] ?? 0 },
};
const f = (x: number) => x.toFixed(2);
process.stdout.write(
  `${ply}-ply${refine ? `, close decisions at ${refine.ply}-ply` : ""} cube on ${n} positions: ${f(summary.mEMGPerDecision)} ± ${f(summary.standardError)} mEMG per cube decision (doubler ${f(summary.doublerMEMG)}, taker ${f(summary.takerMEMG)}); ` +
    `agrees with gnubg on double ${(100 * summary.agreement.double).toFixed(0)} %, take ${(100 * summary.agreement.take).toFixed(0)} %; ` +
    `equity error ${f(summary.equityErrorMeanAbsolute)} mEMG; ${summary.decisionMs.median.toFixed(0)} ms median, ${summary.decisionMs.p95.toFixed(0)} ms p95\n` +
    `by gnubg's class: ${Object.entries(summary.mEMGByClass).map(([name, c]) => `${name} ${f(c.mEMGPerDecision)} (${c.positions})`).join(", ")}\n`,
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
