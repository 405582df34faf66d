/**
 * Cubeless money games between two move choosers with seeded dice, for the training's progress checks and the
 * strength runs (vs-pubeval.ts). Games come in pairs with the same dice, each side starting one of them, which
 * cancels much of the luck of the dice (duplicate play); the result is points per game for side A with its 95 %
 * interval.
 *
 * @example
 *   const r = duel(netChooser, pubevalChoosePlay, 500, 1);
 *   r.pointsPerGame; // e.g. 0.35
 */
import { type Dice, type LegalPlay, type Position, gameResult, initialPosition, legalPlays, passPlay } from "@/lib/engine";
import { openingDice, rollDice, seededRandom } from "./seeded-random";

export type Chooser = (pos: Position, dice: Dice) => LegalPlay;

const POINTS = { single: 1, gammon: 2, backgammon: 3 } as const;

/** One game between `white` and `black`. The dice are a fixed sequence from `seed`. Returns points for white (±1, 2 or 3). */
export function playGame(white: Chooser, black: Chooser, seed: number, whiteStarts: boolean): number {
  const random = seededRandom(seed);
  let pos = initialPosition(whiteStarts ? "white" : "black");
  let dice: Dice = openingDice(random);
  for (let turn = 0; turn < 10_000; turn++) {
    const chooser = pos.turn === "white" ? white : black;
    const play = legalPlays(pos, dice).length === 0 ? passPlay(pos) : chooser(pos, dice);
    pos = play.result;
    const over = gameResult(pos);
    if (over) return (over.winner === "white" ? 1 : -1) * POINTS[over.kind];
    dice = rollDice(random);
  }
  throw new Error("duel: a game did not end in 10,000 turns");
}

export interface DuelResult {
  readonly games: number;
  readonly pointsPerGame: number;
  /** Half-width of the 95 % interval of pointsPerGame (1.96 standard errors, pairs of games as the samples). */
  readonly interval95: number;
  readonly winRate: number;
}

/** One pair of games on the same dice: points for side A as white starting (`first`) and as black (`second`). */
export interface PairResult {
  readonly pair: number;
  readonly first: number;
  readonly second: number;
}

/**
 * The result of any set of pairs: points per game for A, the pairs' average being the sample, so the interval is over
 * pairs. Shards of one run (vs-pubeval.ts --first-game, --pairs) merge exactly because only the pairs are kept.
 */
export function summarizePairs(pairs: readonly PairResult[]): DuelResult {
  const done = pairs.length;
  let sum = 0;
  let sumSq = 0;
  let wins = 0;
  for (const { first, second } of pairs) {
    const pair = (first + second) / 2;
    sum += pair;
    sumSq += pair * pair;
    wins += (first > 0 ? 1 : 0) + (second > 0 ? 1 : 0);
  }
  const mean = done > 0 ? sum / done : 0;
  const variance = done > 1 ? (sumSq - done * mean * mean) / (done - 1) : 0;
  return { games: 2 * done, pointsPerGame: mean, interval95: 1.96 * Math.sqrt(variance / Math.max(done, 1)), winRate: done > 0 ? wins / (2 * done) : 0 };
}

/**
 * `games` games (rounded up to an even number) of `a` against `b`: pair k uses seed `seed + k` for both games, `a`
 * white and starting in the first, black and the other side starting in the second. `firstPair` starts at pair k > 0,
 * so a long run can be split into shards that play exactly the games the whole run would.
 */
export function duel(
  a: Chooser,
  b: Chooser,
  games: number,
  seed: number,
  onPair?: (soFar: DuelResult, pair: PairResult) => void,
  firstPair = 0,
): DuelResult {
  const pairs: PairResult[] = [];
  for (let k = firstPair; k < firstPair + Math.ceil(games / 2); k++) {
    const pair = { pair: k, first: playGame(a, b, seed + k, true), second: -playGame(b, a, seed + k, true) };
    pairs.push(pair);
    onPair?.(summarizePairs(pairs), pair);
  }
  return summarizePairs(pairs);
}
