/**
 * The analysis board's question and answer: any position given as GNU Backgammon's Position ID and (optionally) Match
 * ID, with or without dice, analysed at a depth — the engine's ranked plays for the dice, and the cube decision of the
 * side on roll before its roll (cubeful-search.ts). Pure; the server runs `analysePosition` in an engine worker and
 * the page reads the same request from its URL.
 *
 * Without a Match ID the position is a money game with a centred cube, white (gnubg's player 0) on roll. With one,
 * the Match ID's side on roll, cube, score, match length and Crawford game apply, and its dice when it has some and
 * none are given. Money play here never uses the Jacoby rule (the site's games do not).
 *
 * @example
 *   const request = parsePositionRequest({ positionId: "4HPwATDgc/ABMA", dice: [3, 1], ply: 1 });
 *   if (request.ok) analysePosition(request.value, evaluator).plays[0]?.notation; // "8/5 6/5"
 */
import { decodeMatchId, decodePositionId, encodeMatchId, encodePositionId } from "../engine/gnubg-id";
import { gameResult } from "../engine/position";
import { type Color, type Dice, type DieValue, type FailureValues, type Position, err, ok, type Result } from "../engine/types";
import { type CubeContext } from "./cube-decision";
import { cubeDecisionAtPly } from "./cubeful-search";
import { matchEquityOf } from "./match-equity";
import { type BatchEvaluator, evaluateAtPly, rankPlays } from "./search";
import { type Ply, type Probabilities } from "./types";

/** How many plays the board lists. */
export const POSITION_PLAYS = 10;

export interface PositionRequest {
  readonly position: Position;
  readonly context: CubeContext;
  readonly dice: Dice | null;
  readonly ply: Ply;
}

export interface RankedPlayView {
  readonly notation: string;
  readonly moves: readonly { readonly from: number; readonly to: number }[];
  /** The mover's equity after the play, per unit of the cube (EMG), and what it gives up against the first. */
  readonly equity: number;
  readonly loss: number;
  readonly probabilities: Probabilities;
  /** The depth the play was valued at (the move filters stop some plays early). */
  readonly ply: Ply;
}

export interface PositionAnalysis {
  readonly positionId: string;
  readonly matchId: string;
  readonly onRoll: Color;
  readonly dice: Dice | null;
  readonly ply: Ply;
  /** Before the roll: the side on roll's cubeless chances at the depth asked. */
  readonly probabilities: Probabilities;
  readonly cube: {
    readonly available: boolean;
    readonly double: boolean;
    readonly take: boolean;
    readonly tooGood: boolean;
    readonly noDouble: number;
    readonly doubleTake: number;
    readonly doublePass: number;
  };
  /** Best first; [] without dice or when the roll cannot be played. */
  readonly plays: readonly RankedPlayView[];
  /** How many legal plays there were. */
  readonly legalPlays: number;
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
  if (ply !== 0 && ply !== 1 && ply !== 2) return err("ERR_BAD_PLY");
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

/** The Match ID that describes a request's context (the side on roll to roll, its dice if given). */
function matchIdOf(request: PositionRequest): string {
  const { context, dice } = request;
  return encodeMatchId({
    cubeValue: context.cubeValue,
    cubeOwner: context.cubeOwner,
    onRoll: context.onRoll,
    crawford: context.crawford,
    gameState: "playing",
    turn: context.onRoll,
    doubled: false,
    resign: 0,
    dice: dice ? [Math.max(...dice), Math.min(...dice)] : [0, 0],
    matchLength: context.matchLength,
    score: context.score,
    ...(context.matchLength === 0 ? { jacoby: false } : {}),
  });
}

export function analysePosition(request: PositionRequest, evaluator: BatchEvaluator): PositionAnalysis {
  const { position, context, dice, ply } = request;
  const equityOf = matchEquityOf(context);
  // Money equities come in points at the cube; the board shows them per unit of it, as gnubg does.
  const perCube = context.matchLength === 0 ? context.cubeValue : 1;
  const ranked = dice ? rankPlays(position, dice, { ply, evaluator, equityOf }) : [];
  const best = ranked[0]?.equity ?? 0;
  const decision = cubeDecisionAtPly(position, context, { ply, evaluator });
  return {
    positionId: encodePositionId(position),
    matchId: matchIdOf(request),
    onRoll: context.onRoll,
    dice,
    ply,
    probabilities: evaluateAtPly(position, { ply, evaluator, equityOf }),
    cube: {
      available: decision.cubeAvailable,
      double: decision.shouldDouble,
      take: decision.shouldTake,
      tooGood: decision.tooGood,
      ...decision.equities,
    },
    plays: ranked.slice(0, POSITION_PLAYS).map((r) => ({
      notation: r.play.notation,
      moves: r.play.moves.map(({ from, to }) => ({ from, to })),
      equity: r.equity / perCube,
      loss: (best - r.equity) / perCube,
      probabilities: r.probabilities,
      ply: r.ply,
    })),
    legalPlays: ranked.length,
  };
}
