/**
 * Cube decisions from cubeless probabilities: Janowski's cubeful equity with a cube efficiency x, for money and (with
 * GNU Backgammon's generalisation to match play) at any match score, as GNU Backgammon 1.07 does at 0-ply.
 *
 * The model (Rick Janowski, "Take-Points in Money Games", 1993; gnubg eval.c Cl2CfMoney / Cl2CfMatch): the cubeful
 * equity is x times the equity of a perfectly live cube plus (1 - x) times the cubeless (dead cube) equity. The live
 * cube equity is linear in the winning chance p between the points where a side would cash or be cashed out (its
 * take and cash points) and the gammon-weighted results at p = 0 and p = 1. In match play the same interpolation is
 * done in match winning chances, with the live-cube cash points worked out from the match equity table through the
 * cube levels that are still alive (gnubg's GetPoints), and the result is given in EMG (match-equity.ts).
 * x is 0.68 in contact positions, 0.55 + 0.00125 × (pips of the side on roll) clamped to [0.6, 0.7] in races and 0.6
 * when both sides are bearing off (gnubg's EvalEfficiency); `cubeEfficiency(pos)` computes it.
 *
 * Equities are for the side on roll, per unit of the current cube (double/pass = +1). The money take point that
 * follows without gammons is (L - 1/2) / (W + L + x/2) = 0.5 / 2.34 = 21.37 % at x = 0.68 and 25 % at x = 0.
 *
 * @example
 *   const d = cubeDecision(probabilities, { matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 1,
 *     crawford: false, cubeOwner: null, onRoll: "white" }, { efficiency: cubeEfficiency(pos) });
 *   d.shouldDouble; d.shouldTake; d.equities.noDouble;
 */
import type { MatchState } from "../engine/match-state";
import { pipCount } from "../engine/pips";
import { opponentOf, type Color, type Position } from "../engine/types";
import { cubelessMatchWinningChance, matchWinningChanceAfter, awayScores, mwcToEmg, type MatchContext } from "./match-equity";
import { cubelessMoneyEquity, type Probabilities } from "./types";

export interface CubeContext extends MatchContext {
  /** null = centred. */
  readonly cubeOwner: Color | null;
  /** The side about to roll, whose probabilities are given and who may double. */
  readonly onRoll: Color;
  /**
   * Money play under the Jacoby rule: gammons and backgammons count as single games while the cube is centred
   * (cubeful-search.ts applies it; the site's matches and our 0-ply analysis never use it).
   */
  readonly jacoby?: boolean;
}

export interface CubeDecision {
  /** The side on roll should double (or redouble) now. */
  readonly shouldDouble: boolean;
  /** Were it doubled now, the opponent should take. */
  readonly shouldTake: boolean;
  /** Playing on for a gammon beats doubling out the opponent (only when doubling would be right otherwise). */
  readonly tooGood: boolean;
  /** The side on roll may double at all: its cube, not the Crawford game, and doubling can still change the match. */
  readonly cubeAvailable: boolean;
  readonly equities: {
    readonly noDouble: number;
    readonly doubleTake: number;
    readonly doublePass: number;
  };
}

export interface CubeOptions {
  /** Janowski's cube efficiency x; default 0.68 (gnubg's value for contact positions). */
  readonly efficiency?: number;
}

export const CONTACT_CUBE_EFFICIENCY = 0.68;
const BEAROFF_CUBE_EFFICIENCY = 0.6;

/** gnubg's EvalEfficiency for a position before the roll of `pos.turn` (the two-sided bear-off class aside). */
export function cubeEfficiency(pos: Position): number {
  const me = pos[pos.turn];
  const them = pos[opponentOf(pos.turn)];
  // Contact: some checker of the side on roll is behind the farthest checker of the other side. My point p is their
  // point 25 - p, so their farthest checker at their point q sits on my point 25 - q.
  let myBack = 0;
  let theirBack = 0;
  for (let i = 0; i < 25; i++) {
    if ((me[i] ?? 0) > 0) myBack = i + 1;
    if ((them[i] ?? 0) > 0) theirBack = i + 1;
  }
  if (myBack === 0 || theirBack === 0) return 0;
  if (myBack + theirBack > 25) return CONTACT_CUBE_EFFICIENCY;
  if (myBack <= 6 && theirBack <= 6) return BEAROFF_CUBE_EFFICIENCY;
  return Math.min(0.7, Math.max(0.6, 0.55 + 0.00125 * pipCount(pos, pos.turn)));
}

/** Average value of a game won and lost (gammons and backgammons included), Janowski's W and L. */
function averageWinLoss(p: Probabilities): { w: number; l: number } {
  return {
    w: 1 + (p.winGammon + p.winBackgammon) / p.win,
    l: 1 + (p.loseGammon + p.loseBackgammon) / (1 - p.win),
  };
}

type Access = "centre" | "mine" | "theirs";

function accessOf(context: CubeContext): Access {
  if (context.cubeOwner === null) return "centre";
  return context.cubeOwner === context.onRoll ? "mine" : "theirs";
}

/** Janowski's live-cube money equity (gnubg MoneyLive, Jacoby off). */
function moneyLive(w: number, l: number, p: number, access: Access): number {
  const takePoint = (l - 0.5) / (w + l + 0.5);
  const cashPoint = (l + 1) / (w + l + 0.5);
  if (access === "centre") {
    if (p < takePoint) return -l + ((-1 + l) * p) / takePoint;
    if (p < cashPoint) return -1 + (2 * (p - takePoint)) / (cashPoint - takePoint);
    return 1 + ((w - 1) * (p - cashPoint)) / (1 - cashPoint);
  }
  if (access === "mine") {
    if (p < cashPoint) return -l + ((1 + l) * p) / cashPoint;
    return 1 + ((w - 1) * (p - cashPoint)) / (1 - cashPoint);
  }
  if (p < takePoint) return -l + ((-1 + l) * p) / takePoint;
  return -1 + ((w + 1) * (p - takePoint)) / (1 - takePoint);
}

/** Cubeful money equity per unit of cube, gnubg's Cl2CfMoney. */
function moneyCubeful(p: Probabilities, access: Access, x: number): number {
  const dead = cubelessMoneyEquity(p);
  if (p.win <= 1e-7 || p.win >= 0.9999999) return dead;
  const { w, l } = averageWinLoss(p);
  return dead * (1 - x) + moneyLive(w, l, p.win, access) * x;
}

/** gnubg's fDoCubeful: false when no cube action can matter any more, and the cubeless MWC is the answer. */
function cubeMatters(context: CubeContext): boolean {
  const { matchLength, score, cubeValue } = context;
  if (score.white + cubeValue >= matchLength && score.black + cubeValue >= matchLength) return false;
  if (score.white === matchLength - 2 && score.black === matchLength - 2) return false;
  return !context.crawford;
}

/** Gammon and backgammon shares of each side's wins (gnubg's arG / arBG). */
function gammonRatios(p: Probabilities, onRoll: Color): Record<Color, { g: number; bg: number }> {
  const mine = p.win > 0 ? { g: (p.winGammon - p.winBackgammon) / p.win, bg: p.winBackgammon / p.win } : { g: 0, bg: 0 };
  const theirs = p.win < 1 ? { g: (p.loseGammon - p.loseBackgammon) / (1 - p.win), bg: p.loseBackgammon / (1 - p.win) } : { g: 0, bg: 0 };
  return onRoll === "white" ? { white: mine, black: theirs } : { white: theirs, black: mine };
}

/**
 * Live-cube cash points of both sides at the context's cube (gnubg's GetPoints): the winning chance at which each
 * side would double the other out, found from the highest cube level that is still alive downwards. At a level where
 * a further double is dead the point is the dead-cube one; below it, a side's cash point follows from the
 * opponent's at the next level up (the opponent's recube vig).
 */
function liveCashPoints(p: Probabilities, context: CubeContext): Record<Color, number> {
  const { matchLength, score, cubeValue, crawford } = context;
  const ratios = gammonRatios(p, context.onRoll);
  const away: Record<Color, number> = { white: matchLength - score.white, black: matchLength - score.black };
  // gnubg works with away - 1; a cube level is alive for a redouble while both sides are at least 2 × cube away.
  const alive = (c: number) => away.white - 1 >= 2 * c && away.black - 1 >= 2 * c;
  let top = cubeValue;
  while (alive(top)) top *= 2;
  let above: Record<Color, number> | null = null;
  for (let c = top; c >= cubeValue; c /= 2) {
    const level = {} as Record<Color, number>;
    for (const k of ["white", "black"] as const) {
      const o = opponentOf(k);
      const me = (won: number, lost: number) => matchWinningChanceAfter(away[k], away[o], won, lost, crawford);
      const mix = (side: Color, win: boolean, m: number) => {
        const r = ratios[side];
        const at = (n: number) => (win ? me(n * m, 0) : me(0, n * m));
        return (1 - r.g - r.bg) * at(1) + r.g * at(2) + r.bg * at(3);
      };
      const doublePass = me(c, 0);
      if (!alive(c) || above === null) {
        // The doubled cube is dead; gnubg's automatic redouble: the taker who cannot use a 2c cube while the doubler
        // still can plays for 4c.
        const prime = away[k] - 1 < 2 * c && away[o] - 1 >= 2 * c ? 2 * c : c;
        const takeLose = mix(o, false, 2 * prime);
        const takeWin = mix(k, true, 2 * prime);
        level[k] = (takeLose - doublePass) / (takeLose - takeWin);
      } else {
        const redoublePass = me(0, 2 * c);
        const takeWin = mix(k, true, 2 * c);
        level[k] = 1 - above[o] * ((doublePass - takeWin) / (redoublePass - takeWin));
      }
    }
    above = level;
  }
  return above as Record<Color, number>;
}

/** Cubeful MWC for the side on roll, gnubg's Cl2CfMatch (centred, owned and unavailable cube). */
function matchCubefulMwc(p: Probabilities, context: CubeContext, x: number): number {
  const me = context.onRoll;
  const dead = cubelessMatchWinningChance(p, context, me);
  if (!cubeMatters(context)) return dead;
  const cash = liveCashPoints(p, context);
  const { away, awayOther } = awayScores(context, me);
  const after = (won: number, lost: number) => matchWinningChanceAfter(away, awayOther, won, lost, context.crawford);
  const c = context.cubeValue;
  const ratios = gammonRatios(p, me);
  const mine = ratios[me];
  const theirs = ratios[opponentOf(me)];
  const cashMwc = after(c, 0);
  const oppCashMwc = after(0, c);
  const winMwc = (1 - mine.g - mine.bg) * after(c, 0) + mine.g * after(2 * c, 0) + mine.bg * after(3 * c, 0);
  const loseMwc = (1 - theirs.g - theirs.bg) * after(0, c) + theirs.g * after(0, 2 * c) + theirs.bg * after(0, 3 * c);
  const tooGood = cash[me];
  const oppTooGood = 1 - cash[opponentOf(me)];
  const w = p.win;
  const access = accessOf(context);
  let live: number;
  const fromLose = () => (oppTooGood > 0 ? loseMwc + ((oppCashMwc - loseMwc) * w) / oppTooGood : loseMwc);
  const toWin = () => (tooGood < 1 ? cashMwc + ((winMwc - cashMwc) * (w - tooGood)) / (1 - tooGood) : winMwc);
  if (access === "centre") {
    if (w <= oppTooGood) live = fromLose();
    else if (w < tooGood) live = oppCashMwc + ((cashMwc - oppCashMwc) * (w - oppTooGood)) / (tooGood - oppTooGood);
    else live = toWin();
  } else if (access === "mine") {
    if (w <= tooGood) live = tooGood > 0 ? loseMwc + ((cashMwc - loseMwc) * w) / tooGood : loseMwc;
    else live = toWin();
  } else if (w <= oppTooGood) {
    live = fromLose();
  } else {
    live = oppCashMwc + ((winMwc - oppCashMwc) * (w - oppTooGood)) / (1 - oppTooGood);
  }
  return dead * (1 - x) + live * x;
}

/**
 * May the side on roll double? (gnubg's GetDPEq.) For money, when the cube is centred or its own. In a match also
 * not in the Crawford game, not when it would win the match by winning a single game at the current cube (a dead
 * cube for it), and not as the leader post-Crawford.
 */
export function cubeAvailable(context: CubeContext): boolean {
  const { matchLength, score, onRoll, cubeOwner } = context;
  const access = cubeOwner === null || cubeOwner === onRoll;
  if (matchLength === 0) return access;
  const postCrawford = !context.crawford && (score.white === matchLength - 1 || score.black === matchLength - 1);
  return (
    access &&
    !context.crawford &&
    score[onRoll] + context.cubeValue < matchLength &&
    !(postCrawford && score[onRoll] === matchLength - 1)
  );
}

/**
 * The cube context of a match in progress for the side on roll in its game (also while its double is being
 * answered: the taker reads `shouldTake` of the doubler's decision). Null when nobody is on roll.
 */
export function cubeContextOf(state: MatchState): CubeContext | null {
  if (state.onRoll === null) return null;
  const { matchLength, score, crawford, cube, onRoll } = state;
  return { matchLength, score, cubeValue: cube.value, crawford, cubeOwner: cube.owner, onRoll };
}

/** Cubeful equity of the side on roll with the cube as it stands (no double considered now), per unit of cube. */
export function cubefulEquity(p: Probabilities, context: CubeContext, options: CubeOptions = {}): number {
  const x = options.efficiency ?? CONTACT_CUBE_EFFICIENCY;
  if (context.matchLength === 0) return moneyCubeful(p, accessOf(context), x);
  return mwcToEmg(matchCubefulMwc(p, context, x), context, context.onRoll);
}

/**
 * The equity of the right cube action for the side on roll (gnubg's "optimal"): the opponent's best answer to a
 * double when doubling is right, else no double. An analysis measures a cube error against it.
 */
export function optimalCubeEquity(decision: CubeDecision): number {
  const { noDouble, doubleTake, doublePass } = decision.equities;
  return decision.shouldDouble ? Math.min(doubleTake, doublePass) : noDouble;
}

/** The cube decision of the side on roll (gnubg's FindBestCubeDecision on its 0-ply cubeful equities). */
export function cubeDecision(p: Probabilities, context: CubeContext, options: CubeOptions = {}): CubeDecision {
  const x = options.efficiency ?? CONTACT_CUBE_EFFICIENCY;
  const doubled: CubeContext = { ...context, cubeValue: 2 * context.cubeValue, cubeOwner: opponentOf(context.onRoll) };
  let noDouble: number;
  let doubleTake: number;
  if (context.matchLength === 0) {
    noDouble = moneyCubeful(p, accessOf(context), x);
    doubleTake = 2 * moneyCubeful(p, "theirs", x);
  } else {
    // Both in EMG at the current cube, so that double/pass is +1 (gnubg converts with the undoubled cube info).
    noDouble = mwcToEmg(matchCubefulMwc(p, context, x), context, context.onRoll);
    doubleTake = mwcToEmg(matchCubefulMwc(p, doubled, x), context, context.onRoll);
  }
  return decideCube({ noDouble, doubleTake, doublePass: 1 }, p.winGammon > 0, context);
}

/**
 * The cube action from the three cubeful equities of the side on roll (per unit of the current cube, double/pass
 * = +1), as gnubg's FindBestCubeDecision picks it; `hasGammons` says whether the side on roll can still win a gammon
 * (a position too good to double is one worth playing on for them). Janowski's 0-ply equities (cubeDecision) and the
 * deeper cubeful search (cubeful-search.ts) both end here.
 */
export function decideCube(equities: CubeDecision["equities"], hasGammons: boolean, context: CubeContext): CubeDecision {
  const { noDouble, doubleTake, doublePass } = equities;
  const shouldTake = doubleTake < doublePass;
  if (!cubeAvailable(context)) {
    return { shouldDouble: false, shouldTake, tooGood: false, cubeAvailable: false, equities };
  }
  if (doubleTake >= noDouble && doublePass >= noDouble) {
    return { shouldDouble: true, shouldTake, tooGood: false, cubeAvailable: true, equities };
  }
  // No double. If the opponent would pass, the side on roll is too good to double when it has gammon chances to play
  // for; without any, gnubg calls it a double/pass (playing on would be for nothing). If the opponent would take,
  // it is too good only when playing on is worth more than the point the double would cash.
  const tooGood = shouldTake ? noDouble > doublePass && hasGammons : hasGammons;
  const shouldDouble = !shouldTake && !hasGammons;
  return { shouldDouble, shouldTake, tooGood, cubeAvailable: true, equities };
}
