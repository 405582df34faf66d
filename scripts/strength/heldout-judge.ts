/**
 * `npx tsx scripts/strength/heldout-judge.ts --ply P [--set FILE] [--weights FILE] [--race-weights FILE|none] [--crashed-weights FILE|none] [--marks]
 * [--limit N] [--json FILE]`:
 * the engine's checker play on the held-out set (heldout-build.ts), judged by GNU Backgammon's 2-ply values.
 *
 * For each position the engine ranks the plays as `bg best` does (rankPlays at ply P with the networks and the exact
 * bear-off database: engine-weights.ts) and its first play is looked up in gnubg's values:
 * - loss: gnubg's best play's equity minus gnubg's equity of the engine's play, in thousandths (mEMG), averaged over
 *   positions; contact, race and bear-off apart.
 * - equity error: |the engine's equity for its play − gnubg's for the same play|, mean absolute (the review's marks
 *   are differences of such equities).
 * - with --marks, every play gnubg puts within 0.4 of its best is also valued by the engine at the full ply, as the
 *   review values a play made, and marked "bad or worse" (a loss ≥ 0.08, gnubg's SKILL_BAD) by each side: precision
 *   and recall of the engine's marks against gnubg's.
 * - time: wall time per decision (rankPlays), median and p95.
 *
 * @example
 *   npx tsx scripts/strength/heldout-judge.ts --ply 2
 *   // 2-ply: 4.81 mEMG per position (contact 6.2, race 4.1, bear-off 0.0) …
 */
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { decodePositionId, encodePositionId } from "@/lib/engine";
import { evaluateAtPly, rankPlays } from "@/lib/analysis/search";
import { type Ply, cubelessMoneyEquity, invertProbabilities } from "@/lib/analysis/types";
import { COMMITTED_WEIGHTS, strengthEvaluator } from "./engine-weights";
import { type HeldoutGroup, REPORTING_SET, readHeldoutSet } from "./heldout-set";
import { standardError } from "./judge-summary";

const BAD = 0.08;
const MARK_WINDOW = 0.4;

const text = { type: "string" } as const;
const { values } = parseArgs({ options: { ply: text, set: text, weights: text, "race-weights": text, "crashed-weights": text, marks: { type: "boolean" }, limit: text, json: text }, strict: true });
const ply = Number(values.ply ?? "2") as Ply;
const weightsFile = values.weights ?? COMMITTED_WEIGHTS;
const set = readHeldoutSet(values.set ?? REPORTING_SET).slice(0, values.limit ? Number(values.limit) : undefined);
const evaluator = strengthEvaluator({ weights: weightsFile, raceWeights: values["race-weights"], crashedWeights: values["crashed-weights"] });
const search = { ply, evaluator };

const losses: Record<HeldoutGroup | "all", number[]> = { all: [], contact: [], race: [], bearoff: [] };
const equityErrors: Record<HeldoutGroup | "all", number[]> = { all: [], contact: [], race: [], bearoff: [] };
// gnubg's crashed class apart (it is inside "contact"): the positions the crashed network answers.
const crashedErrors: number[] = [];
const crashedLosses: number[] = [];
const times: number[] = [];
const marks = { both: 0, engineOnly: 0, gnubgOnly: 0, plays: 0 };

for (const [i, item] of set.entries()) {
  const decoded = decodePositionId(item.pos, "white");
  if (!decoded.ok) throw new Error(`bad Position ID in the set: ${item.pos}`);
  const pos = decoded.value;
  const gnubg = new Map(item.plays.map((p) => [p.result, p.equity]));
  const gnubgBest = item.plays[0]?.equity ?? 0;
  const started = performance.now();
  const ranked = rankPlays(pos, item.dice, search);
  times.push(performance.now() - started);
  const chosen = ranked[0];
  if (!chosen) throw new Error(`no play for ${item.pos}`);
  const chosenEquity = gnubg.get(encodePositionId(chosen.play.result));
  if (chosenEquity === undefined) throw new Error(`the engine's play ${chosen.play.notation} is not in the set for ${item.pos}`);
  const loss = 1000 * (gnubgBest - chosenEquity);
  losses.all.push(loss);
  losses[item.group].push(loss);
  const equityError = Math.abs(chosen.equity - chosenEquity);
  equityErrors.all.push(equityError);
  equityErrors[item.group].push(equityError);
  if (item.gnubgClass === "crashed") {
    crashedErrors.push(equityError);
    crashedLosses.push(loss);
  }
  if (values.marks) {
    const full = new Map<string, number>();
    for (const r of ranked) if (r.ply === ply) full.set(encodePositionId(r.play.result), r.equity);
    const ours = (result: string): number => {
      const known = full.get(result);
      if (known !== undefined) return known;
      const after = decodePositionId(result, "white");
      if (!after.ok) throw new Error("unreachable: the set's own ID");
      // Kept: the loop below asks again for every play the best was picked from, each a full-depth search.
      const equity = cubelessMoneyEquity(invertProbabilities(evaluateAtPly(after.value, search)));
      full.set(result, equity);
      return equity;
    };
    const ourBest = Math.max(chosen.equity, ...item.plays.filter((p) => gnubgBest - p.equity <= MARK_WINDOW).map((p) => ours(p.result)));
    for (const p of item.plays) {
      if (gnubgBest - p.equity > MARK_WINDOW) continue;
      const engineBad = ourBest - ours(p.result) >= BAD;
      const gnubgBad = gnubgBest - p.equity >= BAD;
      marks.plays++;
      if (engineBad && gnubgBad) marks.both++;
      else if (engineBad) marks.engineOnly++;
      else if (gnubgBad) marks.gnubgOnly++;
    }
  }
  if ((i + 1) % 50 === 0) process.stderr.write(`${i + 1}/${set.length}\n`);
}

const mean = (a: readonly number[]) => (a.length === 0 ? 0 : a.reduce((s, x) => s + x, 0) / a.length);
const quantile = (a: readonly number[], q: number) => {
  const sorted = [...a].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const summary = {
  ply,
  weights: path.relative(process.cwd(), weightsFile),
  positions: set.length,
  mEMGPerPosition: { all: mean(losses.all), contact: mean(losses.contact), race: mean(losses.race), bearoff: mean(losses.bearoff) },
  // Standard errors over the positions: how far another set of the same size might put each figure.
  standardError: { loss: standardError(losses.all), equityError: standardError(equityErrors.all) * 1000 },
  counts: { contact: losses.contact.length, race: losses.race.length, bearoff: losses.bearoff.length },
  equityErrorMeanAbsolute: mean(equityErrors.all) * 1000,
  equityErrorByGroup: { contact: mean(equityErrors.contact) * 1000, race: mean(equityErrors.race) * 1000, bearoff: mean(equityErrors.bearoff) * 1000 },
  crashed: { positions: crashedErrors.length, mEMGPerPosition: mean(crashedLosses), equityError: mean(crashedErrors) * 1000 },
  decisionMs: { median: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times) },
  marks: values.marks
    ? { plays: marks.plays, precision: marks.both / Math.max(1, marks.both + marks.engineOnly), recall: marks.both / Math.max(1, marks.both + marks.gnubgOnly) }
    : null,
};
const f = (x: number) => x.toFixed(2);
process.stdout.write(
  `${ply}-ply on ${set.length} positions: ${f(summary.mEMGPerPosition.all)} ± ${f(summary.standardError.loss)} mEMG per position (contact ${f(summary.mEMGPerPosition.contact)}, ` +
    `race ${f(summary.mEMGPerPosition.race)}, bear-off ${f(summary.mEMGPerPosition.bearoff)}); equity error ${f(summary.equityErrorMeanAbsolute)} ± ${f(summary.standardError.equityError)} mEMG ` +
    `(contact ${f(summary.equityErrorByGroup.contact)}, race ${f(summary.equityErrorByGroup.race)}, bear-off ${f(summary.equityErrorByGroup.bearoff)}); ` +
    `crashed (${summary.crashed.positions} of the contact positions) ${f(summary.crashed.mEMGPerPosition)} mEMG, equity error ${f(summary.crashed.equityError)}; ` +
    `decision ${summary.decisionMs.median.toFixed(0)} ms median, ${summary.decisionMs.p95.toFixed(0)} ms p95` +
    (summary.marks ? `; bad-or-worse marks precision ${f(summary.marks.precision)}, recall ${f(summary.marks.recall)} over ${summary.marks.plays} plays` : "") +
    "\n",
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
