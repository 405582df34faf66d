/**
 * Contact, crashed and race: a position is a race when no checker of either side still has to pass an opposing
 * checker, so that no hit is possible any more. Both pubeval (which picks its weight set by it) and the evaluator ask
 * this. A contact position is crashed (GNU Backgammon's class, which has a network of its own there and here) when
 * one side has few checkers left in play: its game is no longer about priming and building but about surviving on
 * the last few checkers, which a network trained on ordinary contact values badly.
 *
 * @example
 *   isRace(initialPosition("white")); // false
 *   isCrashed(initialPosition("white")); // false
 */
import { type Position, opponentOf } from "../engine/types";

/** The side's farthest-back checker as its own point number (25 = bar), or 0 with no checker on the board. */
export function backChecker(board: readonly number[]): number {
  for (let i = 24; i >= 0; i--) if ((board[i] ?? 0) > 0) return i + 1;
  return 0;
}

/**
 * True when the sides have passed each other. A side's point p is the other side's 25 − p, so the two back checkers
 * are still to meet exactly when their point numbers add up to 25 or more.
 */
export function isRace(pos: Position): boolean {
  return backChecker(pos[pos.turn]) + backChecker(pos[opponentOf(pos.turn)]) <= 24;
}

/** How many checkers still in play a side may have (checkers stacked deep on its 1- and 2-point aside) to be crashed. */
const CRASHED_AT_MOST = 6;

/**
 * gnubg's rule for one side: at most six checkers on the board (the bar counts); or, with two or more on its 1-point,
 * at most six besides those — or besides those and all but one on its 2-point when that holds two or more too; with
 * at most one on its 1-point, checkers beyond the first on its 2-point are dead as well.
 */
function sideCrashed(board: readonly number[]): boolean {
  // Every case needs at most six checkers above the 2-point (the bar included): count those first and stop early, as
  // this runs for every play searched and most sides are far from crashed.
  let rest = 0;
  for (let i = 2; i < 25; i++) {
    rest += board[i] ?? 0;
    if (rest > CRASHED_AT_MOST) return false;
  }
  const onePoint = board[0] ?? 0;
  const twoPoint = board[1] ?? 0;
  const total = rest + onePoint + twoPoint;
  if (total <= CRASHED_AT_MOST) return true;
  if (onePoint > 1) return total - onePoint <= CRASHED_AT_MOST || (twoPoint > 1 && total - onePoint - twoPoint + 1 <= CRASHED_AT_MOST);
  return total - twoPoint + 1 <= CRASHED_AT_MOST;
}

/** gnubg's rule for either side alone, whether or not the sides are still in contact: isCrashed adds that they are. */
export function hasCrashedSide(pos: Position): boolean {
  return sideCrashed(pos.white) || sideCrashed(pos.black);
}

/** True for a contact position where either side is crashed (gnubg's CLASS_CRASHED). */
export function isCrashed(pos: Position): boolean {
  return !isRace(pos) && hasCrashedSide(pos);
}
