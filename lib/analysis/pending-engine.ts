/**
 * TEMPORARY ADAPTER (issue 19, analysis helper): stand-ins with the API contract's names and signatures for the
 * CUBE helper's match-equity.ts (matchEquityOf) and cube-decision.ts (cubeDecision), not yet on main. match-analysis.ts
 * imports them from here only until the real modules are merged; then this file is deleted and the imports point at
 * the real ones.
 *
 * @example
 *   cubeDecision(p, { matchLength: 5, score, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white" });
 */
import type { Color } from "../engine/types";
import { cubelessMoneyEquity, type EquityOf, type Probabilities } from "./types";

export interface MatchContext {
  readonly matchLength: number;
  readonly score: Readonly<Record<Color, number>>;
  readonly cubeValue: number;
  readonly crawford: boolean;
}

export interface CubeContext extends MatchContext {
  readonly cubeOwner: Color | null;
  readonly onRoll: Color;
}

export interface CubeDecision {
  readonly shouldDouble: boolean;
  readonly shouldTake: boolean;
  readonly tooGood: boolean;
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doublePass: number };
}

export function matchEquityOf(_context: MatchContext): EquityOf {
  return (p) => cubelessMoneyEquity(p);
}

/** Money, dead cube: no double = E, double/take = 2E, double/pass = 1. */
export function cubeDecision(p: Probabilities, _context: CubeContext): CubeDecision {
  const e = cubelessMoneyEquity(p);
  const equities = { noDouble: e, doubleTake: 2 * e, doublePass: 1 };
  const shouldTake = equities.doubleTake <= equities.doublePass;
  return { shouldDouble: Math.min(equities.doubleTake, 1) > e, shouldTake, tooGood: e > 1, equities };
}
