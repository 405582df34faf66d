/**
 * Helpers shared by the engine's tests (and the analysis's and the scripts'): building positions from point lists,
 * Match ID fields, finding a play by its notation, and replaying a list of actions. None of them is needed by the game
 * itself.
 *
 * @example
 *   const pos = positionFromPoints({ 24: 1, 1: 14 }, { 15: 2 }); // white on roll, black holds white's 15 point
 *   findPlayByNotation(pos, [6, 5], "13/8");                      // err ERR_NOT_ALL_DICE { reason: "bothDice" }
 *   replay({ matchLength: 3 }, actions);                          // ok(the state after them) or the first refusal
 *   applyAll(state, { type: "double", player: "black" });         // the state after them; throws on a refusal
 */

import type { MatchIdFields } from "./gnubg-id";
import { apply, type MatchResult } from "./match";
import { newMatch, type MatchAction, type MatchOptions, type MatchState } from "./match-state";
import { validatePlay, type PlayErrorCode } from "./moves";
import { parseNotation } from "./notation";
import { makePosition } from "./position";
import { describeFailure, err, ok, type Color, type Dice, type LegalPlay, type Position, type Result } from "./types";

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
  if (!made.ok) throw new Error(describeFailure(made));
  return made.value;
}

/** A money game's Match ID fields: cube centred at 1, white on roll and to play, no dice yet; `fields` change any. */
export function matchIdFields(fields: Partial<MatchIdFields> = {}): MatchIdFields {
  return {
    cubeValue: 1,
    cubeOwner: null,
    onRoll: "white",
    crawford: false,
    gameState: "playing",
    turn: "white",
    doubled: false,
    resign: 0,
    dice: [0, 0],
    matchLength: 0,
    score: { white: 0, black: 0 },
    ...fields,
  };
}

/** The legal play a person wrote in gnubg notation (any order or grouping, `parseNotation`'s forgiving syntax). */
export function findPlayByNotation(pos: Position, dice: Dice, text: string): Result<LegalPlay, PlayErrorCode | "ERR_BAD_NOTATION"> {
  const parsed = parseNotation(text);
  return parsed.ok ? validatePlay(pos, dice, parsed.value) : parsed;
}

/** Folds `apply` over `actions` from a new match; the first failure's values add `action`, its 1-based index. */
export function replay(options: MatchOptions, actions: readonly MatchAction[]): MatchResult {
  let state = newMatch(options);
  for (const [index, action] of actions.entries()) {
    const next = apply(state, action);
    if (!next.ok) return err(next.code, { ...next.values, action: index + 1 });
    state = next.value;
  }
  return ok(state);
}

/** Applies `actions` to `state` in turn, for a test that builds the state it needs; throws on the first refusal. */
export function applyAll(state: MatchState, ...actions: MatchAction[]): MatchState {
  return actions.reduce((s, action) => {
    const next = apply(s, action);
    if (!next.ok) throw new Error(describeFailure(next));
    return next.value;
  }, state);
}
