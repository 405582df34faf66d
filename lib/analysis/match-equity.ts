/**
 * Match equity: the chance to win the match from a score (the Kazaross-XG2 table shipped with GNU Backgammon, see
 * match-equity-data.ts), and cubeless probabilities turned into match winning chances and into EMG equity.
 *
 * EMG ("equivalent to money game") is gnubg's normalisation (mwc2eq/eq2mwc in its eval.c): the match winning chance
 * is mapped linearly so that winning the game at the current cube value (a single game) is +1 and losing it is -1.
 * Gammons and backgammons then count for what they are worth at this score, which can be more or less than money's
 * 2 and 3. In money play (matchLength 0) the equity is the cubeless money equity times the cube value.
 *
 * @example
 *   matchWinningChance(1, 2, true);             // 0.67736: 1-away against 2-away in the Crawford game
 *   const equityOf = matchEquityOf({ matchLength: 5, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false });
 *   equityOf(probabilities, "white");           // EMG for white, to rank plays by at 0-0 in a 5-point match
 */
import { opponentOf, type Color } from "../engine/types";
import { MET_LENGTH, POST_CRAWFORD, PRE_CRAWFORD } from "./match-equity-data";
import type { EquityOf, Probabilities } from "./types";

export interface MatchContext {
  /** Points to win the match; 0 = money play. */
  readonly matchLength: number;
  /** Points each side has won so far. */
  readonly score: Readonly<Record<Color, number>>;
  readonly cubeValue: number;
  /** This game is the Crawford game (nobody may double in it). */
  readonly crawford: boolean;
}

/** The longest match the table covers (the rules engine's MAX_MATCH_LENGTH is the same 25). */
export const MAX_MET_AWAY = MET_LENGTH;

/**
 * The post-Crawford row as GNU Backgammon 1.07 uses it: it copies the file's first length-1 entries and recomputes
 * the last one (25-away) from two earlier ones with its post-Crawford recurrence (matchequity.c, initPostCrawfordMET:
 * the trailer doubles at once, so with gammon rate 0.25 he needs to win a gammon, 4 points, or a single game, 2
 * points): 0.001181 rather than the file's 0.001230. Doing the same keeps our equities equal to gnubg's.
 */
const POST_CRAWFORD_TABLE: readonly number[] = POST_CRAWFORD.map((value, i) =>
  i === MET_LENGTH - 1 ? 0.25 * 0.5 * entry(POST_CRAWFORD, i - 4) + 0.75 * 0.5 * entry(POST_CRAWFORD, i - 2) : value,
);

/** A table entry; the callers have checked the range, so a hole is a programmer error. */
function entry(row: readonly number[] | undefined, index: number): number {
  const value = row?.[index];
  if (value === undefined) throw new RangeError(`no match equity table entry at ${index}`);
  return value;
}

function checkAway(away: number): void {
  if (!Number.isInteger(away) || away > MAX_MET_AWAY) {
    throw new RangeError(`points away must be an integer up to ${MAX_MET_AWAY}, got ${away}`);
  }
}

/** MWC of a side `away` points from the match against `awayOther`, the leader being at 1-away post-Crawford. */
function postCrawfordChance(away: number, awayOther: number): number {
  if (away === 1) return 1 - entry(POST_CRAWFORD_TABLE, awayOther - 1);
  return entry(POST_CRAWFORD_TABLE, away - 1);
}

/**
 * The chance that a side `away` points from winning the match wins it against an opponent `awayOther` away, at the
 * start of a game. `crawford` says that game is the Crawford game; when a side is 1-away and it is not, the game is
 * post-Crawford and the post-Crawford row applies. A side at 0 or fewer points away has won.
 */
export function matchWinningChance(away: number, awayOther: number, crawford: boolean): number {
  if (away <= 0) return 1;
  if (awayOther <= 0) return 0;
  checkAway(away);
  checkAway(awayOther);
  if (!crawford && (away === 1 || awayOther === 1)) return postCrawfordChance(away, awayOther);
  return entry(PRE_CRAWFORD[away - 1], awayOther - 1);
}

/**
 * MWC for a side after this game ends with `won` points to it and `lost` to the opponent. After the Crawford game
 * or a post-Crawford game the next game is post-Crawford; after any other game it is either ordinary or the
 * Crawford game, and the pre-Crawford table holds both (gnubg's getME).
 */
export function matchWinningChanceAfter(away: number, awayOther: number, won: number, lost: number, crawford: boolean): number {
  const next = away - won;
  const nextOther = awayOther - lost;
  if (next <= 0) return 1;
  if (nextOther <= 0) return 0;
  const postCrawfordNext = crawford || away === 1 || awayOther === 1;
  if (postCrawfordNext) return postCrawfordChance(next, nextOther);
  return entry(PRE_CRAWFORD[next - 1], nextOther - 1);
}

/** Points away for `color` and its opponent at the context's score. */
export function awayScores(context: MatchContext, color: Color): { away: number; awayOther: number } {
  const { matchLength, score } = context;
  const away = matchLength - score[color];
  const awayOther = matchLength - score[opponentOf(color)];
  if (away <= 0 || awayOther <= 0) throw new RangeError(`the match is over at ${score.white}-${score.black} of ${matchLength}`);
  checkAway(away);
  checkAway(awayOther);
  return { away, awayOther };
}

/** The six game results for `color` at the context's cube: MWC when it wins/loses 1, 2 or 3 times the cube. */
export interface ResultChances {
  readonly win: number;
  readonly winGammon: number;
  readonly winBackgammon: number;
  readonly lose: number;
  readonly loseGammon: number;
  readonly loseBackgammon: number;
}

export function resultChances(context: MatchContext, color: Color, cubeValue: number = context.cubeValue): ResultChances {
  const { away, awayOther } = awayScores(context, color);
  const after = (won: number, lost: number) => matchWinningChanceAfter(away, awayOther, won, lost, context.crawford);
  return {
    win: after(cubeValue, 0),
    winGammon: after(2 * cubeValue, 0),
    winBackgammon: after(3 * cubeValue, 0),
    lose: after(0, cubeValue),
    loseGammon: after(0, 2 * cubeValue),
    loseBackgammon: after(0, 3 * cubeValue),
  };
}

/** Cubeless match winning chance of `color`, whose probabilities `p` are, with the cube as it stands (dead). */
export function cubelessMatchWinningChance(p: Probabilities, context: MatchContext, color: Color): number {
  const r = resultChances(context, color);
  return (
    (p.win - p.winGammon) * r.win +
    (p.winGammon - p.winBackgammon) * r.winGammon +
    p.winBackgammon * r.winBackgammon +
    (1 - p.win - p.loseGammon) * r.lose +
    (p.loseGammon - p.loseBackgammon) * r.loseGammon +
    p.loseBackgammon * r.loseBackgammon
  );
}

/** gnubg's mwc2eq: MWC to EMG, +1 = winning a single game at the context's cube, -1 = losing one. */
export function mwcToEmg(mwc: number, context: MatchContext, color: Color): number {
  const { win, lose } = resultChances(context, color);
  return (2 * mwc - (win + lose)) / (win - lose);
}

/** gnubg's eq2mwc, the inverse of mwcToEmg. */
export function emgToMwc(emg: number, context: MatchContext, color: Color): number {
  const { win, lose } = resultChances(context, color);
  return 0.5 * (emg * (win - lose) + (win + lose));
}

/**
 * The cubeless equity at this score, in EMG for a match and in points (times the cube) for money. Search calls it for
 * every play of every roll it looks at, so each side's six result chances are read from the table once, here, and
 * the equity is a weighted sum of the five chances (the same numbers as mwcToEmg(cubelessMatchWinningChance(…))),
 * whose weights search may also use directly (EquityOf.weights).
 */
export function matchEquityOf(context: MatchContext): EquityOf {
  const weightsOf = (color: Color): readonly number[] => {
    if (context.matchLength === 0) {
      const c = context.cubeValue;
      return [-c, 2 * c, c, c, -c, -c];
    }
    const r = resultChances(context, color);
    // MWC = lose + win·(rWin − rLose) + … is linear in the five chances, and EMG is linear in MWC.
    const k = 2 / (r.win - r.lose);
    return [-1, k * (r.win - r.lose), k * (r.winGammon - r.win), k * (r.winBackgammon - r.winGammon), k * (r.loseGammon - r.lose), k * (r.loseBackgammon - r.loseGammon)];
  };
  const cache: Partial<Record<Color, readonly number[]>> = {};
  const weights = (color: Color) => (cache[color] ??= weightsOf(color));
  const equity = (p: Probabilities, color: Color): number => {
    const w = weights(color);
    return (
      (w[0] as number) +
      (w[1] as number) * p.win +
      (w[2] as number) * p.winGammon +
      (w[3] as number) * p.winBackgammon +
      (w[4] as number) * p.loseGammon +
      (w[5] as number) * p.loseBackgammon
    );
  };
  return Object.assign(equity, { weights });
}
