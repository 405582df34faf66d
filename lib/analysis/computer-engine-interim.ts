/**
 * TEMPORARY (removed when lib/analysis/search.ts, match-equity.ts and cube-decision.ts land on main): the contract's
 * search, match-equity and cube functions in their simplest form, so that the computer player and its server
 * plumbing can be built and tested before the real engine arrives. Nothing here is meant to play well.
 *
 * @example
 *   rankPlays(pos, [6, 5], { ply: 0, evaluator: interimEvaluator })[0]?.play.notation;
 */
import { legalPlays } from "../engine/moves";
import { pipCount } from "../engine/pips";
import { opponentOf, type Color, type Dice, type LegalPlay, type Position } from "../engine/types";
import { cubelessMoneyEquity, invertProbabilities, type EquityOf, type Evaluator, type Ply, type Probabilities } from "./types";

export interface SearchOptions {
  readonly ply: Ply;
  readonly evaluator: Evaluator;
  readonly equityOf?: EquityOf;
}

export interface RankedPlay {
  readonly play: LegalPlay;
  readonly probabilities: Probabilities;
  readonly equity: number;
}

export function rankPlays(pos: Position, dice: Dice, options: SearchOptions): RankedPlay[] {
  const equityOf = options.equityOf ?? ((p: Probabilities) => cubelessMoneyEquity(p));
  return legalPlays(pos, dice)
    .map((play) => {
      const probabilities = invertProbabilities(options.evaluator(play.result));
      return { play, probabilities, equity: equityOf(probabilities, pos.turn) };
    })
    .sort((a, b) => b.equity - a.equity);
}

export function evaluateAtPly(pos: Position, options: SearchOptions): Probabilities {
  return options.evaluator(pos);
}

/** A race formula on the pip counts (on roll is worth about 4 pips), no gammons. */
export const interimEvaluator: Evaluator = (pos) => {
  const lead = pipCount(pos, opponentOf(pos.turn)) - pipCount(pos, pos.turn) + 4;
  const win = 1 / (1 + Math.exp(-lead / 12));
  return { win, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 };
};

export interface MatchContext {
  readonly matchLength: number;
  readonly score: Readonly<Record<Color, number>>;
  readonly cubeValue: number;
  readonly crawford: boolean;
}

export function matchEquityOf(context: MatchContext): EquityOf {
  void context;
  return (p) => cubelessMoneyEquity(p);
}

export type CubeContext = MatchContext & { readonly cubeOwner: Color | null; readonly onRoll: Color };

export interface CubeDecision {
  readonly shouldDouble: boolean;
  readonly shouldTake: boolean;
  readonly tooGood: boolean;
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doublePass: number };
}

export function cubeDecision(p: Probabilities, context: CubeContext): CubeDecision {
  void context;
  const equity = cubelessMoneyEquity(p);
  return {
    shouldDouble: equity > 0.4 && equity < 0.9,
    shouldTake: p.win < 0.75,
    tooGood: equity >= 0.9,
    equities: { noDouble: equity, doubleTake: 2 * equity, doublePass: 1 },
  };
}
