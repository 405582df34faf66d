import { describe, expect, it } from "vitest";
import { diceStats, diceStatsFromPairs, OUTCOMES, type PairCount } from "./dice-stats";

/** A 6×6 table of counts: row = die1 - 1, column = die2 - 1. */
function fromTable(table: readonly (readonly number[])[]): PairCount[] {
  return table.flatMap((row, i) => row.map((count, j) => ({ dice: [i + 1, j + 1] as const, count })));
}

const everyPairOnce = fromTable(Array.from({ length: 6 }, () => [1, 1, 1, 1, 1, 1]));
const loadedSix = fromTable(Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === 5 || j === 5 ? 3 : 2))));
const onlyDoubles = fromTable(Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? 10 : 0))));
// Counts drawn once with python3 `random.seed(7); random.randint(0, 9)` per (die1, die2), frozen here.
const irregular = fromTable([
  [5, 2, 6, 0, 1, 8],
  [1, 5, 9, 0, 8, 3],
  [0, 1, 6, 6, 1, 3],
  [1, 8, 6, 0, 9, 1],
  [3, 9, 0, 9, 9, 6],
  [0, 3, 0, 8, 2, 4],
]);

interface Case {
  readonly name: string;
  readonly pairs: PairCount[];
  readonly faces: number[];
  readonly outcomes: number[];
  readonly face: [statistic: number, pValue: number];
  readonly outcome: [statistic: number, pValue: number];
  readonly doubles: number;
}

// Expected values from python3 with scipy 1.17.1, independently of this code: face and outcome counts tallied in plain
// Python from the same pair counts, then scipy.stats.chisquare(faces, [2n/6] * 6) and scipy.stats.chisquare(outcomes,
// [n/36 for a double, 2n/36 otherwise]) for each statistic and p-value.
const cases: Case[] = [
  {
    name: "every ordered pair once (36 rolls): a perfect fit",
    pairs: everyPairOnce,
    faces: [12, 12, 12, 12, 12, 12],
    outcomes: [1, 2, 1, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 1],
    face: [0, 1],
    outcome: [0, 1],
    doubles: 6,
  },
  {
    name: "pairs with a six counted 3 times, others 2 (83 rolls)",
    pairs: loadedSix,
    faces: [26, 26, 26, 26, 26, 36],
    outcomes: [2, 4, 2, 4, 4, 2, 4, 4, 4, 2, 4, 4, 4, 4, 2, 6, 6, 6, 6, 6, 3],
    face: [3.0120481927710845, 0.6981282490187899],
    outcome: [3.3132530120481927, 0.9999903875641243],
    doubles: 13,
  },
  {
    name: "only doubles, 10 of each (60 rolls): faces fit, outcomes do not",
    pairs: onlyDoubles,
    faces: [20, 20, 20, 20, 20, 20],
    outcomes: [10, 0, 10, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 10],
    face: [0, 1],
    outcome: [300, 8.082849629775504e-52],
    doubles: 60,
  },
  {
    name: "irregular counts (143 rolls)",
    pairs: irregular,
    faces: [32, 54, 44, 48, 66, 42],
    outcomes: [5, 3, 5, 6, 10, 6, 1, 8, 12, 0, 4, 17, 1, 18, 9, 8, 6, 3, 9, 8, 4],
    face: [14, 0.015609416100266893],
    outcome: [58.90209790209792, 1.0517197300453847e-5],
    doubles: 29,
  },
  {
    name: "three rolls 6-5, 3-3, 1-2",
    pairs: [{ dice: [6, 5], count: 1 }, { dice: [3, 3], count: 1 }, { dice: [1, 2], count: 1 }],
    faces: [1, 1, 2, 0, 1, 1],
    outcomes: [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
    face: [2, 0.8491450360846096],
    outcome: [21, 0.3971325993508105],
    doubles: 1,
  },
];

describe("diceStatsFromPairs", () => {
  it.each(cases)("$name", ({ pairs, faces, outcomes, face, outcome, doubles }) => {
    const stats = diceStatsFromPairs(pairs);
    const rolls = pairs.reduce((sum, p) => sum + p.count, 0);
    expect(stats.rolls).toBe(rolls);
    expect(stats.faces).toEqual(faces);
    expect(stats.outcomes.map((o) => o.count)).toEqual(outcomes);
    expect(stats.faceTest?.dof).toBe(5);
    expect(stats.faceTest?.statistic).toBeCloseTo(face[0], 10);
    expect(stats.faceTest?.pValue).toBeCloseTo(face[1], 10);
    expect(stats.outcomeTest?.dof).toBe(20);
    expect(stats.outcomeTest?.statistic).toBeCloseTo(outcome[0], 9);
    expect(stats.outcomeTest?.pValue).toBeCloseTo(outcome[1], 10);
    if (outcome[1] > 0) expect(Math.abs((stats.outcomeTest?.pValue ?? 0) - outcome[1]) / outcome[1]).toBeLessThan(1e-7);
    expect(stats.doubles).toEqual({ count: doubles, rate: doubles / rolls, expected: 1 / 6 });
  });

  it("labels the 21 outcomes high die first, doubles at 1/36 and the rest at 2/36 (probabilities sum to 1)", () => {
    const { outcomes } = diceStatsFromPairs([]);
    expect(outcomes.map((o) => o.label)).toEqual([
      "1-1", "2-1", "2-2", "3-1", "3-2", "3-3", "4-1", "4-2", "4-3", "4-4", "5-1",
      "5-2", "5-3", "5-4", "5-5", "6-1", "6-2", "6-3", "6-4", "6-5", "6-6",
    ]);
    expect(OUTCOMES).toHaveLength(21);
    expect(outcomes.find((o) => o.label === "3-3")?.probability).toBe(1 / 36);
    expect(outcomes.find((o) => o.label === "5-2")?.probability).toBe(2 / 36);
    expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 14);
  });

  it("flags tests whose expected counts are under 5 as not reliable (3 rolls: 1 per face; 36 rolls: 1 per double)", () => {
    expect(diceStatsFromPairs(cases[4]?.pairs ?? []).faceTest?.reliable).toBe(false);
    expect(diceStatsFromPairs(everyPairOnce).faceTest?.reliable).toBe(true); // 12 per face
    expect(diceStatsFromPairs(everyPairOnce).outcomeTest?.reliable).toBe(false); // 1 per double
  });

  it("has no tests and no doubles rate without rolls", () => {
    const stats = diceStatsFromPairs([]);
    expect(stats.rolls).toBe(0);
    expect(stats.faces).toEqual([0, 0, 0, 0, 0, 0]);
    expect(stats.faceTest).toBeNull();
    expect(stats.outcomeTest).toBeNull();
    expect(stats.doubles).toEqual({ count: 0, rate: null, expected: 1 / 6 });
  });

  it.each([
    [[0, 3], 1],
    [[7, 1], 1],
    [[2.5, 1], 1],
    [[1, 1], -1],
    [[1, 1], 0.5],
  ] as const)("refuses dice %j with count %d", (dice, count) => {
    expect(() => diceStatsFromPairs([{ dice, count }])).toThrow(RangeError);
  });
});

describe("diceStats", () => {
  it("counts a list of rolls like the same pairs counted once each (order of the dice kept apart)", () => {
    const rolls = [[6, 5], [5, 6], [3, 3], [1, 2]] as const;
    const stats = diceStats(rolls);
    expect(stats).toEqual(diceStatsFromPairs(rolls.map((dice) => ({ dice, count: 1 }))));
    expect(stats.outcomes.find((o) => o.label === "6-5")?.count).toBe(2);
    expect(stats.faces).toEqual([1, 1, 2, 0, 2, 2]);
  });
});
