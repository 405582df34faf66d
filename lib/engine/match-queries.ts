/**
 * Read-only questions about a match state: which actions are open to whom, the legal plays for the dice, and the
 * fields of a gnubg Match ID for review pages. Pages word the state in the reader's language
 * (components/match/event-text.ts).
 *
 * @example
 *   legalActions(state);                 // [{ type: "double", player: "black" }, { type: "roll", player: "black" }, ...]
 *   encodeMatchId(matchIdFields(state)); // e.g. "cAkAAAAAAAAA"
 */

import { mayDouble } from "./cube";
import type { MatchGameState, MatchIdFields } from "./gnubg-id";
import { resultMultiplier, type MatchActionType, type MatchState } from "./match-state";
import { hasLegalPlay, legalPlays } from "./moves";
import { COLORS, opponentOf, type Color, type LegalPlay } from "./types";

/** An action type someone may submit now; `player` is null for the opening roll, which nobody chooses. */
export interface AllowedAction {
  readonly type: MatchActionType;
  readonly player: Color | null;
}

/**
 * Who may do what now. Parameters (dice, moves, level) are not enumerated: a `move` entry means `apply` accepts a
 * legal play for the current dice (see `currentLegalPlays`), a `resign-offer` entry any level.
 */
export function legalActions(state: MatchState): readonly AllowedAction[] {
  if (state.phase === "match-over") return [];
  if (state.phase === "opening") return [{ type: "opening-roll", player: null }];
  if (state.pendingResign !== null) {
    const answerer = opponentOf(state.pendingResign.player);
    return [{ type: "resign-accept", player: answerer }, { type: "resign-decline", player: answerer }];
  }
  const actions: AllowedAction[] = [];
  const onRoll = state.onRoll;
  if (state.phase === "turn-start" && onRoll !== null) {
    // A dead cube is not offered (cube.ts): the double would be legal as a record, but it can only cost the doubler.
    if (mayDouble(state, onRoll)) actions.push({ type: "double", player: onRoll });
    actions.push({ type: "roll", player: onRoll });
  } else if (state.phase === "double-offered" && state.turn !== null) {
    actions.push({ type: "take", player: state.turn }, { type: "drop", player: state.turn });
  } else if (state.phase === "moving" && onRoll !== null) {
    actions.push({ type: "move", player: onRoll });
  }
  for (const color of COLORS) actions.push({ type: "resign-offer", player: color });
  return actions;
}

/** The legal plays for the rolled dice; empty outside the `moving` phase, and empty when the roll cannot be played
 * (then the only accepted move is the pass, `moves: []`). */
export function currentLegalPlays(state: MatchState): readonly LegalPlay[] {
  if (state.phase !== "moving" || state.dice === null || state.pendingResign !== null) return [];
  return legalPlays(state.position, state.dice);
}

/** The player on roll has dice that cannot be played: the turn passes (the only accepted move is `moves: []`). */
export function mustPass(state: MatchState): boolean {
  return state.phase === "moving" && state.dice !== null && state.pendingResign === null && !hasLegalPlay(state.position, state.dice);
}

/**
 * The state as gnubg's Match ID fields (white is gnubg player 0, as in gnubg-id.ts). The game state follows gnubg:
 * "none" before an opening roll, "playing" during a game, and once the match is over how its last game ended
 * ("over", "resigned" with the resigned level kept, or "dropped"). Between games the score already counts the game
 * just finished, as in gnubg after the game is over. A final score past the match length (say 7 in a 5-point match) is
 * capped at the length, because gnubg refuses a Match ID whose score exceeds it; the state keeps the real points.
 */
export function matchIdFields(state: MatchState): MatchIdFields {
  const last = state.games.at(-1);
  let gameState: MatchGameState = "playing";
  let resign: MatchIdFields["resign"] = state.pendingResign?.level ?? 0;
  if (state.phase === "opening") gameState = "none";
  if (state.phase === "match-over" && last !== undefined) {
    gameState = last.ending === "played" ? "over" : last.ending;
    if (last.ending === "resigned") resign = resultMultiplier(last.resultKind);
  }
  const onRoll = state.onRoll ?? state.position.turn;
  return {
    cubeValue: state.cube.value,
    cubeOwner: state.cube.owner,
    onRoll,
    crawford: state.crawford,
    gameState,
    turn: state.turn ?? onRoll,
    doubled: state.phase === "double-offered",
    resign,
    dice: state.dice ?? [0, 0],
    matchLength: state.matchLength,
    score: { white: Math.min(state.score.white, state.matchLength), black: Math.min(state.score.black, state.matchLength) },
  };
}
