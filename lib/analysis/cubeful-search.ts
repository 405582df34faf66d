/**
 * Cube decisions searched n plies deep, as GNU Backgammon's cubeful evaluation does at 1-ply and above: the equity
 * of not doubling is the average over the 21 rolls of the position after the play the side on roll makes, where the
 * opponent in turn makes its own best cube action; the equity of double/take is the same with the cube doubled and
 * turned to the opponent. At the leaves (0-ply) Janowski's formula (cube-decision.ts) gives the cubeful equity with
 * that side's best cube action. So a double is judged on what the next rolls may bring — market losers, the
 * opponent's redoubles — not only on the cubeless chances now.
 *
 * Values inside the search are absolute for the side on roll at each node: points won (the cube's value times the
 * per-cube equity) for money, match winning chances in a match, so that a node turns them to its parent's view by
 * negation (money) or 1 − x (match). At the root they are given back per unit of the current cube in EMG (double/pass
 * = +1), the units of cubeDecision.
 *
 * The plays inside the tree are the ones cubeless search makes (searchChoice: the best at 0-ply), as gnubg does; the
 * cube states are only carried along, so one tree serves every cube state at once.
 *
 * @example
 *   const decision = cubeDecisionAtPly(pos, context, { ply: 2, evaluator: createEvaluator() });
 *   decision.shouldDouble; decision.equities.doubleTake;
 */
import { gameResult, swapTurn } from "../engine/position";
import { type Color, type Position, opponentOf } from "../engine/types";
import { type CubeContext, type CubeDecision, cubeAvailable, cubeDecision, cubeEfficiency, decideCube, optimalCubeEquity } from "./cube-decision";
import { cubelessMatchWinningChance, emgToMwc, mwcToEmg, resultChances } from "./match-equity";
import { type BatchEvaluator, ROLLS, searchChoice } from "./search";
import { type Ply, type Probabilities, cubelessMoneyEquity } from "./types";

/**
 * A second, deeper search for the decisions the first finds close: double/take within `takeWithin` EMG of double/pass,
 * or, when the side on roll may double, no double within `doubleWithin` of the opponent's best answer. The take is
 * where a deeper search pays most (docs/benchmarks.md, Cube decisions): on the two cube sets a 3-ply search cut the
 * taker's error by a fifth and a third, the doubler's by a seventh, at 21 times the cost of 2-ply; a close take is
 * rare in play, while a double within 0.1 of no double comes at many turn starts, so that window is narrower.
 */
export interface CubeRefinement {
  readonly ply: Ply;
  readonly takeWithin: number;
  readonly doubleWithin: number;
}

/**
 * What the hard computer and the analysis board use at 2-ply (the review, for an offered double's take): close
 * decisions searched again at 3-ply. The take window covers nine in ten of the moves a 3-ply search makes in a 2-ply
 * equity on the first cube set (median 0.022, 90th percentile 0.079); the double window is set by time, to keep the
 * hard level's p95 well under its 1 s (`npm run bench:computer -- --levels hard`: of the 200 decisions, 0.1 sent 10
 * to 3-ply and a p95 of 1.1 s; the 2-ply double margins there were 0.007, 0.027, 0.034, 0.041, …).
 */
export const CLOSE_CUBE_REFINEMENT: CubeRefinement = { ply: 3, takeWithin: 0.1, doubleWithin: 0.03 };

/** The refinement a cube search `ply` deep gets where players see its answer: 2-ply's close decisions at 3-ply. */
export function refinementAt(ply: Ply): CubeRefinement | undefined {
  return ply === 2 ? CLOSE_CUBE_REFINEMENT : undefined;
}

export interface CubefulSearchOptions {
  readonly ply: Ply;
  readonly evaluator: BatchEvaluator;
  /** Search a close decision again, deeper (only when `refine.ply` is deeper than `ply`). */
  readonly refine?: CubeRefinement;
}

const keyOf = (c: CubeContext) => `${c.cubeValue}:${c.cubeOwner ?? "-"}:${c.onRoll}`;

/** The parent's view of a child's absolute value. */
function flip(value: number, context: CubeContext): number {
  return context.matchLength === 0 ? -value : 1 - value;
}

/** A per-cube EMG equity of `context`'s side on roll as an absolute value. */
function absolute(emg: number, context: CubeContext): number {
  return context.matchLength === 0 ? emg * context.cubeValue : emgToMwc(emg, context, context.onRoll);
}

/** An absolute value back to EMG per unit of `context`'s cube. */
function perCube(value: number, context: CubeContext): number {
  return context.matchLength === 0 ? value / context.cubeValue : mwcToEmg(value, context, context.onRoll);
}

/** What the side on roll wins when its double is passed: the current cube. */
function cashValue(context: CubeContext): number {
  return context.matchLength === 0 ? context.cubeValue : resultChances(context, context.onRoll).win;
}

/**
 * The cube states of the children: no double (the same cube, the opponent on roll), doubled (the cube turned to the
 * opponent at twice its value), and double/take — the doubled state when the side on roll may double, else null.
 */
function childrenOf(context: CubeContext): { noDouble: CubeContext; doubled: CubeContext; doubleTake: CubeContext | null } {
  const other: Color = opponentOf(context.onRoll);
  const doubled = { ...context, cubeValue: 2 * context.cubeValue, cubeOwner: other, onRoll: other };
  return { noDouble: { ...context, onRoll: other }, doubled, doubleTake: cubeAvailable(context) ? doubled : null };
}

/** The probabilities that count: under the Jacoby rule with a centred cube, no gammon or backgammon counts. */
function counted(p: Probabilities, context: CubeContext): Probabilities {
  if (!(context.jacoby && context.matchLength === 0 && context.cubeOwner === null)) return p;
  return { win: p.win, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 };
}

/** The leaf value: Janowski's cubeful equity with the side's best cube action, or the exact result of a finished game. */
function leafValue(pos: Position, raw: Probabilities, context: CubeContext, over: boolean): number {
  const p = counted(raw, context);
  if (over) {
    return context.matchLength === 0 ? cubelessMoneyEquity(p) * context.cubeValue : cubelessMatchWinningChance(p, context, context.onRoll);
  }
  return absolute(optimalCubeEquity(cubeDecision(p, context, { efficiency: cubeEfficiency(pos) })), context);
}

/**
 * The no-double and double/take values (absolute, for the side on roll) of each context at `pos`, `ply` deep: the
 * 21 rolls' plays, and the children's values with their own best cube actions one ply less deep.
 */
function expand(pos: Position, contexts: readonly CubeContext[], ply: Ply, evaluator: BatchEvaluator): { noDouble: number; doubleTake: number | null }[] {
  const children = new Map<string, CubeContext>();
  const plan = contexts.map((context) => {
    const { noDouble, doubleTake } = childrenOf(context);
    children.set(keyOf(noDouble), noDouble);
    if (doubleTake) children.set(keyOf(doubleTake), doubleTake);
    return { noDouble: keyOf(noDouble), doubleTake: doubleTake ? keyOf(doubleTake) : null };
  });
  const childList = [...children.values()];
  const values = averageOverRolls(pos, childList, ply, evaluator);
  const averaged = new Map(childList.map((c, k) => [keyOf(c), values[k] as number]));
  return plan.map(({ noDouble, doubleTake }) => ({
    noDouble: averaged.get(noDouble) as number,
    doubleTake: doubleTake === null ? null : (averaged.get(doubleTake) as number),
  }));
}

/**
 * Absolute values of the side on roll for each context, after its best cube action, `ply` deep; `leaf` is pos's 0-ply
 * probabilities when the caller has them already.
 */
function nodeValues(pos: Position, contexts: readonly CubeContext[], ply: Ply, evaluator: BatchEvaluator, leaf?: Probabilities): number[] {
  const over = gameResult(pos) !== null;
  if (ply === 0 || over) {
    const p = leaf ?? evaluator(pos);
    return contexts.map((context) => leafValue(pos, p, context, over));
  }
  return expand(pos, contexts, ply, evaluator).map(({ noDouble, doubleTake }, k) => {
    if (doubleTake === null) return noDouble;
    const context = contexts[k] as CubeContext;
    const cash = cashValue(context);
    return Math.max(noDouble, Math.min(doubleTake, cash));
  });
}

/**
 * The cube decision of the side on roll (`context.onRoll`, who must be pos.turn) searched `options.ply` deep; at ply 0
 * it is Janowski's (cubeDecision). With `options.refine`, a close decision (isCloseCubeDecision) is searched again
 * `refine.ply` deep and that decision given, both answers. Equities per unit of the current cube, in EMG, for the
 * side on roll.
 */
export function cubeDecisionAtPly(pos: Position, context: CubeContext, options: CubefulSearchOptions): CubeDecision {
  return searchCube(pos, context, options).decision;
}

/** cubeDecisionAtPly, with the depth its answer comes from (`refine.ply` when the decision was close). */
export function searchCube(pos: Position, context: CubeContext, options: CubefulSearchOptions): { decision: CubeDecision; ply: Ply } {
  const decision = searchedCubeDecision(pos, context, options.ply, options.evaluator);
  const refine = options.refine;
  if (!refine || refine.ply <= options.ply || !isCloseCubeDecision(decision, refine)) return { decision, ply: options.ply };
  return { decision: searchedCubeDecision(pos, context, refine.ply, options.evaluator), ply: refine.ply };
}

/**
 * Whether an answer is within the refinement's windows of changing: take against pass, or, when the side on roll may
 * double, no double against the opponent's best answer to a double (double against too good, when that is a pass).
 */
export function isCloseCubeDecision(decision: CubeDecision, windows: Pick<CubeRefinement, "takeWithin" | "doubleWithin">): boolean {
  const { noDouble, doubleTake, doublePass } = decision.equities;
  if (Math.abs(doublePass - doubleTake) < windows.takeWithin) return true;
  return decision.cubeAvailable && Math.abs(Math.min(doubleTake, doublePass) - noDouble) < windows.doubleWithin;
}

function searchedCubeDecision(pos: Position, context: CubeContext, ply: Ply, evaluator: BatchEvaluator): CubeDecision {
  if (pos.turn !== context.onRoll) throw new Error("the cube decision is for the side on roll");
  const p = counted(evaluator(pos), context);
  if (ply === 0 || gameResult(pos) !== null) return cubeDecision(p, context, { efficiency: cubeEfficiency(pos) });
  // Double/take is valued even when the cube is not available, as gnubg shows it; the decision then says so.
  const children = childrenOf(context);
  const [noDouble, doubled] = averageOverRolls(pos, [children.noDouble, children.doubled], ply, evaluator);
  if (noDouble === undefined || doubled === undefined) throw new Error("unreachable: two children in, two values out");
  const equities = {
    noDouble: perCube(noDouble, context),
    doubleTake: perCube(doubled, context),
    doublePass: 1,
  };
  return decideCube(equities, p.winGammon > 0, context);
}

/**
 * Each child cube state's value averaged over the 21 rolls, in the parent's view: one walk of the tree (the plays of
 * each roll chosen once) serves every cube state.
 */
function averageOverRolls(pos: Position, children: readonly CubeContext[], ply: Ply, evaluator: BatchEvaluator): number[] {
  const sums = new Float64Array(children.length);
  const deeper = (ply - 1) as Ply;
  for (const { dice, weight } of ROLLS) {
    const choice = searchChoice(pos, dice, evaluator);
    const after = choice ? choice.play.result : swapTurn(pos);
    // At the leaves the chosen result's value is the one it was chosen by.
    const values = nodeValues(after, children, deeper, evaluator, choice?.theirs);
    for (let k = 0; k < children.length; k++) sums[k] = (sums[k] as number) + weight * (values[k] as number);
  }
  return children.map((child, k) => flip((sums[k] as number) / 36, child));
}
