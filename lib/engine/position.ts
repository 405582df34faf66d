/**
 * Positions: construction with validation, the starting position, checkers borne off and the end of a game.
 *
 * A Position is immutable: the engine never changes one after making it (its fields are readonly in the types), so
 * positions may share board arrays. Only the shared starting board is frozen; freezing every result would cost more
 * than the whole move search.
 * Validation follows GNU Backgammon's CheckPosition (positionid.c): at most 15 checkers a side, no point held by both
 * sides, and not both sides on the bar against each other's closed board.
 *
 * @example
 *   const start = initialPosition("white");
 *   borneOff(start, "white"); // 0
 *   const made = makePosition(start.white, start.black, "black"); // { ok: true, value: … }
 */

import {
  BAR_INDEX,
  CHECKERS_PER_SIDE,
  type Color,
  type GameResultKind,
  type Position,
  type Result,
  type SideBoard,
  err,
  ok,
  opponentOf,
} from "./types";

export type PositionErrorCode = "ERR_BAD_BOARD" | "ERR_TOO_MANY_CHECKERS" | "ERR_POINT_CONFLICT" | "ERR_BOTH_CLOSED_OUT";

const BOARD_LENGTH = 25;

/** The standard setup on each side's own points: 24:2, 13:5, 8:3, 6:5. */
const START: SideBoard = Object.freeze([0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);

/** Builds a Position from arrays known to be valid that nobody will change. */
function positionFromTrustedBoards(white: SideBoard, black: SideBoard, turn: Color): Position {
  return { white, black, turn };
}

export function initialPosition(turn: Color): Position {
  return positionFromTrustedBoards(START, START, turn);
}

/** Validates two side boards (25 counts each, own point numbering, index 24 the bar) and returns a Position of copies. */
export function makePosition(white: readonly number[], black: readonly number[], turn: Color): Result<Position, PositionErrorCode> {
  for (const [color, side] of [["white", white], ["black", black]] as const) {
    if (side.length !== BOARD_LENGTH) {
      return err("ERR_BAD_BOARD", { reason: "boardLength", player: color, length: side.length, entries: BOARD_LENGTH });
    }
    let total = 0;
    for (const n of side) {
      if (!Number.isInteger(n) || n < 0) return err("ERR_BAD_BOARD", { reason: "checkerCount", player: color, held: String(n) });
      total += n;
    }
    if (total > CHECKERS_PER_SIDE) {
      return err("ERR_TOO_MANY_CHECKERS", { player: color, count: total, max: CHECKERS_PER_SIDE });
    }
  }
  for (let p = 1; p <= 24; p++) {
    if ((white[p - 1] ?? 0) > 0 && (black[24 - p] ?? 0) > 0) {
      return err("ERR_POINT_CONFLICT", { point: p, blackPoint: 25 - p });
    }
  }
  if (isClosedOutOnBar(white, black) && isClosedOutOnBar(black, white)) {
    return err("ERR_BOTH_CLOSED_OUT");
  }
  return ok(positionFromTrustedBoards([...white], [...black], turn));
}

/** True when `side` has a checker on the bar and `other` holds all six points of its home board. */
function isClosedOutOnBar(side: SideBoard, other: SideBoard): boolean {
  if ((side[BAR_INDEX] ?? 0) === 0) return false;
  for (let i = 0; i < 6; i++) if ((other[i] ?? 0) < 2) return false;
  return true;
}

/** A side's checkers still in play: on its points and on the bar. */
export function checkersInPlay(board: SideBoard): number {
  let total = 0;
  for (let i = 0; i < 25; i++) total += board[i] ?? 0;
  return total;
}

export function checkersOnBoard(pos: Position, color: Color): number {
  return checkersInPlay(pos[color]);
}

export function borneOff(pos: Position, color: Color): number {
  return CHECKERS_PER_SIDE - checkersOnBoard(pos, color);
}

export function swapTurn(pos: Position): Position {
  return positionFromTrustedBoards(pos.white, pos.black, opponentOf(pos.turn));
}

function boardsEqual(a: SideBoard, b: SideBoard): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function positionsEqual(a: Position, b: Position): boolean {
  return a.turn === b.turn && boardsEqual(a.white, b.white) && boardsEqual(a.black, b.black);
}

/**
 * The end of a game, or null while it goes on. The winner has borne off all 15; the loser loses a gammon if it bore off
 * none, and a backgammon if it also still has a checker on the bar or in the winner's home board (its own points
 * 19-24). If both sides show 15 off (not reachable in play), the side that just moved, the one not on turn, wins.
 */
export function gameResult(pos: Position): { winner: Color; kind: GameResultKind } | null {
  const justMoved = opponentOf(pos.turn);
  for (const winner of [justMoved, pos.turn]) {
    if (borneOff(pos, winner) !== CHECKERS_PER_SIDE) continue;
    const loser = opponentOf(winner);
    if (borneOff(pos, loser) > 0) return { winner, kind: "single" };
    const board = pos[loser];
    for (let i = 18; i <= BAR_INDEX; i++) if ((board[i] ?? 0) > 0) return { winner, kind: "backgammon" };
    return { winner, kind: "gammon" };
  }
  return null;
}
