/**
 * The network's inputs: Tesauro's TD-Gammon encoding, seen from the side on roll, written sparsely.
 *
 * For each side (the side on roll first, then its opponent) and each of its 24 points in its own numbering, four
 * units: n ≥ 1, n ≥ 2, n ≥ 3, and (n − 3)/2 for n > 3; then its checkers on the bar / 2 and its checkers off / 15.
 * That is 2 × 98 = 196 inputs; TD-Gammon's two "whose turn" units are left out because the side on roll is always
 * the first block. A position has only some thirty non-zero inputs, so they are written as (index, value) pairs and
 * the network sums only those weight rows.
 *
 * @example
 *   const idx = new Int32Array(MAX_ACTIVE), val = new Float64Array(MAX_ACTIVE);
 *   const n = encodeSides(pos[pos.turn], pos[opponentOf(pos.turn)], idx, val); // n ≈ 20–40
 */

import { BLOCKADE_FEATURES_PER_SIDE, FEATURES_PER_SIDE } from "./features";

export const SIDE_INPUTS = 98;
export const INPUT_COUNT = 2 * SIDE_INPUTS;
/**
 * The inputs of a network with the hand-made features of features.ts after the raw ones (the side on roll's three,
 * then the other side's): a network's input count says which encoding it was trained on.
 */
export const FEATURE_INPUT_COUNT = INPUT_COUNT + 2 * FEATURES_PER_SIDE;
/** With the blockade features of features.ts after those (the side on roll's, then the other side's). */
export const BLOCKADE_FEATURE_INPUT_COUNT = FEATURE_INPUT_COUNT + 2 * BLOCKADE_FEATURES_PER_SIDE;
/** At most 4 units per occupied point (15 checkers → at most 15 points) plus bar and off, per side, and the features. */
export const MAX_ACTIVE = 2 * (15 * 4 + 2) + 2 * (FEATURES_PER_SIDE + BLOCKADE_FEATURES_PER_SIDE);

function encodeSide(board: ArrayLike<number>, base: number, idx: Int32Array, val: Float64Array, start: number): number {
  let n = start;
  let onBoard = 0;
  for (let p = 0; p < 24; p++) {
    const c = board[p] ?? 0;
    if (c === 0) continue;
    onBoard += c;
    const at = base + 4 * p;
    idx[n] = at;
    val[n++] = 1;
    if (c >= 2) {
      idx[n] = at + 1;
      val[n++] = 1;
    }
    if (c >= 3) {
      idx[n] = at + 2;
      val[n++] = 1;
    }
    if (c > 3) {
      idx[n] = at + 3;
      val[n++] = (c - 3) / 2;
    }
  }
  const bar = board[24] ?? 0;
  if (bar > 0) {
    idx[n] = base + 96;
    val[n++] = bar / 2;
    onBoard += bar;
  }
  if (onBoard < 15) {
    idx[n] = base + 97;
    val[n++] = (15 - onBoard) / 15;
  }
  return n;
}

/** Offsets inside a side's block: point p (0-based) has units 4p..4p+3, then the bar and the checkers off. */
export const BAR_INPUT = 96;
export const OFF_INPUT = 97;

/** The value of unit `unit` (0..3) of a point holding `count` checkers. */
export function pointUnit(count: number, unit: number): number {
  if (unit === 3) return count > 3 ? (count - 3) / 2 : 0;
  return count > unit ? 1 : 0;
}

/** Writes the non-zero inputs for `onRoll` against `other` into idx/val (capacity MAX_ACTIVE); returns their count. */
export function encodeSides(onRoll: ArrayLike<number>, other: ArrayLike<number>, idx: Int32Array, val: Float64Array): number {
  const n = encodeSide(onRoll, 0, idx, val, 0);
  return encodeSide(other, SIDE_INPUTS, idx, val, n);
}
