/**
 * The vocabulary of the analysis engine (bear-off database, evaluator, search, match equity, cube).
 *
 * Probabilities are cubeless and always from the point of view of the side on roll in the position they describe
 * (`pos.turn`, about to roll), in GNU Backgammon's five outputs. Gammon figures include backgammons.
 *
 * @example
 *   const p = evaluate(initialPosition("white")); // white on roll
 *   cubelessMoneyEquity(p);                        // ≈ +0.05 for the side on roll
 *   invertProbabilities(p);                         // the same game from black's point of view
 */
import type { Color, Position } from "../engine/types";

export interface Probabilities {
  /** P(the side on roll wins), any kind of win. */
  readonly win: number;
  /** P(wins a gammon or a backgammon). */
  readonly winGammon: number;
  /** P(wins a backgammon). */
  readonly winBackgammon: number;
  /** P(loses a gammon or a backgammon). */
  readonly loseGammon: number;
  /** P(loses a backgammon). */
  readonly loseBackgammon: number;
}

/** A cubeless evaluation of a position for its side on roll. */
export type Evaluator = (pos: Position) => Probabilities;

/**
 * The equity a side would pick plays by: money cubeless equity by default, match equity (from a match equity table)
 * in match play. `color` is the side the probabilities belong to (its score decides in match play).
 */
export type EquityOf = ((p: Probabilities, color: Color) => number) & {
  /**
   * When the equity is a weighted sum of the five probabilities (money and match equity both are): its constant and
   * weights for `color`, [c, win, winGammon, winBackgammon, loseGammon, loseBackgammon], so that search can compare
   * plays straight from the evaluator's arrays.
   */
  readonly weights?: (color: Color) => readonly number[];
};

/**
 * Search depth: 0 = the evaluator alone, 1 to 3 = expectiminimax over the 21 rolls below it. The computers play at
 * 0–2 (close cube decisions at 3: cubeful-search.ts); 3 (seconds for a contact play, 21 times 2-ply) is also the deep
 * analysis of the review and the board, in the analysis workers, and the command line's deepest search.
 */
export type Ply = 0 | 1 | 2 | 3;

/** Cubeless money equity per unit of stake: wins minus losses, gammons and backgammons counting extra points. */
export function cubelessMoneyEquity(p: Probabilities): number {
  return 2 * p.win - 1 + p.winGammon - p.loseGammon + p.winBackgammon - p.loseBackgammon;
}

/** The same probabilities from the other side's point of view. */
export function invertProbabilities(p: Probabilities): Probabilities {
  return {
    win: 1 - p.win,
    winGammon: p.loseGammon,
    winBackgammon: p.loseBackgammon,
    loseGammon: p.winGammon,
    loseBackgammon: p.winBackgammon,
  };
}
