/**
 * Race chances once both sides have every checker in their home boards (or off), from the one-sided bear-off
 * database: each side's distribution of rolls to bear off is independent of the other's, so with A on roll,
 *
 *   P(A wins)            = Σ_n P_A(n) · P(T_B ≥ n)          (A's n-th roll comes before B's n-th)
 *   P(A wins a gammon)   = Σ_n P_A(n) · P(F_B ≥ n)          (B has had n − 1 rolls to bear one checker off)
 *   P(A loses a gammon)  = Σ_n P_B(n) · P(F_A ≥ n + 1)
 *
 * where T is the number of rolls to bear all checkers off and F the number to bear off the first one.
 *
 * What is exact: these are the exact probabilities when each side plays its rolls by the database's policy (the play
 * with the fewest expected rolls to bear off; for F, the fewest expected rolls to the first checker off) — the
 * one-sided approximation GNU Backgammon also uses outside its two-sided database. A player who looks at the other
 * side's board can sometimes do a little better (e.g. play for variance when behind), so against perfect two-sided
 * play the winning chance is an excellent approximation, not the optimum. The gammon figures assume the losing side
 * plays to save the gammon while the other plays to win. Gammons are exactly 0 once the would-be loser has borne off a
 * checker, and backgammons are always exactly 0 here: they need a checker in the winner's home board or on the bar.
 *
 * @example
 *   const db = BearoffDatabase.build();
 *   bearoffWinChance(db, [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]); // 1: a 6-point checker is off in one roll
 *   raceProbabilities(db, pos); // null unless both sides are bearing off
 */
import type { Position } from "../engine/types";
import { opponentOf } from "../engine/types";
import { BEAROFF_MAX_ROLLS, type BearoffDatabase } from "./bearoff-database";
import { BEAROFF_POINTS, bearoffIndex, isBearoffBoard } from "./bearoff-index";
import type { Probabilities } from "./types";

const allOffA = new Float64Array(BEAROFF_MAX_ROLLS);
const allOffB = new Float64Array(BEAROFF_MAX_ROLLS);
const firstOffA = new Float64Array(BEAROFF_MAX_ROLLS);
const firstOffB = new Float64Array(BEAROFF_MAX_ROLLS);

const tail = new Float64Array(BEAROFF_MAX_ROLLS + 2);

/**
 * Σ_n p[n] · P(X ≥ max(n + shift, 1)), where q is X's distribution (both indexed by rolls, 0 … MAX − 1). The floor of 1
 * reads n = 0 (a side already off) as "the other side has not finished, resp. not borne one off, yet".
 */
function againstTail(p: Float64Array, q: Float64Array, shift: number): number {
  tail[BEAROFF_MAX_ROLLS] = tail[BEAROFF_MAX_ROLLS + 1] = 0;
  for (let m = BEAROFF_MAX_ROLLS - 1; m >= 0; m--) tail[m] = (tail[m + 1] ?? 0) + (q[m] ?? 0);
  let total = 0;
  for (let n = 0; n < BEAROFF_MAX_ROLLS; n++) total += (p[n] ?? 0) * (tail[Math.min(Math.max(n + shift, 1), BEAROFF_MAX_ROLLS)] ?? 0);
  return total;
}

/** The home board of a side (its points 1–6), or null when it has a checker elsewhere or on the bar. */
export function homeBoardOf(board: readonly number[]): number[] | null {
  for (let i = BEAROFF_POINTS; i < board.length; i++) if ((board[i] ?? 0) !== 0) return null;
  const home = board.slice(0, BEAROFF_POINTS);
  return isBearoffBoard(home) ? home : null;
}

/** P(the side on roll, with `onRollHome`, bears off first against `otherHome`), both by the database's policy. */
export function bearoffWinChance(db: BearoffDatabase, onRollHome: readonly number[], otherHome: readonly number[]): number {
  db.distributionInto(bearoffIndex(onRollHome), allOffA);
  db.distributionInto(bearoffIndex(otherHome), allOffB);
  return againstTail(allOffA, allOffB, 0);
}

/**
 * Cubeless probabilities for the side on roll (pos.turn) when both sides have all their checkers in their home boards
 * or off; null for any other position.
 */
export function raceProbabilities(db: BearoffDatabase, pos: Position): Probabilities | null {
  const a = homeBoardOf(pos[pos.turn]);
  const b = homeBoardOf(pos[opponentOf(pos.turn)]);
  if (a === null || b === null) return null;
  const ia = bearoffIndex(a);
  const ib = bearoffIndex(b);
  db.distributionInto(ia, allOffA);
  db.distributionInto(ib, allOffB);
  db.distributionInto(ia, firstOffA, true);
  db.distributionInto(ib, firstOffB, true);
  return {
    win: againstTail(allOffA, allOffB, 0),
    winGammon: againstTail(allOffA, firstOffB, 0),
    winBackgammon: 0,
    loseGammon: againstTail(allOffB, firstOffA, 1),
    loseBackgammon: 0,
  };
}
