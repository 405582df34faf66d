/**
 * Expectiminimax search over the 21 distinct rolls: the value of a position at ply n is the average, over the rolls
 * (each double weighted 1/36, each other roll 2/36), of the value after the best play of the side on roll; ply 0 is
 * the evaluator.
 *
 * Two ways of cutting the tree, both GNU Backgammon's:
 * - Inside evaluateAtPly the side on roll picks its play for each roll at 0-ply, and only the chosen play is looked
 *   at deeper (gnubg's EvaluatePositionFull does the same): one deep evaluation per roll instead of one per play.
 * - rankPlays filters the plays stage by stage (gnubg's move filters): every play is valued at 0-ply; at 1-ply and
 *   above only the best MOVE_FILTERS[0].keep plays within MOVE_FILTERS[0].within of the best (in equity) go on to
 *   1-ply; at 2-ply only the best MOVE_FILTERS[1].keep of those within MOVE_FILTERS[1].within go on to 2-ply, and
 *   at 3-ply MOVE_FILTERS[2] chooses among those the same way. Plays cut at a stage keep the value of the last stage
 *   they reached and rank after the plays that went further (each RankedPlay says its ply), as in gnubg's move list.
 *
 * @example
 *   const evaluator = createEvaluator();
 *   rankPlays(initialPosition("white"), [3, 1], { ply: 1, evaluator })[0]?.play.notation; // "8/5 6/5"
 *   evaluateAtPly(initialPosition("white"), { ply: 1, evaluator }).win; // ≈ 0.52
 */
import { legalPlays } from "../engine/moves";
import { gameResult, swapTurn } from "../engine/position";
import type { Dice, DieValue, LegalPlay, Position } from "../engine/types";
import { type EquityOf, type Evaluator, type Ply, type Probabilities, cubelessMoneyEquity, invertProbabilities } from "./types";

export interface SearchOptions {
  readonly ply: Ply;
  readonly evaluator: BatchEvaluator;
  /** How the mover compares plays; cubeless money equity by default, match equity in a match. */
  readonly equityOf?: EquityOf;
}

export interface RankedPlay {
  readonly play: LegalPlay;
  /** For the mover (pos.turn) after the play, before the opponent rolls. */
  readonly probabilities: Probabilities;
  /** equityOf(probabilities, mover). */
  readonly equity: number;
  /** The depth this play was valued at (lower than asked when a move filter cut it). */
  readonly ply: Ply;
}

/**
 * An Evaluator that can also value all the plays of one roll at once: `evaluateResults(pos, plays)` returns, for play k,
 * the five probabilities of its result for the side on roll in it (the opponent of pos.turn) at [5k..5k+4], the same
 * numbers as evaluating each result alone; the array is reused by the next call. The network's evaluator has it
 * (it computes the plays incrementally, several times faster); search falls back to one call per play without it.
 */
export interface BatchEvaluator extends Evaluator {
  readonly evaluateResults?: (pos: Position, plays: readonly LegalPlay[]) => Float64Array;
}

/** A move filter stage: keep at most `keep` plays, and only those within `within` equity of the best. */
export interface MoveFilter {
  readonly keep: number;
  readonly within: number;
}

/**
 * gnubg's default filter for its 2-ply checker play keeps 8 plays within 0.16 after 0-ply; we add a 1-ply stage
 * before 2-ply that keeps 3 within 0.06 (gnubg's 3-ply filter keeps 2 within 0.04 there), so that 2-ply costs three
 * 2-ply evaluations instead of eight and answers well inside the computer's 2-second budget. 3-ply keeps the same
 * three after 2-ply (the figures in docs/benchmarks.md were measured with it).
 */
export const MOVE_FILTERS: readonly MoveFilter[] = [
  { keep: 8, within: 0.16 },
  { keep: 3, within: 0.06 },
  { keep: 3, within: 0.06 },
];

/** The 21 distinct rolls and their weights out of 36. */
export const ROLLS: readonly { readonly dice: Dice; readonly weight: number }[] = (() => {
  const rolls: { dice: Dice; weight: number }[] = [];
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) rolls.push({ dice: [a as DieValue, b as DieValue], weight: a === b ? 1 : 2 });
  }
  return rolls;
})();

const moneyEquity: EquityOf = (p) => cubelessMoneyEquity(p);

/** The probabilities for the mover after `play`, `ply` deep. */
function valueOfPlay(play: LegalPlay, ply: Ply, evaluator: Evaluator, equityOf: EquityOf | undefined): Probabilities {
  return invertProbabilities(evaluateAtPly(play.result, equityOf ? { ply, evaluator, equityOf } : { ply, evaluator }));
}

/** The probabilities at [5k..5k+4] of `values` (for the side on roll after play k), turned to the mover's view. */
function moverProbabilities(values: Float64Array, k: number): Probabilities {
  const at = 5 * k;
  return {
    win: 1 - (values[at] as number),
    winGammon: values[at + 3] as number,
    winBackgammon: values[at + 4] as number,
    loseGammon: values[at + 1] as number,
    loseBackgammon: values[at + 2] as number,
  };
}

/** Every play's 0-ply probabilities for the mover, in the order of `plays`. */
function zeroPlyValues(pos: Position, plays: readonly LegalPlay[], evaluator: BatchEvaluator): Probabilities[] {
  if (evaluator.evaluateResults) {
    const values = evaluator.evaluateResults(pos, plays);
    return plays.map((_, k) => moverProbabilities(values, k));
  }
  return plays.map((play) => invertProbabilities(evaluator(play.result)));
}

/** A play chosen at 0-ply and the 0-ply probabilities of its result for the side on roll there (the opponent). */
export interface ZeroPlyChoice {
  readonly play: LegalPlay;
  readonly theirs: Probabilities;
}

/** The five probabilities at [5k..5k+4] of a batch (for the side on roll after play k), as they are. */
function theirProbabilities(v: Float64Array, k: number): Probabilities {
  const at = 5 * k;
  return { win: v[at] as number, winGammon: v[at + 1] as number, winBackgammon: v[at + 2] as number, loseGammon: v[at + 3] as number, loseBackgammon: v[at + 4] as number };
}

/**
 * The play the mover picks at 0-ply for a roll (the first of equal ones, in generation order), with its result's
 * probabilities, or null when the roll cannot be played. The probabilities come from the same evaluation that chose
 * the play, so a search one ply from its leaves does not evaluate the chosen result a second time.
 */
function choiceAtZeroPly(pos: Position, plays: readonly LegalPlay[], evaluator: BatchEvaluator, equityOf: EquityOf | undefined): ZeroPlyChoice | null {
  let best = -1;
  let bestEquity = -Infinity;
  if (evaluator.evaluateResults && !equityOf) {
    // Money equity straight from the array, without building objects: the hot loop of 1- and 2-ply search.
    const v = evaluator.evaluateResults(pos, plays);
    for (let k = 0; k < plays.length; k++) {
      const at = 5 * k;
      const theirs = 2 * (v[at] as number) - 1 + (v[at + 1] as number) - (v[at + 3] as number) + (v[at + 2] as number) - (v[at + 4] as number);
      if (-theirs > bestEquity) {
        bestEquity = -theirs;
        best = k;
      }
    }
    return best < 0 ? null : { play: plays[best] as LegalPlay, theirs: theirProbabilities(v, best) };
  }
  if (evaluator.evaluateResults && equityOf?.weights) {
    // Match equity is a weighted sum too: the same loop with the score's weights, for the mover.
    const [c, wWin, wWg, wWbg, wLg, wLbg] = equityOf.weights(pos.turn) as [number, number, number, number, number, number];
    const v = evaluator.evaluateResults(pos, plays);
    for (let k = 0; k < plays.length; k++) {
      const at = 5 * k;
      // The array is for the opponent, on roll after the play: the mover wins what it loses.
      const mine = c + wWin * (1 - (v[at] as number)) + wWg * (v[at + 3] as number) + wWbg * (v[at + 4] as number) + wLg * (v[at + 1] as number) + wLbg * (v[at + 2] as number);
      if (mine > bestEquity) {
        bestEquity = mine;
        best = k;
      }
    }
    return best < 0 ? null : { play: plays[best] as LegalPlay, theirs: theirProbabilities(v, best) };
  }
  const values = zeroPlyValues(pos, plays, evaluator);
  for (let k = 0; k < plays.length; k++) {
    const equity = (equityOf ?? moneyEquity)(values[k] as Probabilities, pos.turn);
    if (equity > bestEquity) {
      bestEquity = equity;
      best = k;
    }
  }
  return best < 0 ? null : { play: plays[best] as LegalPlay, theirs: invertProbabilities(values[best] as Probabilities) };
}

/**
 * The play pos.turn makes with `dice` inside a search (the best at 0-ply by cubeless money equity) and its result's
 * 0-ply probabilities, or null when the roll cannot be played: cubeful-search.ts walks the same tree as evaluateAtPly.
 */
export function searchChoice(pos: Position, dice: Dice, evaluator: BatchEvaluator): ZeroPlyChoice | null {
  return choiceAtZeroPly(pos, legalPlays(pos, dice), evaluator, undefined);
}

/** The play pos.turn makes with `dice` inside a search (searchChoice's play), or null when the roll cannot be played. */
export function searchPlay(pos: Position, dice: Dice, evaluator: BatchEvaluator): LegalPlay | null {
  return searchChoice(pos, dice, evaluator)?.play ?? null;
}

/** Cubeless probabilities for pos.turn, on roll and before rolling, `options.ply` deep. Exact when the game is over. */
export function evaluateAtPly(pos: Position, options: SearchOptions): Probabilities {
  const { ply, evaluator, equityOf } = options;
  if (ply === 0 || gameResult(pos) !== null) return evaluator(pos);
  const deeper = (ply - 1) as Ply;
  let win = 0;
  let winGammon = 0;
  let winBackgammon = 0;
  let loseGammon = 0;
  let loseBackgammon = 0;
  for (const { dice, weight } of ROLLS) {
    const chosen = choiceAtZeroPly(pos, legalPlays(pos, dice), evaluator, equityOf);
    // One ply from the leaves the chosen result's value is the one it was chosen by.
    const theirs = chosen && deeper === 0 ? chosen.theirs : evaluateAtPly(chosen ? chosen.play.result : swapTurn(pos), { ply: deeper, evaluator, equityOf });
    const p = invertProbabilities(theirs);
    win += weight * p.win;
    winGammon += weight * p.winGammon;
    winBackgammon += weight * p.winBackgammon;
    loseGammon += weight * p.loseGammon;
    loseBackgammon += weight * p.loseBackgammon;
  }
  return { win: win / 36, winGammon: winGammon / 36, winBackgammon: winBackgammon / 36, loseGammon: loseGammon / 36, loseBackgammon: loseBackgammon / 36 };
}

function byEquity(a: RankedPlay, b: RankedPlay): number {
  return b.equity - a.equity;
}

/**
 * Every legal play for pos.turn with `dice`, best first, valued `options.ply` deep after the move filters (see the
 * module doc); [] when the roll cannot be played. Ties keep gnubg's generation order.
 */
export function rankPlays(pos: Position, dice: Dice, options: SearchOptions): RankedPlay[] {
  const { ply, evaluator } = options;
  const equityOf = options.equityOf ?? moneyEquity;
  const mover = pos.turn;
  const rank = (play: LegalPlay, depth: Ply): RankedPlay => {
    const probabilities = valueOfPlay(play, depth, evaluator, options.equityOf);
    return { play, probabilities, equity: equityOf(probabilities, mover), ply: depth };
  };
  const plays = legalPlays(pos, dice);
  const zeroPly = zeroPlyValues(pos, plays, evaluator);
  let ranked = plays.map((play, k): RankedPlay => {
    const probabilities = zeroPly[k] as Probabilities;
    return { play, probabilities, equity: equityOf(probabilities, mover), ply: 0 };
  });
  ranked.sort(byEquity);
  for (let depth = 1; depth <= ply; depth++) {
    const filter = MOVE_FILTERS[depth - 1];
    const best = ranked[0];
    if (!best || !filter) break;
    let kept = 1;
    while (kept < Math.min(filter.keep, ranked.length) && best.equity - (ranked[kept] as RankedPlay).equity <= filter.within) kept++;
    const deeper = ranked.slice(0, kept).map((r) => rank(r.play, depth as Ply));
    deeper.sort(byEquity);
    ranked = [...deeper, ...ranked.slice(kept)];
  }
  return ranked;
}
