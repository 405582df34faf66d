/**
 * The analysis board's question (lib/analysis/position-analysis.ts answers it): a position as GNU Backgammon's
 * Position ID, an optional Match ID (score, cube, side on roll, dice), optional dice and a depth — read from a JSON
 * body or a page's query and checked, with the rules' own error codes for what is wrong. Kept apart from the search
 * so the page can read its URL without loading the engine.
 *
 * Without a Match ID the position is a money game with a centred cube, white (gnubg's player 0) on roll. With one,
 * the Match ID's side on roll, cube, score, match length and Crawford game apply, and its dice when it has some and
 * none are given. Money play here never uses the Jacoby rule (the site's games do not).
 *
 * @example
 *   parsePositionRequest({ positionId: "4HPwATDgc/ABMA", dice: "31", ply: 1 }); // ok: money, white on roll, 3-1
 */
import { decodeMatchId, decodePositionId } from "../engine/gnubg-id";
import { gameResult } from "../engine/position";
import { type Dice, type DieValue, type FailureValues, type Position, err, ok, type Result } from "../engine/types";
import type { CubeContext } from "./cube-decision";
import type { Ply } from "./types";

export interface PositionRequest {
  readonly position: Position;
  readonly context: CubeContext;
  readonly dice: Dice | null;
  readonly ply: Ply;
}

export type PositionRequestError = "ERR_BAD_POSITION_ID" | "ERR_BAD_MATCH_ID" | "ERR_BAD_PLY" | "ERR_BAD_BODY";

const isDie = (n: unknown): n is DieValue => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 6;

/** Dice from [a, b] or "ab" / "a-b" text; null for none, undefined for something that is not dice. */
export function parseDice(input: unknown): Dice | null | undefined {
  if (input === null || input === undefined || input === "") return null;
  if (Array.isArray(input) && input.length === 2 && isDie(input[0]) && isDie(input[1])) return [input[0], input[1]];
  if (typeof input === "string") {
    const m = /^([1-6])-?([1-6])$/.exec(input.trim());
    if (m) return [Number(m[1]) as DieValue, Number(m[2]) as DieValue];
  }
  return undefined;
}

/** The request from a JSON body or a page's query: { positionId, matchId?, dice?, ply? } (ply 0 by default). */
export function parsePositionRequest(body: Readonly<Record<string, unknown>>): Result<PositionRequest, PositionRequestError> {
  const { positionId, matchId } = body;
  if (typeof positionId !== "string" || positionId.length > 64) return err("ERR_BAD_BODY", { reason: "position" });
  if (matchId !== undefined && matchId !== null && matchId !== "" && (typeof matchId !== "string" || matchId.length > 64)) {
    return err("ERR_BAD_BODY", { reason: "position" });
  }
  const ply = body.ply === undefined ? 0 : body.ply;
  if (ply !== 0 && ply !== 1 && ply !== 2 && ply !== 3) return err("ERR_BAD_PLY");
  let context: CubeContext = { matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white" };
  let matchDice: Dice | null = null;
  if (typeof matchId === "string" && matchId !== "") {
    const decoded = decodeMatchId(matchId);
    if (!decoded.ok) return err(decoded.code, decoded.values as FailureValues);
    const m = decoded.value;
    if (m.matchLength > 0 && (m.score.white >= m.matchLength || m.score.black >= m.matchLength)) {
      return err("ERR_BAD_MATCH_ID", { reason: "score", id: matchId, length: m.matchLength });
    }
    context = { matchLength: m.matchLength, score: m.score, cubeValue: m.cubeValue, crawford: m.crawford, cubeOwner: m.cubeOwner, onRoll: m.onRoll };
    if (isDie(m.dice[0]) && isDie(m.dice[1])) matchDice = [m.dice[0], m.dice[1]];
  }
  const position = decodePositionId(positionId, context.onRoll);
  if (!position.ok) return err(position.code, position.values as FailureValues);
  if (gameResult(position.value) !== null) return err("ERR_BAD_POSITION_ID", { reason: "notAPosition", id: positionId, problem: "over" });
  const dice = parseDice(body.dice);
  if (dice === undefined) return err("ERR_BAD_BODY", { reason: "dice" });
  return ok({ position: position.value, context, dice: dice ?? matchDice, ply });
}

