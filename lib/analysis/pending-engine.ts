/**
 * TEMPORARY ADAPTER (issue 19, analysis helper): stand-ins with the API contract's names and signatures for the
 * pieces other helpers are landing on main (search.ts rankPlays/evaluateAtPly, match-equity.ts matchEquityOf,
 * cube-decision.ts cubeDecision, evaluator.ts createEvaluator). match-analysis.ts imports them from here only until
 * the real modules are merged; then this file is deleted and the imports point at the real ones.
 *
 * @example
 *   rankPlays(pos, [3, 1], { ply: 0, evaluator: createEvaluator() })[0]?.play.notation;
 */
import { legalPlays, passPlay } from "../engine/moves";
import { pipCount } from "../engine/pips";
import { gameResult } from "../engine/position";
import type { Color, Dice, DieValue, LegalPlay, Position } from "../engine/types";
import { cubelessMoneyEquity, invertProbabilities, type EquityOf, type Evaluator, type Ply, type Probabilities } from "./types";

export interface SearchOptions {
  readonly ply: Ply;
  readonly evaluator: Evaluator;
  readonly equityOf?: EquityOf;
}

export interface RankedPlay {
  readonly play: LegalPlay;
  readonly probabilities: Probabilities;
  readonly equity: number;
}

export interface MatchContext {
  readonly matchLength: number;
  readonly score: Readonly<Record<Color, number>>;
  readonly cubeValue: number;
  readonly crawford: boolean;
}

export interface CubeContext extends MatchContext {
  readonly cubeOwner: Color | null;
  readonly onRoll: Color;
}

export interface CubeDecision {
  readonly shouldDouble: boolean;
  readonly shouldTake: boolean;
  readonly tooGood: boolean;
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doublePass: number };
}

const ROLLS: { dice: Dice; weight: number }[] = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) ROLLS.push({ dice: [a as DieValue, b as DieValue], weight: a === b ? 1 / 36 : 2 / 36 });

/** Exact at game end, else a crude pip-race guess: only so the analysis can run before the real evaluator lands. */
export function createEvaluator(): Evaluator {
  return (pos) => {
    const over = gameResult(pos);
    if (over) {
      const won = over.winner === pos.turn;
      const g = over.kind !== "single" ? 1 : 0;
      const bg = over.kind === "backgammon" ? 1 : 0;
      return won ? { win: 1, winGammon: g, winBackgammon: bg, loseGammon: 0, loseBackgammon: 0 } : { win: 0, winGammon: 0, winBackgammon: 0, loseGammon: g, loseBackgammon: bg };
    }
    const lead = pipCount(pos, opponentColor(pos.turn)) - pipCount(pos, pos.turn) + 8;
    const win = 1 / (1 + Math.exp(-lead / 12));
    return { win, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 };
  };
}

function opponentColor(c: Color): Color {
  return c === "white" ? "black" : "white";
}

export function evaluateAtPly(pos: Position, options: SearchOptions): Probabilities {
  if (options.ply === 0 || gameResult(pos)) return options.evaluator(pos);
  const sums = { win: 0, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 };
  for (const { dice, weight } of ROLLS) {
    const best = rankPlays(pos, dice, { ...options, ply: (options.ply - 1) as Ply })[0];
    const p = best?.probabilities ?? invertProbabilities(options.evaluator(passPlay(pos).result));
    for (const k of Object.keys(sums) as (keyof Probabilities)[]) sums[k] += weight * p[k];
  }
  return sums;
}

export function rankPlays(pos: Position, dice: Dice, options: SearchOptions): RankedPlay[] {
  const equityOf = options.equityOf ?? ((p: Probabilities) => cubelessMoneyEquity(p));
  const ranked = legalPlays(pos, dice).map((play) => {
    const probabilities = invertProbabilities(evaluateAtPly(play.result, options));
    return { play, probabilities, equity: equityOf(probabilities, pos.turn) };
  });
  return ranked.sort((a, b) => b.equity - a.equity);
}

export function matchEquityOf(_context: MatchContext): EquityOf {
  return (p) => cubelessMoneyEquity(p);
}

/** Money, dead cube: no double = E, double/take = 2E, double/pass = 1. */
export function cubeDecision(p: Probabilities, _context: CubeContext): CubeDecision {
  const e = cubelessMoneyEquity(p);
  const equities = { noDouble: e, doubleTake: 2 * e, doublePass: 1 };
  const shouldTake = equities.doubleTake <= equities.doublePass;
  return { shouldDouble: Math.min(equities.doubleTake, 1) > e, shouldTake, tooGood: e > 1, equities };
}
