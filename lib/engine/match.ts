/**
 * The match reducer: `apply(state, action)` moves a match on by one action, or says why it may not (a code and the
 * values of its sentence, `errors.<code>` in the message files).
 * It never throws for a wrong action and never mutates its input, so the server (the authority) and the browser
 * (replay and review) rebuild the same state by folding it over the stored actions (`replay`).
 *
 * Games follow one another automatically: when a game ends and nobody has reached the match length, the state waits
 * for the opening roll of the next game. The Crawford rule is applied as GNU Backgammon does (see `nextGame`).
 *
 * @example
 *   const opened = apply(newMatch({ matchLength: 5 }), { type: "opening-roll", dice: [3, 1] });
 *   // white's 3 beats black's 1, so white plays 3-1 as its first move:
 *   const next = opened.ok && apply(opened.value, { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] });
 *   // next: ok, phase "turn-start", black may double or roll
 *   replay({ matchLength: 5 }, storedActions); // the same fold, from the start
 */

import { checkDouble, cubeAfterTake } from "./cube";
import {
  CENTRED_CUBE,
  resultKindOfLevel,
  resultMultiplier,
  type GameEnding,
  type GameRecord,
  type MatchAction,
  type MatchErrorCode,
  type MatchState,
  type Score,
} from "./match-state";
import { hasLegalPlay, legalPlays, validatePlay } from "./moves";
import type { MoveSpec } from "./notation";
import { gameResult, initialPosition, swapTurn } from "./position";
import { COLORS, err, ok, opponentOf, type Color, type Dice, type Failed, type GameResultKind, type Position, type Result } from "./types";

export type MatchResult = Result<MatchState, MatchErrorCode>;

type Fail = Failed<MatchErrorCode>;

/** Applies one action. Every failure leaves the caller's state as it was and explains itself. */
export function apply(state: MatchState, action: MatchAction): MatchResult {
  const malformed = checkShape(action);
  if (malformed !== null) return malformed;
  const halted = haltedFor(state, action.type);
  if (halted !== null) return halted;
  switch (action.type) {
    case "opening-roll":
      return openingRoll(state, action.dice);
    case "double": {
      const allowed = checkDouble(state, action.player);
      if (!allowed.ok) return allowed;
      const doubler = action.player;
      return ok({ ...state, phase: "double-offered", pendingDouble: { player: doubler, value: state.cube.value * 2 }, turn: opponentOf(doubler) });
    }
    case "take":
    case "drop":
      return answerDouble(state, action.player, action.type);
    case "roll":
      return roll(state, action.player, action.dice);
    case "move":
      return move(state, action.player, action.moves);
    case "resign-offer": {
      if (!inGame(state)) return err("ERR_WRONG_PHASE", { reason: "resignOutsideGame" });
      return ok({ ...state, pendingResign: { player: action.player, level: action.level }, turn: opponentOf(action.player) });
    }
    case "resign-accept":
    case "resign-decline":
      return answerResign(state, action.player, action.type);
  }
}

/**
 * Why `player` may not roll now, or ok: the answer `apply` gives a roll, asked without dice. The match server asks
 * before it draws a roll, so that a refused roll uses no nonce of the seed.
 */
export function checkRoll(state: MatchState, player: Color): Result<true, MatchErrorCode> {
  const halted = haltedFor(state, "roll");
  if (halted !== null) return halted;
  const wrongPhase = notInTurnPhase(state, "turn-start");
  if (wrongPhase !== null) return wrongPhase;
  if (player !== state.onRoll) return err("ERR_NOT_YOUR_TURN", { reason: "roll", player: opponentOf(player) });
  return ok(true);
}

/** The refusals that come before any action's own rules: the match is over, or a resignation waits for its answer. */
function haltedFor(state: MatchState, type: MatchAction["type"]): Fail | null {
  if (state.phase === "match-over") return err("ERR_MATCH_OVER", { winner: state.winner ?? "none" });
  if (state.pendingResign !== null && type !== "resign-accept" && type !== "resign-decline") {
    return err("ERR_RESIGN_PENDING", { player: state.pendingResign.player });
  }
  return null;
}

function inGame(state: MatchState): boolean {
  return state.phase === "turn-start" || state.phase === "double-offered" || state.phase === "moving";
}

/** fair-dice-v1 section 4: die 0 is white's, die 1 black's; a tie is void; the higher die plays both dice. */
function openingRoll(state: MatchState, dice: Dice): MatchResult {
  if (state.phase !== "opening") return err("ERR_WRONG_PHASE", { reason: "openingDone" });
  const [whiteDie, blackDie] = dice;
  // Copies, so the state never shares an array with the caller's action log.
  if (whiteDie === blackDie) return ok({ ...state, voidedOpenings: [...state.voidedOpenings, [whiteDie, blackDie]] });
  const starter: Color = whiteDie > blackDie ? "white" : "black";
  return ok({ ...state, phase: "moving", position: initialPosition(starter), onRoll: starter, turn: starter, dice: [whiteDie, blackDie] });
}

function answerDouble(state: MatchState, player: Color, answer: "take" | "drop"): MatchResult {
  const pending = state.pendingDouble;
  if (state.phase !== "double-offered" || pending === null) return err("ERR_WRONG_PHASE", { reason: "noDouble", answer });
  if (player === pending.player) return err("ERR_NOT_YOUR_TURN", { reason: "ownDouble", player: opponentOf(player), answer });
  if (answer === "drop") return finishGame(state, pending.player, "single", "dropped", state.position);
  return ok({
    ...state,
    phase: "turn-start",
    cube: cubeAfterTake(state.cube, player),
    pendingDouble: null,
    turn: pending.player,
  });
}

function roll(state: MatchState, player: Color, dice: Dice): MatchResult {
  const allowed = checkRoll(state, player);
  if (!allowed.ok) return allowed;
  return ok({ ...state, phase: "moving", dice: [dice[0], dice[1]] });
}

function move(state: MatchState, player: Color, moves: readonly MoveSpec[]): MatchResult {
  const wrongPhase = notInTurnPhase(state, "moving");
  if (wrongPhase !== null) return wrongPhase;
  if (player !== state.onRoll || state.dice === null) return err("ERR_NOT_YOUR_TURN", { reason: "move", player: opponentOf(player) });
  let next: Position;
  if (moves.length === 0) {
    // Whether the roll can be played is all a pass needs; the plays are counted only to refuse one.
    if (hasLegalPlay(state.position, state.dice)) {
      return err("ERR_MUST_MOVE", { count: legalPlays(state.position, state.dice).length });
    }
    next = swapTurn(state.position);
  } else {
    const play = validatePlay(state.position, state.dice, moves);
    // The play's own reason and facts: `errors.ERR_ILLEGAL_PLAY` words every reason of validatePlay's refusals.
    if (!play.ok) return err("ERR_ILLEGAL_PLAY", play.values);
    next = play.value.result;
  }
  const result = gameResult(next);
  if (result !== null) return finishGame(state, result.winner, result.kind, "played", next);
  const opponent = opponentOf(player);
  return ok({ ...state, phase: "turn-start", position: next, onRoll: opponent, turn: opponent, dice: null });
}

/** Why the game is not at `wanted` (turn-start or moving); null when it is. */
function notInTurnPhase(state: MatchState, wanted: "turn-start" | "moving"): Fail | null {
  if (state.phase === wanted) return null;
  if (state.pendingDouble !== null) {
    return err("ERR_WRONG_PHASE", { reason: "doublePending", player: state.pendingDouble.player });
  }
  if (state.phase === "opening") return err("ERR_WRONG_PHASE", { reason: "opening" });
  if (state.phase === "moving") return err("ERR_WRONG_PHASE", { reason: "rolled" });
  return err("ERR_WRONG_PHASE", { reason: "notRolled" });
}

function answerResign(state: MatchState, player: Color, answer: "resign-accept" | "resign-decline"): MatchResult {
  const pending = state.pendingResign;
  if (pending === null) return err("ERR_NO_RESIGN_PENDING");
  if (player === pending.player) return err("ERR_NOT_YOUR_TURN", { reason: "ownResign", player: opponentOf(player) });
  if (answer === "resign-accept") return finishGame(state, player, resultKindOfLevel(pending.level), "resigned", state.position);
  return ok({ ...state, pendingResign: null, turn: expectedTurn(state) });
}

/** Whose action a game in progress waits for when no resignation is pending. */
function expectedTurn(state: MatchState): Color | null {
  if (state.phase === "double-offered" && state.pendingDouble !== null) return opponentOf(state.pendingDouble.player);
  return state.onRoll;
}

function finishGame(state: MatchState, winner: Color, kind: GameResultKind, ending: GameEnding, finalPosition: Position): MatchResult {
  const points = state.cube.value * resultMultiplier(kind);
  const score: Score = { ...state.score, [winner]: state.score[winner] + points };
  const record: GameRecord = {
    number: state.gameNumber,
    winner,
    points,
    resultKind: kind,
    ending,
    cubeValue: state.cube.value,
    crawford: state.crawford,
    finalPosition,
    scoreAfter: score,
  };
  const finished: MatchState = {
    ...state,
    score,
    games: [...state.games, record],
    position: finalPosition,
    onRoll: null,
    turn: null,
    dice: null,
    pendingDouble: null,
    pendingResign: null,
  };
  if (score[winner] >= state.matchLength) return ok({ ...finished, phase: "match-over", winner });
  return ok(nextGame(finished));
}

/**
 * The state before the opening roll of the next game. As in GNU Backgammon's NewGame: the game after the Crawford game
 * is post-Crawford, and a game is the Crawford game when no Crawford game has been played yet and the leader is
 * exactly one point short while the trailer is not (so a 1-point match never has one).
 */
function nextGame(state: MatchState): MatchState {
  const postCrawford = state.postCrawford || state.crawford;
  const leader = Math.max(state.score.white, state.score.black);
  const trailer = Math.min(state.score.white, state.score.black);
  const crawford = !postCrawford && leader === state.matchLength - 1 && trailer < state.matchLength - 1;
  return {
    ...state,
    phase: "opening",
    gameNumber: state.gameNumber + 1,
    crawford,
    postCrawford,
    cube: CENTRED_CUBE,
    position: initialPosition("white"),
    voidedOpenings: [],
  };
}

function isDie(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 6;
}

function isDice(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && value.every(isDie);
}

function isPoint(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 25;
}

/**
 * Actions are folded from stored JSON, so their shape is checked here rather than trusted from the type.
 * Returns null when the action is well formed.
 */
function checkShape(action: MatchAction): Fail | null {
  const raw = action as unknown as Record<string, unknown>;
  const type = String(raw.type);
  if (action.type !== "opening-roll" && !COLORS.includes(raw.player as Color)) return err("ERR_INVALID_ACTION", { reason: "player", type });
  switch (action.type) {
    case "opening-roll":
    case "roll":
      return isDice(raw.dice) ? null : err("ERR_INVALID_ACTION", { reason: "dice", type });
    case "move": {
      const moves = raw.moves;
      const wellFormed = Array.isArray(moves) && moves.length <= 4 &&
        moves.every((m: unknown) => typeof m === "object" && m !== null && isPoint((m as Record<string, unknown>).from) && isPoint((m as Record<string, unknown>).to));
      return wellFormed ? null : err("ERR_INVALID_ACTION", { reason: "moves", type });
    }
    case "resign-offer":
      return raw.level === 1 || raw.level === 2 || raw.level === 3 ? null : err("ERR_INVALID_ACTION", { reason: "level", type });
    case "double":
    case "take":
    case "drop":
    case "resign-accept":
    case "resign-decline":
      return null;
    default:
      return err("ERR_INVALID_ACTION", { reason: "unknownType", type: JSON.stringify(raw.type) ?? "undefined" });
  }
}
