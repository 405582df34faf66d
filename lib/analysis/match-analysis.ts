/**
 * Move-by-move analysis of a match, as GNU Backgammon's "analyse match" does it (gnubg 1.07 analysis.c,
 * AnalyzeMove and updateStatcontext): every checker play is compared with the engine's best play for the same roll,
 * every cube decision with the best cube action, and the equity lost is marked with gnubg's skill levels.
 *
 * - Units: equity in EMG (normalised equity for the cube in play; match equity through the match equity table), as
 *   gnubg reports it. Losses are positive numbers.
 * - Marks (gnubg 1.07 `arSkillLevel` and `Skill()` in analysis.c): a loss ≥ 0.04 is doubtful, ≥ 0.08 an error
 *   (gnubg's SKILL_BAD, "bad"), ≥ 0.16 a blunder (SKILL_VERYBAD, "very bad").
 * - Forced plays (at most one legal play) are not decisions: gnubg counts them as moves but not as unforced moves,
 *   and its error rate divides by unforced moves plus close cube decisions (getMWCFromError).
 * - Cube decisions: at each roll where the roller could have doubled with a live cube (a "no double"; gnubg's
 *   GetDPEq), at each double, take and drop.
 *   A double, take or drop always counts; a no double counts when it is close (gnubg's isCloseCubedecision: the
 *   optimal cubeful equity is less than 0.16 above min(double/take, 1)) or a missed double.
 *
 * - Luck (gnubg's "luck" analysis): each roll's equity after the best play for it minus the average of the same over
 *   all the rolls that could have come (the 36, or the 30 of an opening roll), at 0-ply for the roller, in EMG like the
 *   losses. gnubg's luck marks: lucky from +0.3, very lucky from +0.6, unlucky and very unlucky below the negatives.
 * - Error rates apart for checker play (per unforced move) and cube (per counted cube decision), as PR-style figures
 *   with gnubg's rating bands in words (gnubg-rating.ts).
 *
 * The work is split into points (`analysisPoints`), each analysed on its own (`analysePoint`), so a background job can
 * run them one by one off the event loop and report progress; `analyseMatch` does all of it in one call.
 *
 * @example
 *   const result = analyseMatch({ matchLength: 5 }, actions, { ply: 1, evaluator: createEvaluator() });
 *   result.totals.white.errorRate; // thousandths of EMG lost per decision (gnubg's "error rate mEMG")
 *   result.entries.find((e) => e.kind === "move" && e.mark === "blunder");
 */
import { apply } from "../engine/match";
import { newMatch, type MatchAction, type MatchOptions, type MatchState } from "../engine/match-state";
import { legalPlays, validatePlay } from "../engine/moves";
import type { MoveSpec } from "../engine/notation";
import { positionsEqual, swapTurn } from "../engine/position";
import { describeFailure, opponentOf, type Color, type Dice, type Position } from "../engine/types";
import { cubeAvailable, cubeContextOf, optimalCubeEquity } from "./cube-decision";
import { cubeDecisionAtPly, refinementAt } from "./cubeful-search";
import { type MatchContext, matchEquityOf } from "./match-equity";
import { ROLLS, evaluateAtPly, rankPlays } from "./search";
import { invertProbabilities, type Evaluator, type Ply } from "./types";

/** gnubg's skill marks, named as players say them: doubtful (?!), error (?, gnubg "bad"), blunder (??, "very bad"). */
export type SkillMark = "none" | "doubtful" | "error" | "blunder";

/** gnubg 1.07 arSkillLevel (analysis.c): SKILL_DOUBTFUL 0.04, SKILL_BAD 0.08, SKILL_VERYBAD 0.16. */
export const SKILL_THRESHOLDS = { doubtful: 0.04, error: 0.08, blunder: 0.16 } as const;

/** gnubg's isCloseCubedecision threshold (eval.c): a no double within 0.16 of doubling counts as a decision. */
export const CLOSE_CUBE_THRESHOLD = 0.16;

/** The mark for an equity loss, as gnubg's Skill(): `r <= -threshold`. */
export function markOf(loss: number): SkillMark {
  if (loss >= SKILL_THRESHOLDS.blunder) return "blunder";
  if (loss >= SKILL_THRESHOLDS.error) return "error";
  if (loss >= SKILL_THRESHOLDS.doubtful) return "doubtful";
  return "none";
}

export type CubeAction = "no-double" | "double" | "take" | "drop";

/** gnubg 1.07 arLuckLevel (analysis.c): a roll worth 0.3 or more is lucky, 0.6 or more very lucky. */
export const LUCK_THRESHOLDS = { lucky: 0.3, veryLucky: 0.6 } as const;

export type LuckMark = "very-unlucky" | "unlucky" | "none" | "lucky" | "very-lucky";

export function luckMarkOf(luck: number): LuckMark {
  if (luck >= LUCK_THRESHOLDS.veryLucky) return "very-lucky";
  if (luck >= LUCK_THRESHOLDS.lucky) return "lucky";
  if (luck <= -LUCK_THRESHOLDS.veryLucky) return "very-unlucky";
  if (luck <= -LUCK_THRESHOLDS.lucky) return "unlucky";
  return "none";
}

/** One decision to analyse: plain data (a match state and the action taken), so it can cross to a worker thread. */
export type AnalysisPoint =
  | { readonly kind: "move"; readonly actionIndex: number; readonly game: number; readonly state: MatchState; readonly moves: readonly MoveSpec[] }
  | {
      readonly kind: "cube";
      readonly actionIndex: number;
      readonly game: number;
      /** The state at the turn's start, the roller (or doubler) on roll. */
      readonly state: MatchState;
      readonly action: "no-double" | "double";
      /** For a double: the answer (take or drop) and its action index; null when the match record ends first. */
      readonly response: { readonly action: "take" | "drop"; readonly actionIndex: number } | null;
    }
  | {
      readonly kind: "roll";
      readonly actionIndex: number;
      readonly game: number;
      /** The board before the roll, the roller on turn. */
      readonly position: Position;
      readonly player: Color;
      readonly dice: Dice;
      /** The game's first roll: two different dice, one each, so 30 rolls could have come. */
      readonly opening: boolean;
      readonly context: MatchContext;
    };

export interface PlayCandidate {
  readonly notation: string;
  readonly equity: number;
}

export interface MoveEntry {
  readonly kind: "move";
  /** Index of the action in the match's action list (the review's steps carry it). */
  readonly actionIndex: number;
  readonly game: number;
  readonly player: Color;
  readonly dice: Dice;
  readonly played: string;
  readonly best: string;
  /** The board after the best play (opponent on turn), to show it. */
  readonly bestPosition: Position;
  readonly equityPlayed: number;
  readonly equityBest: number;
  readonly loss: number;
  readonly mark: SkillMark;
  /** The best few plays, best first (the played one included if it ranked lower). */
  readonly candidates: readonly PlayCandidate[];
}

export interface CubeEntry {
  readonly kind: "cube";
  readonly actionIndex: number;
  readonly game: number;
  /** Who decided: the roller or doubler, or the taker for a take or drop. */
  readonly player: Color;
  readonly action: CubeAction;
  readonly best: CubeAction;
  /** Cubeful equities for the doubler, normalised to the cube before the double (double/pass = +1 in money). */
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doublePass: number };
  readonly loss: number;
  readonly mark: SkillMark;
}

/** The luck of one roll, for the roller. */
export interface LuckEntry {
  readonly kind: "luck";
  readonly actionIndex: number;
  readonly game: number;
  readonly player: Color;
  readonly dice: Dice;
  /** Equity after the best play for this roll minus the average over the rolls that could have come (EMG). */
  readonly luck: number;
  readonly luckMark: LuckMark;
}

export type DecisionEntry = MoveEntry | CubeEntry;
export type AnalysisEntry = DecisionEntry | LuckEntry;

export interface PlayerTotals {
  /** Unforced checker plays. */
  readonly moves: number;
  /** Plays with at most one legal choice: not decisions. */
  readonly forcedMoves: number;
  /** Close cube decisions, doubles, takes and drops. */
  readonly cubeDecisions: number;
  /** moves + cubeDecisions: what the error rate divides by. */
  readonly decisions: number;
  readonly checkerLoss: number;
  readonly cubeLoss: number;
  readonly totalLoss: number;
  /** Thousandths of EMG lost per decision (gnubg: "Error rate mEMG"). */
  readonly errorRate: number;
  /** Thousandths of EMG lost per unforced move, and per counted cube decision (0 without any). */
  readonly checkerErrorRate?: number;
  readonly cubeErrorRate?: number;
  /** The rolls' luck summed over the match (EMG), the number of rolls, and per game (game number → luck). */
  readonly luck?: number;
  readonly rolls?: number;
  readonly luckByGame?: Readonly<Record<number, number>>;
  readonly marks: { readonly doubtful: number; readonly error: number; readonly blunder: number };
}

export interface MatchAnalysis {
  readonly ply: Ply;
  readonly entries: readonly AnalysisEntry[];
  readonly totals: Readonly<Record<Color, PlayerTotals>>;
}

export interface AnalysisOptions {
  readonly ply: Ply;
  readonly evaluator: Evaluator;
}

const CANDIDATES = 5;

/**
 * Whether a roll was a cube decision, as gnubg's GetDPEq decides it (cube-decision.ts cubeAvailable): the roller could
 * double and the cube is alive for them. A legal double with a dead cube is still analysed when it is made (gnubg
 * analyses every double).
 */
function rollIsCubeDecision(state: MatchState, player: Color): boolean {
  const context = cubeContextOf(state);
  return state.phase === "turn-start" && state.onRoll === player && context !== null && cubeAvailable(context);
}

/**
 * The match's decisions in order, and each player's forced plays (which are not analysed). `start` is the state the
 * actions begin from: a new match by default (a test may start from a position set up by hand).
 */
export function analysisPoints(
  options: MatchOptions,
  actions: readonly MatchAction[],
  start: MatchState = newMatch(options),
): { points: AnalysisPoint[]; forced: Record<Color, number> } {
  const points: AnalysisPoint[] = [];
  const forced: Record<Color, number> = { white: 0, black: 0 };
  let state = start;
  let openDouble: { index: number; point: AnalysisPoint } | null = null;
  for (const [actionIndex, action] of actions.entries()) {
    const game = state.gameNumber;
    if (action.type === "roll" && rollIsCubeDecision(state, action.player)) {
      points.push({ kind: "cube", actionIndex, game, state, action: "no-double", response: null });
    } else if (action.type === "double") {
      openDouble = { index: points.length, point: { kind: "cube", actionIndex, game, state, action: "double", response: null } };
      points.push(openDouble.point);
    } else if ((action.type === "take" || action.type === "drop") && openDouble !== null) {
      points[openDouble.index] = { ...openDouble.point, response: { action: action.type, actionIndex } } as AnalysisPoint;
      openDouble = null;
    } else if (action.type === "move" && state.dice !== null) {
      const choices = legalPlays(state.position, state.dice).length;
      if (choices > 1) points.push({ kind: "move", actionIndex, game, state, moves: action.moves });
      else forced[action.player]++;
    }
    const next = apply(state, action);
    if (!next.ok) throw new Error(`action ${actionIndex + 1} refused while analysing the match (${describeFailure(next)})`);
    if (action.type === "roll") {
      points.push({ kind: "roll", actionIndex, game, position: { ...state.position, turn: action.player }, player: action.player, dice: action.dice, opening: false, context: contextOf(state) });
    } else if (action.type === "opening-roll" && next.value.onRoll !== null && next.value.dice !== null) {
      // A tie rolls again and has nobody on roll: no luck to give.
      const player = next.value.onRoll;
      points.push({ kind: "roll", actionIndex, game, position: { ...next.value.position, turn: player }, player, dice: action.dice, opening: true, context: contextOf(next.value) });
    }
    state = next.value;
  }
  return { points, forced };
}

function contextOf(state: MatchState): MatchContext {
  return { matchLength: state.matchLength, score: state.score, cubeValue: state.cube.value, crawford: state.crawford };
}

/**
 * The luck of a roll (module doc): at 0-ply, the roller's equity after its best play with the dice rolled minus the
 * average of the same over the rolls that could have come, per unit of the cube.
 */
function analyseRoll(point: Extract<AnalysisPoint, { kind: "roll" }>, options: AnalysisOptions): LuckEntry {
  const { context, player } = point;
  const equityOf = matchEquityOf(context);
  // Money equities come in points at the cube; the luck is per unit of it, as the losses are.
  const scale = context.matchLength === 0 ? context.cubeValue : 1;
  const pos = point.position;
  const after = (dice: Dice): number => {
    const best = rankPlays(pos, dice, { ply: 0, evaluator: options.evaluator, equityOf })[0];
    const equity = best ? best.equity : equityOf(invertProbabilities(options.evaluator(swapTurn(pos))), player);
    return equity / scale;
  };
  let sum = 0;
  let weights = 0;
  for (const { dice, weight } of ROLLS) {
    if (point.opening && dice[0] === dice[1]) continue;
    sum += weight * after(dice);
    weights += weight;
  }
  const luck = after(point.dice) - sum / weights;
  return { kind: "luck", actionIndex: point.actionIndex, game: point.game, player, dice: point.dice, luck, luckMark: luckMarkOf(luck) };
}

function analyseMove(point: Extract<AnalysisPoint, { kind: "move" }>, options: AnalysisOptions): MoveEntry {
  const { state } = point;
  const dice = state.dice as Dice;
  const pos = state.position;
  const mover = pos.turn;
  const equityOf = matchEquityOf(contextOf(state));
  const search = { ply: options.ply, evaluator: options.evaluator, equityOf };
  const made = validatePlay(pos, dice, point.moves);
  if (!made.ok) throw new Error(`stored play refused while analysing (${describeFailure(made)})`);
  const ranked = rankPlays(pos, dice, search);
  const best = ranked[0];
  if (!best) throw new Error("an unforced play has no ranked plays");
  const rank = ranked.findIndex((r) => positionsEqual(r.play.result, made.value.result));
  const found = ranked[rank];
  // A play the move filters cut before the full ply is valued at the full ply here: gnubg's analysis re-evaluates the
  // play made the same way, so its loss is never an artefact of a shallower value.
  const equityPlayed = found && found.ply === options.ply ? found.equity : equityOf(invertProbabilities(evaluateAtPly(made.value.result, search)), mover);
  const top = equityPlayed > best.equity ? { notation: made.value.notation, position: made.value.result, equity: equityPlayed } : { notation: best.play.notation, position: best.play.result, equity: best.equity };
  const loss = Math.max(0, top.equity - equityPlayed);
  const candidates = ranked.slice(0, CANDIDATES).map((r) => ({ notation: r.play.notation, equity: r.equity }));
  if (rank < 0 || rank >= CANDIDATES) candidates.push({ notation: made.value.notation, equity: equityPlayed });
  return {
    kind: "move",
    actionIndex: point.actionIndex,
    game: point.game,
    player: mover,
    dice,
    played: made.value.notation,
    best: top.notation,
    bestPosition: top.position,
    equityPlayed,
    equityBest: top.equity,
    loss,
    mark: markOf(loss),
    candidates,
  };
}

function analyseCube(point: Extract<AnalysisPoint, { kind: "cube" }>, options: AnalysisOptions): CubeEntry[] {
  const { state } = point;
  const doubler = state.onRoll as Color;
  const pos: Position = state.position.turn === doubler ? state.position : { ...state.position, turn: doubler };
  const context = { ...contextOf(state), cubeOwner: state.cube.owner, onRoll: doubler };
  // Cubeful search at the analysis depth (cubeful-search.ts). An offered double's close take is searched again deeper,
  // as the computer answers one; its double and the no doubles are not: refining them too took a 7-point match's 2-ply
  // analysis from ~12 s to 18–19 s (scripts/bench-match-analysis.ts), near the 20 s a review may take.
  const deeper = point.action === "double" ? refinementAt(options.ply) : undefined;
  const refine = deeper && { ...deeper, doubleWithin: 0 };
  const decision = cubeDecisionAtPly(pos, context, { ply: options.ply, evaluator: options.evaluator, refine });
  const { equities } = decision;
  const doubled = Math.min(equities.doubleTake, equities.doublePass);
  // gnubg's OPTIMAL: the opponent's best answer when doubling is right, else no double (too good included).
  const optimal = optimalCubeEquity(decision);
  const bestDoubler: CubeAction = decision.shouldDouble ? "double" : "no-double";
  const entries: CubeEntry[] = [];
  const base = { kind: "cube" as const, game: point.game, equities };
  if (point.action === "no-double") {
    const loss = Math.max(0, optimal - equities.noDouble);
    const close = optimal - Math.min(equities.doubleTake, 1) < CLOSE_CUBE_THRESHOLD || loss > 0;
    if (close) entries.push({ ...base, actionIndex: point.actionIndex, player: doubler, action: "no-double", best: bestDoubler, loss, mark: markOf(loss) });
    return entries;
  }
  const doubleLoss = Math.max(0, optimal - doubled);
  entries.push({ ...base, actionIndex: point.actionIndex, player: doubler, action: "double", best: bestDoubler, loss: doubleLoss, mark: markOf(doubleLoss) });
  if (point.response) {
    // The taker wants the doubler's equity low: taking is right when double/take ≤ double/pass.
    const bestAnswer: CubeAction = decision.shouldTake ? "take" : "drop";
    const answered = point.response.action === "take" ? equities.doubleTake : equities.doublePass;
    const loss = Math.max(0, answered - doubled);
    entries.push({ ...base, actionIndex: point.response.actionIndex, player: opponentOf(doubler), action: point.response.action, best: bestAnswer, loss, mark: markOf(loss) });
  }
  return entries;
}

/**
 * One point's analysis: one entry for a play, none or one for a no double, two for a double and its answer, one
 * luck entry for a roll.
 */
export function analysePoint(point: AnalysisPoint, options: AnalysisOptions): AnalysisEntry[] {
  if (point.kind === "roll") return [analyseRoll(point, options)];
  return point.kind === "move" ? [analyseMove(point, options)] : analyseCube(point, options);
}

/** Per-player totals of the entries, as gnubg's statistics sum them. */
export function summarise(entries: readonly AnalysisEntry[], forced: Readonly<Record<Color, number>>): Record<Color, PlayerTotals> {
  const totals = {} as Record<Color, PlayerTotals>;
  for (const color of ["white", "black"] as const) {
    const mine = entries.filter((e): e is DecisionEntry => e.player === color && e.kind !== "luck");
    const moves = mine.filter((e) => e.kind === "move");
    const cubes = mine.filter((e) => e.kind === "cube");
    const rolls = entries.filter((e): e is LuckEntry => e.player === color && e.kind === "luck");
    const sum = (list: readonly DecisionEntry[]) => list.reduce((s, e) => s + e.loss, 0);
    const checkerLoss = sum(moves);
    const cubeLoss = sum(cubes);
    const decisions = moves.length + cubes.length;
    const totalLoss = checkerLoss + cubeLoss;
    const perDecision = decisions === 0 ? 0 : totalLoss / decisions;
    const count = (mark: SkillMark) => mine.filter((e) => e.mark === mark).length;
    const luckByGame: Record<number, number> = {};
    for (const r of rolls) luckByGame[r.game] = (luckByGame[r.game] ?? 0) + r.luck;
    totals[color] = {
      moves: moves.length,
      forcedMoves: forced[color],
      cubeDecisions: cubes.length,
      decisions,
      checkerLoss,
      cubeLoss,
      totalLoss,
      errorRate: perDecision * 1000,
      checkerErrorRate: moves.length === 0 ? 0 : (checkerLoss / moves.length) * 1000,
      cubeErrorRate: cubes.length === 0 ? 0 : (cubeLoss / cubes.length) * 1000,
      luck: rolls.reduce((s, r) => s + r.luck, 0),
      rolls: rolls.length,
      luckByGame,
      marks: { doubtful: count("doubtful"), error: count("error"), blunder: count("blunder") },
    };
  }
  return totals;
}

/** The whole analysis in one call; `onProgress(done, total)` after each decision. */
export function analyseMatch(
  match: MatchOptions,
  actions: readonly MatchAction[],
  options: AnalysisOptions & { readonly onProgress?: (done: number, total: number) => void; readonly start?: MatchState },
): MatchAnalysis {
  const { points, forced } = analysisPoints(match, actions, options.start);
  const entries: AnalysisEntry[] = [];
  for (const [i, point] of points.entries()) {
    entries.push(...analysePoint(point, options));
    options.onProgress?.(i + 1, points.length);
  }
  return { ply: options.ply, entries, totals: summarise(entries, forced) };
}
