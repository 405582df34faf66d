/**
 * Helpers for the bear-off tests: home boards as lib/engine positions, and every board of a few checkers.
 *
 * @example
 *   homePosition([0, 0, 0, 0, 0, 2]); // white on roll with two checkers on its 6-point, black far away
 */
import { makePosition } from "../engine/position";
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
