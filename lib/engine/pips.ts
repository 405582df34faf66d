/**
 * Pip count: the total distance a side's checkers must travel to bear off (a checker on point p needs p pips, one on
 * the bar 25), as gnubg's PipCount computes it.
 *
 * @example
 *   pipCount(initialPosition("white"), "white"); // 167
 */

import type { Color, Position } from "./types";

export function pipCount(pos: Position, color: Color): number {
  const board = pos[color];
  let pips = 0;
  for (let i = 0; i < board.length; i++) pips += (board[i] ?? 0) * (i + 1);
  return pips;
}
