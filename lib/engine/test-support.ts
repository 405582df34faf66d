/**
 * Helpers shared by the engine's tests: building positions from point lists and reading the gnubg fixtures.
 *
 * @example
 *   const pos = positionFromPoints({ 24: 1, 1: 14 }, { 15: 2 }); // white on roll, black holds white's 15 point
 */

import { makePosition } from "./position";
import type { Color, Position } from "./types";

/** A side's 25 counts from { point: count } in that side's own numbering; point 25 is the bar. */
export function side(points: Readonly<Record<number, number>>): number[] {
  const board = new Array<number>(25).fill(0);
  for (const [point, count] of Object.entries(points)) board[Number(point) - 1] = count;
  return board;
}

/**
 * A position with `turn` on roll: `mover` in its own point numbers, `opponent` given in the MOVER's point numbers
 * (so { 19: 2 } blocks the mover's 19 point), 25 being the opponent's bar.
 */
export function positionFromPoints(
  mover: Readonly<Record<number, number>>,
  opponent: Readonly<Record<number, number>>,
  turn: Color = "white",
): Position {
  const own = side(mover);
  const theirs = new Array<number>(25).fill(0);
  for (const [point, count] of Object.entries(opponent)) {
    const p = Number(point);
    theirs[p === 25 ? 24 : 24 - p] = count;
  }
  const made = turn === "white" ? makePosition(own, theirs, turn) : makePosition(theirs, own, turn);
  if (!made.ok) throw new Error(made.message);
  return made.value;
}
