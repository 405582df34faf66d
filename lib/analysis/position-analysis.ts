/**
 * The analysis board's answer to a position request (position-request.ts): the engine's ranked plays for the dice,
 * and the cube decision of the side on roll before its roll (cubeful-search.ts), at the depth asked (at 2-ply, a close
 * decision is searched again at 3-ply, as the hard computer decides). Pure; the server runs `analysePosition` in an engine
 * worker.
 *
 * @example
 *   const request = parsePositionRequest({ positionId: "4HPwATDgc/ABMA", dice: [3, 1], ply: 1 }); // position-request.ts
 *   if (request.ok) analysePosition(request.value, evaluator).plays[0]?.notation; // "8/5 6/5"
 */
import { encodeMatchId, encodePositionId } from "../engine/gnubg-id";
import type { Color, Dice } from "../engine/types";
import { refinementAt, searchCube } from "./cubeful-search";
import { matchEquityOf } from "./match-equity";
import { type BatchEvaluator, evaluateAtPly, rankPlays } from "./search";
import type { PositionRequest } from "./position-request";
import type { Ply, Probabilities } from "./types";

export type { PositionRequest } from "./position-request";

/** How many plays the board lists. */
export const POSITION_PLAYS = 10;

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
    /** The decision's depth: the one asked, or 3 when it is close at 2-ply (cubeful-search.ts refinementAt). */
    readonly ply: Ply;
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
  const { decision, ply: cubePly } = searchCube(position, context, { ply, evaluator, refine: refinementAt(ply) });
  return {
    positionId: encodePositionId(position),
    matchId: matchIdOf(request),
    onRoll: context.onRoll,
    dice,
    ply,
    probabilities: evaluateAtPly(position, { ply, evaluator, equityOf }),
    cube: {
      ply: cubePly,
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
