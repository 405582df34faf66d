/**
 * The vocabulary of the rules engine.
 *
 * Points are numbered from the point of view of the side that owns the array, as GNU Backgammon does: point 1 is the
 * deepest point of that side's home board, point 24 its farthest, and index 24 of a side's array is its bar. White's
 * point p is black's point 25 - p. Checkers borne off are not stored: they are 15 minus the checkers on the board.
 *
 * @example
 *   const pos = initialPosition("white");
 *   pos.white[5]; // 5 — white's six point holds five checkers
 *   err("ERR_CUBE_LIMIT", { limit: 4096 }); // { ok: false, code: "ERR_CUBE_LIMIT", values: { limit: 4096 } }
 */

export type Color = "white" | "black";

export const COLORS: readonly Color[] = ["white", "black"];

export function opponentOf(color: Color): Color {
  return color === "white" ? "black" : "white";
}

export type DieValue = 1 | 2 | 3 | 4 | 5 | 6;

export type Dice = readonly [DieValue, DieValue];

/** Index of the bar in a side's array. */
export const BAR_INDEX = 24;
/** The point number of the bar in a CheckerMove's `from` (a checker entering). */
export const BAR_POINT = 25;
/** The point number of "off" in a CheckerMove's `to` (a checker borne off). */
export const OFF_POINT = 0;
export const CHECKERS_PER_SIDE = 15;

/** 25 counts: indices 0..23 are the side's own points 1..24, index 24 its bar. */
export type SideBoard = readonly number[];

export interface Position {
  readonly white: SideBoard;
  readonly black: SideBoard;
  /** The side to play (and, in a game, the side on roll). */
  readonly turn: Color;
}

/**
 * One checker moved by one die, in the mover's own point numbers: `from` is 1..24 or 25 (the bar),
 * `to` is 1..24 or 0 (off). `hit` says a blot was sent to the bar.
 */
export interface CheckerMove {
  readonly from: number;
  readonly to: number;
  readonly die: DieValue;
  readonly hit: boolean;
}

/** A whole play for a roll: the checker moves in order, its canonical gnubg notation, and the position after it. */
export interface LegalPlay {
  readonly moves: readonly CheckerMove[];
  /** As GNU Backgammon writes it, e.g. "24/18 13/11", "bar/22*", "6/off", "8/5(2)"; "" for no move. */
  readonly notation: string;
  /** The position after the play, with the opponent to play (gnubg's convention for results). */
  readonly result: Position;
}

export type GameResultKind = "single" | "gammon" | "backgammon";

/**
 * The facts a failure's sentence needs — a die, a point, a count, a name, or a `reason` that tells apart the cases
 * of one code — never the sentence: the words are `errors.<code>` in messages/<locale>.json.
 */
export type FailureValues = Readonly<Record<string, string | number>>;

/** An expected failure: a stable code and, when its sentence needs them, its values. */
export interface Failed<Code extends string = string> {
  readonly ok: false;
  readonly code: Code;
  readonly values?: FailureValues;
}

/** Expected failures are values with stable codes; exceptions are for programmer errors only. */
export type Result<T, Code extends string = string> = { readonly ok: true; readonly value: T } | Failed<Code>;

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<Code extends string>(code: Code, values?: FailureValues): Failed<Code> {
  return values === undefined ? { ok: false, code } : { ok: false, code, values };
}

/**
 * The values to word a failure with: its own, and `reason: "other"` when it gives no reason — a message that tells a
 * code's cases apart with `{reason, select, …}` then reads its generic branch (an ICU select needs a value).
 *
 * @example
 *   wordingValues({ limit: 4096 }); // { reason: "other", limit: 4096 }
 */
export function wordingValues(values?: FailureValues): FailureValues {
  return { reason: "other", ...values };
}

/**
 * A failure as one line for an exception or a log, for programmers: `ERR_ILLEGAL_MOVE {"reason":"blocked","point":5}`.
 * People read `errors.<code>` worded with the values instead.
 */
export function describeFailure(failure: Failed): string {
  return failure.values === undefined ? failure.code : `${failure.code} ${JSON.stringify(failure.values)}`;
}
