/**
 * Read-only questions about a match state: which actions are open to whom, the legal plays for the dice, plain
 * sentences for the UI, and the fields of a gnubg Match ID for review pages.
 *
 * @example
 *   legalActions(state);                 // [{ type: "double", player: "black" }, { type: "roll", player: "black" }, ...]
 *   describeState(state);                // "Black to roll or double."
 *   encodeMatchId(matchIdFields(state)); // e.g. "cAkAAAAAAAAA"
 */

import { canDouble } from "./cube";
import type { MatchGameState, MatchIdFields } from "./gnubg-id";
import { colorName, resultMultiplier, type GameRecord, type MatchActionType, type MatchState } from "./match-state";
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
    if (canDouble(state, onRoll)) actions.push({ type: "double", player: onRoll });
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

function points(n: number): string {
  return `${n} point${n === 1 ? "" : "s"}`;
}

/** What the match waits for, as one sentence. */
export function describeState(state: MatchState): string {
  if (state.phase === "match-over") {
    const winner = state.winner ?? "white";
    return `${colorName(winner)} wins the match ${state.score[winner]}–${state.score[opponentOf(winner)]}.`;
  }
  if (state.pendingResign !== null) {
    const { player, level } = state.pendingResign;
    const what = level === 1 ? "a single game" : level === 2 ? "a gammon" : "a backgammon";
    return `${colorName(player)} offers to resign ${what} (${points(level * state.cube.value)}); ${opponentOf(player)} to accept or decline.`;
  }
  const onRoll = state.onRoll ?? "white";
  switch (state.phase) {
    case "opening": {
      const crawford = state.crawford ? " (Crawford game)" : "";
      return `Game ${state.gameNumber}${crawford}: waiting for the opening roll.`;
    }
    case "turn-start":
      return canDouble(state, onRoll) ? `${colorName(onRoll)} to roll or double.` : `${colorName(onRoll)} to roll.`;
    case "double-offered": {
      const value = state.pendingDouble?.value ?? state.cube.value * 2;
      return `${colorName(onRoll)} doubles to ${value}; ${opponentOf(onRoll)} to take or drop.`;
    }
    case "moving": {
      const dice = state.dice === null ? "" : ` ${state.dice[0]}-${state.dice[1]}`;
      return `${colorName(onRoll)} to play${dice}.`;
    }
  }
}

/** One finished game as a sentence, e.g. "Game 2: black wins 4 points (gammon, cube 2)." */
export function describeGameRecord(game: GameRecord): string {
  const how =
    game.ending === "dropped" ? "double dropped" :
    game.ending === "resigned" ? `${game.resultKind} resigned` :
    game.resultKind;
  const crawford = game.crawford ? ", Crawford game" : "";
  return `Game ${game.number}: ${game.winner} wins ${points(game.points)} (${how}, cube ${game.cubeValue}${crawford}).`;
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
