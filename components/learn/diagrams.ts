/**
 * The positions the "How to play" page draws with the site's own board: each is a real position that lib/engine
 * accepts (diagrams.test.ts builds every one through makePosition), seen by white, the player the text speaks to.
 * Boards are written as { point: checkers } in each side's own numbering (point 25 = the bar); checkers not on the
 * board are borne off.
 *
 * @example
 *   const { position, dice } = DIAGRAMS.hit;   // white's 6-2 hitting black's blot on white's 18 point
 */
import { initialPosition, makePosition } from "@/lib/engine/position";
import { describeFailure, type Color, type Position } from "@/lib/engine/types";

export type DiagramName = "start" | "opening" | "hit" | "bar" | "bearOff";

export interface Diagram {
  readonly position: Position;
  /** White's dice for the step the text explains, if any. */
  readonly dice: readonly [number, number] | null;
  readonly cube: { readonly value: number; readonly owner: Color | null };
}

function board(points: Readonly<Record<number, number>>): number[] {
  const side = new Array<number>(25).fill(0);
  for (const [point, count] of Object.entries(points)) side[Number(point) - 1] = count;
  return side;
}

function diagram(white: Readonly<Record<number, number>>, black: Readonly<Record<number, number>>, dice: Diagram["dice"], cube: Diagram["cube"] = { value: 1, owner: null }): Diagram {
  const made = makePosition(board(white), board(black), "white");
  if (!made.ok) throw new Error(`a diagram of the guide is not a position: ${describeFailure(made)}`);
  return { position: made.value, dice, cube };
}

const START = { 24: 2, 13: 5, 8: 3, 6: 5 };

export const DIAGRAMS: Readonly<Record<DiagramName, Diagram>> = {
  // The starting position.
  start: { position: initialPosition("white"), dice: null, cube: { value: 1, owner: null } },
  // After white's opening 3-1 played 8/5 6/5: the 5 point made.
  opening: diagram({ 24: 2, 13: 5, 8: 2, 6: 4, 5: 2 }, START, [3, 1]),
  // White's 6-2 about to hit a black blot: black's 7 point is white's 18 point (24/18*), black's other checker
  // of that stack already moved up to black's 11 point.
  hit: diagram(START, { 24: 2, 13: 5, 11: 1, 8: 2, 7: 1, 6: 4 }, [6, 2]),
  // A white checker on the bar: it must enter in black's home board (white's points 19 to 24) before anything moves.
  bar: diagram({ 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 }, { 13: 4, 8: 3, 6: 4, 5: 2, 4: 2 }, [5, 3]),
  // Bearing off: every white checker home, four borne off; black still racing home. White owns the cube at 2.
  bearOff: diagram({ 6: 3, 5: 3, 4: 2, 3: 2, 2: 1 }, { 8: 3, 7: 2, 6: 4, 5: 3, 4: 3 }, [6, 4], { value: 2, owner: "white" }),
};
