/**
 * One checker step by one die: the rules of a single move — a checker on the bar enters first, a checker lands only
 * where the opponent has fewer than two, a lone opponent checker is hit, and a checker bears off only once every
 * checker is home (by the exact die, or by a larger one from the farthest point) — written once. The move generator
 * (move-generator.ts), validatePlay and hasLegalPlay (moves.ts) and the play tree (play-tree.ts) all ask these.
 *
 * Points are the mover's own numbers, as in CheckerMove: 25 is the bar, 1..24 the points, 0 off. A position after a
 * step keeps the mover on turn: a play is several steps, and only the whole play passes the turn (see play-tree.ts).
 *
 * @example
 *   const start = initialPosition("white");
 *   canStep(start, 24, 5);     // false: black holds white's 19 point
 *   applyStep(start, 13, 5);   // { position: (white's 13 → 8), move: { from: 13, to: 8, die: 5, hit: false } }
 *   diceToPlay([4, 4]);        // [4, 4, 4, 4]: doubles are played four times
 */

import { BAR_INDEX, BAR_POINT, type CheckerMove, type Dice, type DieValue, OFF_POINT, type Position, type SideBoard, opponentOf } from "./types";

/** The dice a roll lets the mover play: both dice, or four of the one value for doubles. */
export function diceToPlay(dice: Dice): readonly DieValue[] {
  return dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
}

/** A checker may land on a point holding `opponentCount` opponent checkers: fewer than two. */
export function isOpen(opponentCount: number): boolean {
  return opponentCount < 2;
}

/** Landing on a point holding `opponentCount` opponent checkers hits one: a lone checker (a blot). */
export function isHit(opponentCount: number): boolean {
  return opponentCount === 1;
}

/**
 * The bear-off rule, given the mover's farthest checker `back` (a point, 25 for the bar): every checker must be home
 * (back ≤ 6), and the die must take the checker on `from` exactly off, or be larger when `from` is the farthest point.
 */
export function bearsOff(back: number, from: number, die: number): boolean {
  return back <= 6 && (from === die || (from < die && from === back));
}

/** The mover's farthest point holding a checker (25 when one is on the bar), or 0 when none is left. */
export function farthestPoint(mover: SideBoard): number {
  for (let i = BAR_INDEX; i >= 0; i--) if ((mover[i] ?? 0) > 0) return i + 1;
  return 0;
}

/**
 * Where a checker on `from` goes with `die` (a point, or 0 = off), or -1 when the step is not allowed: no checker
 * there, another checker still on the bar, the landing point made by the opponent, or a bear-off the rule refuses.
 * `mover` and `opponent` are the two sides' boards, each in its own numbering (as a Position holds them).
 */
export function stepTarget(mover: SideBoard, opponent: SideBoard, from: number, die: number): number {
  if (!(from >= 1 && from <= BAR_POINT) || (mover[from - 1] ?? 0) === 0) return -1;
  if (from !== BAR_POINT && (mover[BAR_INDEX] ?? 0) > 0) return -1;
  const to = from - die;
  if (to >= 1) return isOpen(opponent[24 - to] ?? 0) ? to : -1;
  return bearsOff(farthestPoint(mover), from, die) ? OFF_POINT : -1;
}

/** Whether the side on turn may move a checker from `from` by `die` in `pos`. */
export function canStep(pos: Position, from: number, die: DieValue): boolean {
  return stepTarget(pos[pos.turn], pos[opponentOf(pos.turn)], from, die) !== -1;
}

/** A step played: the position after it (the mover still on turn) and the step as a CheckerMove. */
export interface AppliedStep {
  readonly position: Position;
  readonly move: CheckerMove;
}

/**
 * Moves the checker on `from` by `die`, hitting a blot where it lands. The step must be allowed (`canStep`, or a step
 * taken from `playTree`): anything else is a programmer error and throws.
 */
export function applyStep(pos: Position, from: number, die: DieValue): AppliedStep {
  const turn = pos.turn;
  const other = opponentOf(turn);
  const to = stepTarget(pos[turn], pos[other], from, die);
  if (to === -1) throw new Error(`applyStep: ${turn} cannot move from ${from} by ${die}`);
  const mover = [...pos[turn]];
  mover[from - 1] = (mover[from - 1] ?? 0) - 1;
  let opponent = pos[other];
  const hit = to !== OFF_POINT && isHit(opponent[24 - to] ?? 0);
  if (hit) {
    const changed = [...opponent];
    changed[24 - to] = 0;
    changed[BAR_INDEX] = (changed[BAR_INDEX] ?? 0) + 1;
    opponent = changed;
  }
  if (to !== OFF_POINT) mover[to - 1] = (mover[to - 1] ?? 0) + 1;
  const position: Position = turn === "white" ? { white: mover, black: opponent, turn } : { white: opponent, black: mover, turn };
  return { position, move: { from, to, die, hit } };
}
