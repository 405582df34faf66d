/**
 * The doubling cube in match play: who may double, and what a take does to the cube.
 *
 * A player may double at the start of their own turn, before rolling, when the cube is centred or theirs, except in
 * the Crawford game. As in GNU Backgammon, the cube stops at 4096 (its MAX_CUBE), which also keeps it inside the
 * 4-bit log2 field of a gnubg Match ID.
 *
 * A double when the cube is dead for the doubler (`cubeIsDead`) is legal as a record — gnubg imports such .mat files,
 * and matches stored before the site refused it must still replay — but the site no longer offers or accepts one:
 * lib/match refuses it (ERR_CUBE_DEAD) and legalActions leaves it out, as gnubg's own play does ("The cube is dead;
 * you can't double any more.").
 *
 * @example
 *   canDouble(state, "white"); // true at white's turn start with a centred cube outside the Crawford game
 */

import { type CubeState, type MatchErrorCode, type MatchState } from "./match-state";
import { err, ok, opponentOf, type Color, type Result } from "./types";

export const MAX_CUBE_VALUE = 4096;

/** Why `color` may not double now, or ok. */
export function checkDouble(state: MatchState, color: Color): Result<true, MatchErrorCode> {
  if (state.phase === "match-over") return err("ERR_MATCH_OVER", { winner: state.winner ?? "none" });
  if (state.pendingResign !== null) return err("ERR_RESIGN_PENDING", { player: state.pendingResign.player });
  if (state.phase !== "turn-start") return err("ERR_WRONG_PHASE", { reason: "doubleTiming" });
  if (state.onRoll !== color) return err("ERR_NOT_YOUR_TURN", { reason: "double", player: opponentOf(color) });
  if (state.crawford) return err("ERR_CRAWFORD_GAME");
  if (state.cube.owner === opponentOf(color)) return err("ERR_CUBE_OWNED", { player: opponentOf(color) });
  if (state.cube.value >= MAX_CUBE_VALUE) return err("ERR_CUBE_LIMIT", { limit: MAX_CUBE_VALUE });
  return ok(true);
}

export function canDouble(state: MatchState, color: Color): boolean {
  return checkDouble(state, color).ok;
}

/**
 * The cube is dead for `color` when winning this game at the cube's present value already wins them the match (their
 * score + the cube ≥ the match length): every game of a 1-point match, both players one point away post-Crawford,
 * the leader after the Crawford game. A double could then only cost them.
 */
export function cubeIsDead(state: MatchState, color: Color): boolean {
  return state.score[color] + state.cube.value >= state.matchLength;
}

/** Whether the site offers `color` a double now: the rules allow it (`canDouble`) and the cube is not dead for them. */
export function mayDouble(state: MatchState, color: Color): boolean {
  return canDouble(state, color) && !cubeIsDead(state, color);
}

/** The cube after `taker` accepts a double: twice the value, on the taker's side. */
export function cubeAfterTake(cube: CubeState, taker: Color): CubeState {
  return { value: cube.value * 2, owner: taker };
}
