/**
 * A side's locations as the viewer sees them, and what lies on one: the board is drawn in the viewer's numbering
 * (board-geometry.ts), while a position and a play give each side's checkers in that side's own numbering.
 *
 * @example
 *   toViewer(24, "black", "white"); // 1: black's 24 point is the white viewer's 1 point
 *   countAt(position.white, 0);     // white's checkers borne off
 */
import type { Color } from "@/lib/engine/types";

export const other = (c: Color): Color => (c === "white" ? "black" : "white");

/** A location in the viewer's numbering for the side `color`'s own location. */
export function toViewer(location: number, color: Color, viewer: Color): number {
  if (color === viewer || location === 0 || location === 25) return location;
  return 25 - location;
}

/** How many of a side's checkers are on `location` of its own numbering (0: borne off, counted from the 15). */
export function countAt(board: readonly number[], location: number): number {
  if (location === 0) return 15 - board.reduce((a, b) => a + b, 0);
  return board[location - 1] ?? 0;
}
