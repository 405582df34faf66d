/**
 * The plays of a one-sided bear-off, by board index: every home board a roll can lead to, for each of the 21 rolls.
 *
 * With all checkers home and no opponent in the way, the rules reduce to three single-checker moves for a die d: a
 * checker on a point p > d moves to p − d, one on point d bears off, and one on the highest occupied point bears off
 * when d is larger than that point. Some such move exists while any checker is on the board, so every die can be played
 * until the last checker is off: a play uses both dice (four for doubles) in either order, or stops early only with the
 * board empty. The rules about playing as many dice as possible, and the larger die, therefore never remove a result,
 * and the results of a roll are all boards reached by its dice in either order. bearoff-moves.test.ts checks this
 * against lib/engine's legalPlays (GNU Backgammon's move generator) board by board.
 *
 * Speed: a table of the single-die successors of every board (54,264 × 6 dice × at most 6 moves) is built once, and a
 * roll's results are found level by level from it, merging equal boards at each level (a double has at most 126
 * results), so generating the plays of all 54,264 boards for all 21 rolls takes well under a second.
 *
 * @example
 *   const moves = createBearoffMoves();
 *   const out = new Int32Array(MAX_ROLL_RESULTS);
 *   const n = moves.rollResults(bearoffIndex([0, 2, 0, 0, 0, 0]), 6, 5, out); // 1: both checkers off
 */
import { BEAROFF_POINTS, BEAROFF_POSITIONS, bearoffBoard, bearoffIndex } from "./bearoff-index";

/** The 21 distinct rolls (high die first) and their weight out of 36. */
export const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const rolls: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) rolls.push([a, b, a === b ? 1 : 2]);
  return rolls;
})();

/** Enough room for the results of any roll (a double from 15 checkers spread over 6 points has at most 126). */
export const MAX_ROLL_RESULTS = 256;

export interface BearoffMoves {
  /** Checkers on each point of every board: boards[6 * index + i] = checkers on point i + 1. */
  readonly boards: Uint8Array;
  /** Pip count of every board. */
  readonly pips: Uint16Array;
  /** Writes the distinct result boards of rolling d1-d2 on board `index` into `out`; returns how many. */
  rollResults(index: number, d1: number, d2: number, out: Int32Array): number;
}

/** Builds the successor table once; the returned generator is reusable (it is not safe to use re-entrantly). */
export function createBearoffMoves(): BearoffMoves {
  const boards = new Uint8Array(BEAROFF_POSITIONS * BEAROFF_POINTS);
  const pips = new Uint16Array(BEAROFF_POSITIONS);
  for (let index = 0; index < BEAROFF_POSITIONS; index++) {
    const home = bearoffBoard(index);
    let total = 0;
    for (let i = 0; i < BEAROFF_POINTS; i++) {
      boards[index * BEAROFF_POINTS + i] = home[i] ?? 0;
      total += (home[i] ?? 0) * (i + 1);
    }
    pips[index] = total;
  }

  // successors[(index * 6 + die - 1) * 6 + j], j < counts[index * 6 + die - 1]: boards after one checker moves by die.
  const successors = new Int32Array(BEAROFF_POSITIONS * 36);
  const counts = new Uint8Array(BEAROFF_POSITIONS * 6);
  const home = [0, 0, 0, 0, 0, 0];
  for (let index = 0; index < BEAROFF_POSITIONS; index++) {
    let highest = 0;
    for (let i = 0; i < BEAROFF_POINTS; i++) {
      home[i] = boards[index * BEAROFF_POINTS + i] ?? 0;
      if ((home[i] ?? 0) > 0) highest = i + 1;
    }
    for (let die = 1; die <= 6; die++) {
      const slot = index * 6 + die - 1;
      let n = 0;
      for (let point = 1; point <= BEAROFF_POINTS; point++) {
        if ((home[point - 1] ?? 0) === 0) continue;
        if (point < die && point !== highest) continue;
        home[point - 1] = (home[point - 1] ?? 0) - 1;
        if (point > die) home[point - die - 1] = (home[point - die - 1] ?? 0) + 1;
        successors[slot * 6 + n++] = bearoffIndex(home);
        if (point > die) home[point - die - 1] = (home[point - die - 1] ?? 0) - 1;
        home[point - 1] = (home[point - 1] ?? 0) + 1;
      }
      counts[slot] = n;
    }
  }

  // Level-by-level expansion with a stamp per board so that each level holds distinct boards.
  const stamp = new Uint32Array(BEAROFF_POSITIONS);
  let epoch = 0;
  const levelA = new Int32Array(MAX_ROLL_RESULTS);
  const levelB = new Int32Array(MAX_ROLL_RESULTS);

  /** Plays `steps` dice (d1, then d2, then d2 again for doubles) from `start`; appends the final boards to out. */
  function expand(start: number, d1: number, d2: number, steps: number, out: Int32Array, outSize: number): number {
    let from = levelA;
    let to = levelB;
    from[0] = start;
    let size = 1;
    for (let step = 0; step < steps; step++) {
      const die = step === 0 ? d1 : d2;
      epoch++;
      let nextSize = 0;
      for (let k = 0; k < size; k++) {
        const board = from[k] as number;
        if (board === 0) {
          // All off: the play ended early; the empty board is a result.
          if (stamp[0] !== epoch) {
            stamp[0] = epoch;
            to[nextSize++] = 0;
          }
          continue;
        }
        const slot = board * 6 + die - 1;
        const n = counts[slot] as number;
        for (let j = 0; j < n; j++) {
          const next = successors[slot * 6 + j] as number;
          if (stamp[next] !== epoch) {
            stamp[next] = epoch;
            to[nextSize++] = next;
          }
        }
      }
      const swap = from;
      from = to;
      to = swap;
      size = nextSize;
    }
    for (let k = 0; k < size; k++) out[outSize++] = from[k] as number;
    return outSize;
  }

  function rollResults(index: number, d1: number, d2: number, out: Int32Array): number {
    if (d1 === d2) return expand(index, d1, d1, 4, out, 0);
    const size = expand(index, d1, d2, 2, out, 0);
    const total = expand(index, d2, d1, 2, out, size);
    // Merge the two orders' results without duplicates.
    epoch++;
    let kept = 0;
    for (let k = 0; k < total; k++) {
      const board = out[k] as number;
      if (stamp[board] === epoch) continue;
      stamp[board] = epoch;
      out[kept++] = board;
    }
    return kept;
  }

  return { boards, pips, rollResults };
}
