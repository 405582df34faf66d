/**
 * Helpers for the bear-off tests: home boards as lib/engine positions, every board of a few checkers, and two
 * bear-off races whose cube decision is close and far (with the exact database) for the cube search's tests.
 *
 * @example
 *   homePosition([0, 0, 0, 0, 0, 2]); // white on roll with two checkers on its 6-point, black far away
 */
import { makePosition } from "../engine/position";
import { positionFromPoints } from "../engine/test-support";
import { describeFailure, type Position } from "../engine/types";

/** White on roll with `home` as its only checkers (the rest off); black's 15 checkers on its own 1-point, out of play. */
export function homePosition(home: readonly number[]): Position {
  const white = new Array<number>(25).fill(0);
  home.forEach((count, i) => (white[i] = count));
  const black = new Array<number>(25).fill(0);
  black[0] = 15;
  const made = makePosition(white, black, "white");
  if (!made.ok) throw new Error(describeFailure(made));
  return made.value;
}

/** Every home board of at most `max` checkers, in nested-loop order. */
export function boardsUpTo(max: number): number[][] {
  const boards: number[][] = [];
  const walk = (prefix: number[], left: number) => {
    if (prefix.length === 6) return void boards.push(prefix);
    for (let k = 0; k <= left; k++) walk([...prefix, k], left - k);
  };
  walk([], max);
  return boards;
}

/** White on roll 59 pips to black's 67, both sides home with 15 checkers: double/take is within 0.02 of a pass. */
export const CLOSE_TAKE_RACE: Position = positionFromPoints({ 6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1 }, { 19: 4, 20: 4, 21: 3, 22: 3, 23: 1 });

/** White on roll with all 15 checkers home, black with 9: white is far behind, no cube decision is close. */
export const FAR_BEHIND_RACE: Position = positionFromPoints({ 6: 4, 5: 3, 4: 3, 3: 3, 2: 2 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 1 });
