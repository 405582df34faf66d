/**
 * Goodness of fit of the dice over 10^6 rolls from fixed seeds, at α = 0.001, and the power of the same tests: each
 * must reject a stream with a known defect (the modulo bias the rejection rule removes; dice that are not
 * independent). Deterministic: the seeds are fixed, so the statistics are the same on every run; a change to the
 * byte stream or the rejection rule moves them.
 */
import { describe, expect, it } from "vitest";
import { createRoller } from "./roll";
import { chiSquarePValue, chiSquareStatistic } from "./stats";

const ALPHA = 0.001;
const ROLLS_PER_SEED = 250_000;
const SEEDS = [
  // The public vectors' seeds (fixtures/fair-dice-v1.vectors.json) and one more fixed value; client seeds are arbitrary.
  ["7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a", "chi:square"],
  ["0000000000000000000000000000000000000000000000000000000000000001", "a:b"],
  ["24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba", "9f86d081884c7d65:2c26b46b68ffc68f"],
  ["ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "dice_health:check-4"],
] as const;

/** Index of an unordered outcome {a, b} among the 21: doubles 0..5, then the 15 pairs a < b. */
function outcomeIndex(a: number, b: number): number {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  if (lo === hi) return lo - 1;
  let index = 6;
  for (let x = 1; x < lo; x++) index += 6 - x;
  return index + (hi - lo - 1);
}

function tally(): { faces: number[]; outcomes: number[] } {
  const faces = new Array<number>(6).fill(0);
  const outcomes = new Array<number>(21).fill(0);
  for (const [serverSeed, clientSeed] of SEEDS) {
    const roller = createRoller(serverSeed, clientSeed);
    for (let nonce = 0; nonce < ROLLS_PER_SEED; nonce++) {
      const [a, b] = roller.roll(nonce);
      faces[a - 1]!++;
      faces[b - 1]!++;
      outcomes[outcomeIndex(a, b)]!++;
    }
  }
  return { faces, outcomes };
}

/**
 * The dice a roller would give WITHOUT the rejection rule: the first two bytes of each roll's first block, b % 6 + 1,
 * even when b >= 252. This is the modulo bias fair-dice-v1 section 3 removes (faces 1-4 get 43 of 256 byte values,
 * faces 5-6 get 42).
 */
function tallyWithoutRejection(rolls: number): number[] {
  const faces = new Array<number>(6).fill(0);
  const [serverSeed, clientSeed] = SEEDS[0];
  const roller = createRoller(serverSeed, clientSeed);
  for (let nonce = 0; nonce < rolls; nonce++) {
    const block = roller.blocks(nonce).next().value;
    faces[(block[0]! % 6)]!++;
    faces[(block[1]! % 6)]!++;
  }
  return faces;
}

const facesPValue = (faces: readonly number[]) => {
  const dice = faces.reduce((sum, n) => sum + n, 0);
  return chiSquarePValue(chiSquareStatistic(faces, faces.map(() => dice / 6)), 5);
};

const outcomesPValue = (outcomes: readonly number[]) => {
  const rolls = outcomes.reduce((sum, n) => sum + n, 0);
  return chiSquarePValue(chiSquareStatistic(outcomes, outcomes.map((_, i) => (rolls * (i < 6 ? 1 : 2)) / 36)), 20);
};

describe("dice distribution over 10^6 rolls", () => {
  const { faces, outcomes } = tally();

  it("faces are uniform (chi-square, 5 dof)", () => {
    expect(facesPValue(faces)).toBeGreaterThan(ALPHA);
  });

  it("the 21 unordered outcomes have probabilities 1/36 (doubles) and 2/36 (chi-square, 20 dof)", () => {
    expect(outcomesPValue(outcomes)).toBeGreaterThan(ALPHA);
  });

  it("the faces test rejects the real byte stream read without the rule that skips bytes >= 252", () => {
    // 250,000 rolls of the first seed (500,000 dice): faces 1-4 are expected ~650 dice above a sixth and faces 5-6
    // ~1,300 below it, against a standard deviation of ~260 dice per face.
    const biased = tallyWithoutRejection(ROLLS_PER_SEED);
    expect(biased.slice(0, 4).every((n) => n > biased[4]! && n > biased[5]!)).toBe(true);
    expect(facesPValue(biased)).toBeLessThan(ALPHA);
  });

  it("the outcomes test rejects dice that are each uniform but not independent", () => {
    // Both dice of a pair taken from the same fair roll's first die: the faces stay uniform, the pairs are all doubles.
    const roller = createRoller(SEEDS[1][0], SEEDS[1][1]);
    const pairedFaces = new Array<number>(6).fill(0);
    const pairedOutcomes = new Array<number>(21).fill(0);
    for (let nonce = 0; nonce < 10_000; nonce++) {
      const [a] = roller.roll(nonce);
      pairedFaces[a - 1]! += 2;
      pairedOutcomes[outcomeIndex(a, a)]!++;
    }
    expect(facesPValue(pairedFaces)).toBeGreaterThan(ALPHA);
    expect(outcomesPValue(pairedOutcomes)).toBeLessThan(ALPHA);
  });

  it("outcomeIndex numbers the 21 outcomes 0..20 once each", () => {
    const seen = new Set<number>();
    for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) seen.add(outcomeIndex(a, b));
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(outcomeIndex(5, 2)).toBe(outcomeIndex(2, 5));
  });
});
