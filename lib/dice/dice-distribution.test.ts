/**
 * Goodness of fit of the dice over 10^6 rolls from fixed seeds, at α = 0.001. Deterministic: the seeds are fixed, so
 * the statistics below are the same on every run; a change to the byte stream or the rejection rule moves them.
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

function tally(): { faces: number[]; outcomes: number[]; rolls: number } {
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
  return { faces, outcomes, rolls: SEEDS.length * ROLLS_PER_SEED };
}

describe("dice distribution over 10^6 rolls", () => {
  const { faces, outcomes, rolls } = tally();

  it("rolls 10^6 times", () => {
    expect(rolls).toBe(1_000_000);
    expect(faces.reduce((s, n) => s + n, 0)).toBe(2 * rolls);
    expect(outcomes.reduce((s, n) => s + n, 0)).toBe(rolls);
  });

  it("faces are uniform (chi-square, 5 dof)", () => {
    const p = chiSquarePValue(chiSquareStatistic(faces, faces.map(() => (2 * rolls) / 6)), 5);
    expect(p).toBeGreaterThan(ALPHA);
  });

  it("the 21 unordered outcomes have probabilities 1/36 (doubles) and 2/36 (chi-square, 20 dof)", () => {
    const expected = outcomes.map((_, i) => (rolls * (i < 6 ? 1 : 2)) / 36);
    const p = chiSquarePValue(chiSquareStatistic(outcomes, expected), 20);
    expect(p).toBeGreaterThan(ALPHA);
  });

  it("the same test catches the modulo bias that skipping bytes >= 252 removes", () => {
    // Exact counts of b % 6 + 1 over 8,000 copies of every byte 0..255: faces 1-4 get 43/256, faces 5-6 get 42/256.
    const biased = [1, 2, 3, 4, 5, 6].map((face) => 8000 * (face <= 4 ? 43 : 42));
    const total = 8000 * 256;
    const p = chiSquarePValue(chiSquareStatistic(biased, biased.map(() => total / 6)), 5);
    expect(p).toBeLessThan(ALPHA);
  });

  it("outcomeIndex numbers the 21 outcomes 0..20 once each", () => {
    const seen = new Set<number>();
    for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) seen.add(outcomeIndex(a, b));
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(outcomeIndex(5, 2)).toBe(outcomeIndex(2, 5));
  });
});
