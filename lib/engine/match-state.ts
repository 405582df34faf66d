/**
 * The vocabulary of a match: its state, the actions that move it on, and the records of finished games.
 *
 * Everything here is plain JSON data (no classes, no functions), so the server can persist the actions, and both the
 * server and the browser can rebuild the state by folding `apply` (match.ts) over them.
 *
 * @example
 *   const state = newMatch({ matchLength: 5 });
 *   state.phase; // "opening" — waiting for the opening roll of game 1
 */

import type { MoveSpec } from "./notation";
import { initialPosition } from "./position";
import type { Color, Dice, GameResultKind, Position } from "./types";

export const MIN_MATCH_LENGTH = 1;
export const MAX_MATCH_LENGTH = 25;

/**
 * What the match is waiting for:
 * - `opening`: the opening roll of a game (nobody acts; the server rolls);
 * - `turn-start`: the player on roll may double (if allowed) or roll;
 * - `double-offered`: the opponent of the doubler must take or drop;
 * - `moving`: the dice are rolled and the player on roll must play them (an empty play only when none is legal);
 * - `match-over`: nothing more is accepted.
 * A pending resignation (`pendingResign`) suspends the phase until it is accepted or declined.
 */
export type MatchPhase = "opening" | "turn-start" | "double-offered" | "moving" | "match-over";

/** 1 = single game, 2 = gammon, 3 = backgammon: the opponent would win level × cube. */
export type ResignLevel = 1 | 2 | 3;

export interface CubeState {
  readonly value: number;
  /** null while the cube is centred. */
  readonly owner: Color | null;
}

export interface PendingResign {
  readonly player: Color;
  readonly level: ResignLevel;
}

export interface PendingDouble {
  readonly player: Color;
  /** The cube value if the double is taken. */
  readonly value: number;
}

export type GameEnding = "played" | "dropped" | "resigned";

export interface GameRecord {
  /** 1-based. */
  readonly number: number;
  readonly winner: Color;
  readonly points: number;
  readonly resultKind: GameResultKind;
  readonly ending: GameEnding;
  /** The cube value the points were counted with (before the refused double, for a drop). */
  readonly cubeValue: number;
  readonly crawford: boolean;
  /** The board when the game ended (for a resigned or dropped game, where it stopped). */
  readonly finalPosition: Position;
  /** The match score after this game. */
  readonly scoreAfter: Score;
}

export type Score = Readonly<Record<Color, number>>;

export type MatchAction =
  /** Section 4 of fair-dice-v1: `dice[0]` is white's die, `dice[1]` black's. */
  | { readonly type: "opening-roll"; readonly dice: Dice }
  | { readonly type: "double"; readonly player: Color }
  | { readonly type: "take"; readonly player: Color }
  | { readonly type: "drop"; readonly player: Color }
  | { readonly type: "roll"; readonly player: Color; readonly dice: Dice }
  /** Checker moves in the mover's point numbers (25 = bar, 0 = off); `moves: []` is the forced pass, accepted only
   * when no legal play exists. */
  | { readonly type: "move"; readonly player: Color; readonly moves: readonly MoveSpec[] }
  | { readonly type: "resign-offer"; readonly player: Color; readonly level: ResignLevel }
  | { readonly type: "resign-accept"; readonly player: Color }
  | { readonly type: "resign-decline"; readonly player: Color };

export type MatchActionType = MatchAction["type"];

export type MatchErrorCode =
  | "ERR_INVALID_ACTION"
  | "ERR_MATCH_OVER"
  | "ERR_WRONG_PHASE"
  | "ERR_NOT_YOUR_TURN"
  | "ERR_CRAWFORD_GAME"
  | "ERR_CUBE_OWNED"
  | "ERR_CUBE_LIMIT"
  | "ERR_CUBE_DEAD"
  | "ERR_ILLEGAL_PLAY"
  | "ERR_MUST_MOVE"
  | "ERR_RESIGN_PENDING"
  | "ERR_NO_RESIGN_PENDING";

export interface MatchState {
  readonly matchLength: number;
  readonly phase: MatchPhase;
  readonly score: Score;
  /** 1-based number of the game being played (the last game once the match is over). */
  readonly gameNumber: number;
  /** The current game is the Crawford game: nobody may double. */
  readonly crawford: boolean;
  /** The Crawford game has been played; the current game comes after it. */
  readonly postCrawford: boolean;
  readonly cube: CubeState;
  /**
   * The board. In the `opening` phase it is the starting setup and its `turn` means nothing until the opening roll
   * decides who starts; once the match is over it is where the last game ended.
   */
  readonly position: Position;
  /** The player whose turn it is in the game (gnubg's fMove); null before the opening roll and after the match. */
  readonly onRoll: Color | null;
  /** Whose action is expected (gnubg's fTurn): the taker while a double is offered, the resigner's opponent while a
   * resignation is pending; null when nobody acts (`opening`, `match-over`). */
  readonly turn: Color | null;
  /** The dice to play in the `moving` phase, else null; after an opening roll, [white's die, black's die]. */
  readonly dice: Dice | null;
  /** Tied opening rolls of the current game, voided by fair-dice-v1 section 4. */
  readonly voidedOpenings: readonly Dice[];
  readonly pendingDouble: PendingDouble | null;
  readonly pendingResign: PendingResign | null;
  readonly games: readonly GameRecord[];
  readonly winner: Color | null;
}

export interface MatchOptions {
  readonly matchLength: number;
}

export const CENTRED_CUBE: CubeState = Object.freeze({ value: 1, owner: null });

/** Points multiplier of a result kind (no Jacoby rule in match play: gammons always count). */
export function resultMultiplier(kind: GameResultKind): ResignLevel {
  return kind === "single" ? 1 : kind === "gammon" ? 2 : 3;
}

export function resultKindOfLevel(level: ResignLevel): GameResultKind {
  return level === 1 ? "single" : level === 2 ? "gammon" : "backgammon";
}

/** A match before its first game. Throws on a length outside 1..25: callers validate user input first. */
export function newMatch(options: MatchOptions): MatchState {
  const { matchLength } = options;
  if (!Number.isInteger(matchLength) || matchLength < MIN_MATCH_LENGTH || matchLength > MAX_MATCH_LENGTH) {
    throw new RangeError(`matchLength must be an integer from ${MIN_MATCH_LENGTH} to ${MAX_MATCH_LENGTH}, got ${matchLength}`);
  }
  return {
    matchLength,
    phase: "opening",
    score: { white: 0, black: 0 },
    gameNumber: 1,
    crawford: false,
    postCrawford: false,
    cube: CENTRED_CUBE,
    position: initialPosition("white"),
    onRoll: null,
    turn: null,
    dice: null,
    voidedOpenings: [],
    pendingDouble: null,
    pendingResign: null,
    games: [],
    winner: null,
  };
}
