/**
 * Contact and race: a position is a race when no checker of either side still has to pass an opposing checker, so
 * that no hit is possible any more. Both pubeval (which picks its weight set by it) and the evaluator ask this.
 *
 * @example
 *   isRace(initialPosition("white")); // false
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
