import { describe, expect, it } from "vitest";
import { legalPlays } from "../engine/moves";
import type { Dice } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { bearoffIndex } from "./bearoff-index";
import { ROLLS } from "./bearoff-moves";
import { boardsUpTo, homePosition } from "./bearoff-test-support";

const db = BearoffDatabase.build();

/** Inverts a square matrix by Gauss–Jordan elimination with partial pivoting. */
function invert(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    a[col] = a[col]!.map((v) => v / p);
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      if (f !== 0) a[r] = a[r]!.map((v, j) => v - f * a[col]![j]!);
    }
  }
  return a.map((row) => row.slice(n));
}

describe("the absorbing chain of boards with at most 3 checkers", () => {
  // Transient states: the 83 non-empty boards of up to 3 checkers; absorbing: all off. Transitions from lib/engine's
  // legalPlays, each roll played to the result the database rates lowest (its policy, checked optimal below).
  const transient = boardsUpTo(3).filter((b) => b.some((n) => n > 0));
  const row = new Map(transient.map((b, i) => [bearoffIndex(b), i]));
  const best = (home: number[], dice: Dice) =>
    Math.min(...legalPlays(homePosition(home), dice).map((p) => db.expectedRolls(p.result.white.slice(0, 6))));
  const q = transient.map((home) => {
    const out = new Array<number>(transient.length).fill(0);
    for (const [d1, d2, w] of ROLLS) {
      const plays = legalPlays(homePosition(home), [d1, d2] as unknown as Dice);
      const value = best(home, [d1, d2] as unknown as Dice);
      const chosen = plays.find((p) => db.expectedRolls(p.result.white.slice(0, 6)) === value)!;
      const to = row.get(bearoffIndex(chosen.result.white.slice(0, 6)));
      if (to !== undefined) out[to] = (out[to] ?? 0) + w / 36;
    }
    return out;
  });

  it("N = (I − Q)^-1 built by Gauss–Jordan gives the database's expected rolls as N·1", () => {
    expect(transient).toHaveLength(83);
    const n = invert(q.map((r, i) => r.map((v, j) => (i === j ? 1 : 0) - v)));
    transient.forEach((home, i) => {
      const expected = n[i]!.reduce((s, v) => s + v, 0);
      expect(db.expectedRolls(home)).toBeCloseTo(expected, 12);
    });
  });

  it("P(more than n rolls) = (Q^n · 1) agrees with the stored distribution", () => {
    let survival = transient.map(() => 1); // Q^0 · 1
    for (let n = 1; n <= 8; n++) {
      survival = q.map((r) => r.reduce((s, v, j) => s + v * survival[j]!, 0));
      transient.forEach((home, i) => {
        const dist = db.distribution(home);
        const tail = 1 - dist.slice(0, n).reduce((s, p) => s + p, 0);
        expect(tail).toBeCloseTo(survival[i]!, 12);
      });
    }
  });

  it("is the optimal policy: E(b) = 1 + Σ_r w_r · min over the roll's plays of E(result) (Bellman equation)", () => {
    for (const home of boardsUpTo(6).filter((b) => b.some((n) => n > 0))) {
      const value = 1 + ROLLS.reduce((s, [d1, d2, w]) => s + (w / 36) * best(home, [d1, d2] as unknown as Dice), 0);
      expect(db.expectedRolls(home)).toBeCloseTo(value, 12);
    }
  });
});

describe("BearoffDatabase", () => {
  it("gives hand-checked values: 1 checker on the 5-point is off in one roll except with 1-1, 2-1, 3-1 (31/36)", () => {
    expect(db.distribution([0, 0, 0, 0, 1, 0])).toEqual([31 / 36, 5 / 36]);
    expect(db.expectedRolls([0, 0, 0, 0, 1, 0])).toBeCloseTo(41 / 36, 15);
    expect(db.distribution([1, 0, 0, 0, 0, 0])).toEqual([1]);
    // Two on the 6-point: off in one roll only with 3-3 … 6-6 (4/36).
    expect(db.distribution([0, 0, 0, 0, 0, 2])[0]).toBeCloseTo(4 / 36, 15);
    expect(db.distribution([0, 0, 0, 0, 0, 0])).toEqual([]);
    expect(db.expectedRolls([0, 0, 0, 0, 0, 0])).toBe(0);
  });

  it("every distribution sums to 1 and its mean is expectedRolls", () => {
    for (const home of [[0, 0, 0, 0, 0, 15], [2, 2, 2, 3, 3, 3], [15, 0, 0, 0, 0, 0], [0, 3, 0, 4, 1, 7], [1, 1, 1, 1, 1, 1]]) {
      const dist = db.distribution(home);
      expect(dist.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
      expect(dist.reduce((s, p, n) => s + (n + 1) * p, 0)).toBeCloseTo(db.expectedRolls(home), 13);
    }
  });

  it("gives the first-checker-off distribution for 15-checker boards and nothing once one is off", () => {
    // All 15 on the 1-point: any roll bears one off.
    expect(db.firstOffDistribution([15, 0, 0, 0, 0, 0])).toEqual([1]);
    expect(db.firstOffDistribution([1, 0, 0, 0, 0, 13])).toEqual([]);
    // One on the 1-point, 14 on the 6-point: a 1 or a 6 (20/36), 4-2 (6/2/off), 3-3 and 2-2 — 24/36 (by hand).
    expect(db.firstOffDistribution([1, 0, 0, 0, 0, 14])[0]).toBeCloseTo(24 / 36, 15);
    // All 15 on the 6-point: a 6 (11/36), 5-1, 4-2, 3-3 and 2-2 bear one off in the first roll — 17/36 (by hand).
    expect(db.firstOffDistribution([0, 0, 0, 0, 0, 15])[0]).toBeCloseTo(17 / 36, 15);
    const dist = db.firstOffDistribution([0, 0, 0, 0, 0, 15]);
    expect(dist.reduce((s, p, n) => s + (n + 1) * p, 0)).toBeCloseTo(db.expectedRollsToFirstOff([0, 0, 0, 0, 0, 15]), 13);
  });

  it("round-trips through its binary form bit for bit", () => {
    const again = BearoffDatabase.fromBytes(db.toBytes());
    for (const home of [[0, 0, 0, 0, 0, 15], [2, 2, 2, 3, 3, 3], [0, 1, 0, 0, 0, 0], [3, 0, 0, 0, 0, 12]]) {
      expect(again.distribution(home)).toEqual(db.distribution(home));
      expect(again.firstOffDistribution(home)).toEqual(db.firstOffDistribution(home));
      expect(again.expectedRolls(home)).toBe(db.expectedRolls(home));
    }
    expect(() => BearoffDatabase.fromBytes(new Uint8Array(16))).toThrow(/not a bear-off database/);
  });
});
