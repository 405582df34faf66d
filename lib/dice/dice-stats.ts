/**
 * Dice statistics over a set of rolls (the admin console's dice health view): how often each face and each of the 21
 * backgammon outcomes came up, chi-square goodness-of-fit tests of both against fair dice, and the doubles rate.
 *
 * Faces count both dice of every roll (2 per roll; under fair dice the 2n dice are independent and uniform, so the
 * face test has 6 - 1 = 5 degrees of freedom). Outcomes are unordered pairs: the 6 doubles have probability 1/36 and
 * the 15 other outcomes 2/36 each (20 degrees of freedom).
 *
 * @example
 *   const stats = diceStats([[6, 5], [3, 3], [1, 2]]);
 *   stats.faces;                   // [1, 1, 2, 0, 1, 1] — faces 1..6
 *   stats.doubles;                 // { count: 1, rate: 0.333…, expected: 0.1666… }
 *   stats.faceTest?.pValue;        // P(chi-square with 5 dof >= the statistic)
 *   diceStatsFromPairs([{ dice: [6, 6], count: 10 }]); // the same from counts of (die1, die2) pairs
 */
import { chiSquarePValue, chiSquareStatistic } from "./stats";

export interface ChiSquareTest {
  readonly statistic: number;
  readonly dof: number;
  readonly pValue: number;
  /** Every expected count is at least 5, the usual rule for the chi-square approximation to hold. */
  readonly reliable: boolean;
}

export interface OutcomeCount {
  /** The higher die, e.g. 6 for "6-5". */
  readonly high: number;
  readonly low: number;
  /** "6-5", "3-3". */
  readonly label: string;
  readonly count: number;
  /** 1/36 for a double, 2/36 otherwise. */
  readonly probability: number;
}

export interface DiceStats {
  /** Number of rolls (pairs of dice). */
  readonly rolls: number;
  /** Count of each face over both dice; index 0 is face 1. Sums to 2 × rolls. */
  readonly faces: readonly number[];
  /** The 21 outcomes in the order 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, …, 6-6. */
  readonly outcomes: readonly OutcomeCount[];
  /** null without rolls (there is nothing to test). */
  readonly faceTest: ChiSquareTest | null;
  readonly outcomeTest: ChiSquareTest | null;
  readonly doubles: { readonly count: number; readonly rate: number | null; readonly expected: number };
}

export interface PairCount {
  readonly dice: readonly [number, number];
  readonly count: number;
}

export const FACE_DOF = 5;
export const OUTCOME_DOF = 20;
export const EXPECTED_DOUBLES_RATE = 1 / 6;
/** Below this expected count per category the chi-square approximation is poor. */
const MIN_EXPECTED = 5;

/** The 21 outcomes as [high, low], in the order DiceStats.outcomes uses. */
export const OUTCOMES: readonly (readonly [number, number])[] = [1, 2, 3, 4, 5, 6].flatMap((high) =>
  Array.from({ length: high }, (_, i) => [high, i + 1] as const),
);

function outcomeIndex(high: number, low: number): number {
  return (high * (high - 1)) / 2 + low - 1;
}

function isDie(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

function chiSquareTest(observed: readonly number[], expected: readonly number[], dof: number): ChiSquareTest {
  const statistic = chiSquareStatistic(observed, expected);
  return { statistic, dof, pValue: chiSquarePValue(statistic, dof), reliable: expected.every((e) => e >= MIN_EXPECTED) };
}

/** Statistics from counts of (die1, die2) pairs, e.g. a database GROUP BY; a pair may appear more than once. */
export function diceStatsFromPairs(pairs: Iterable<PairCount>): DiceStats {
  const faces = [0, 0, 0, 0, 0, 0];
  const outcomeCounts: number[] = OUTCOMES.map(() => 0);
  let rolls = 0;
  let doubles = 0;
  for (const { dice, count } of pairs) {
    const [a, b] = dice;
    if (!isDie(a) || !isDie(b)) throw new RangeError(`diceStats: ${a}-${b} is not a roll of two dice`);
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`diceStats: count ${count} must be a whole number >= 0`);
    rolls += count;
    faces[a - 1] = (faces[a - 1] as number) + count;
    faces[b - 1] = (faces[b - 1] as number) + count;
    const index = outcomeIndex(Math.max(a, b), Math.min(a, b));
    outcomeCounts[index] = (outcomeCounts[index] as number) + count;
    if (a === b) doubles += count;
  }
  const outcomes = OUTCOMES.map(([high, low], i): OutcomeCount => ({
    high,
    low,
    label: `${high}-${low}`,
    count: outcomeCounts[i] as number,
    probability: high === low ? 1 / 36 : 2 / 36,
  }));
  return {
    rolls,
    faces,
    outcomes,
    faceTest: rolls === 0 ? null : chiSquareTest(faces, faces.map(() => (2 * rolls) / 6), FACE_DOF),
    outcomeTest: rolls === 0 ? null : chiSquareTest(outcomeCounts, outcomes.map((o) => rolls * o.probability), OUTCOME_DOF),
    doubles: { count: doubles, rate: rolls === 0 ? null : doubles / rolls, expected: EXPECTED_DOUBLES_RATE },
  };
}

/** Statistics of a list of rolls, each [die1, die2]. */
export function diceStats(rolls: Iterable<readonly [number, number]>): DiceStats {
  const pairs: PairCount[] = [];
  for (const dice of rolls) pairs.push({ dice, count: 1 });
  return diceStatsFromPairs(pairs);
}
