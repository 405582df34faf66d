import { describe, expect, it } from "vitest";
import { chiSquarePValue, chiSquareStatistic, logGamma, regularizedUpperGamma } from "./stats";

describe("chiSquarePValue", () => {
  // Expected p-values from python3 scipy 1.17.1: scipy.stats.chi2.sf(x, dof). The first four are also the
  // textbook critical values (chi-square table: 0.05 and 0.01 columns).
  const cases: [number, number, number][] = [
    [11.07, 5, 0.050009618622405425],
    [3.841, 1, 0.050013683763956804],
    [31.41, 20, 0.05000523920231515],
    [37.566, 20, 0.010000655237010807],
    [20.515, 5, 0.0010000024510678572],
    [45.315, 20, 0.0009999205891631539],
    [0.5, 5, 0.9921232932326296],
    [0.001, 1, 0.9747728793699604],
    [5.0, 2, 0.0820849986238988],
    [100, 20, 1.2596084591660847e-12],
    [200, 5, 2.8406228986415534e-41],
  ];
  it.each(cases)("chi2 = %d with %i dof gives p = %d", (x, dof, p) => {
    expect(chiSquarePValue(x, dof)).toBeCloseTo(p, 10);
    expect(Math.abs(chiSquarePValue(x, dof) - p) / p).toBeLessThan(1e-8);
  });

  it("is 1 at chi2 = 0", () => {
    expect(chiSquarePValue(0, 5)).toBe(1);
  });

  it.each([[-1, 5], [1, 0], [Number.NaN, 5]])("refuses chi2 = %d, dof = %d", (x, dof) => {
    expect(() => chiSquarePValue(x, dof)).toThrow(RangeError);
  });
});

describe("regularizedUpperGamma and logGamma", () => {
  // Q(1, x) = e^-x exactly; ln Γ values from python3 scipy.special.gammaln.
  it.each([0.1, 1, 2.5, 10])("Q(1, %d) = e^-x", (x) => {
    expect(regularizedUpperGamma(1, x)).toBeCloseTo(Math.exp(-x), 14);
  });
  const logs: [number, number][] = [
    [0.5, 0.5723649429247],
    [1, 0],
    [2, 0],
    [5, 3.1780538303479458],
    [10.5, 13.940625219403763],
    [100, 359.1342053695754],
  ];
  it.each(logs)("ln Γ(%d) = %d", (z, expected) => {
    expect(logGamma(z)).toBeCloseTo(expected, 11);
  });
});

describe("chiSquareStatistic", () => {
  it("sums (o - e)² / e (worked by hand: 0 + 0.4 + 0.4)", () => {
    expect(chiSquareStatistic([10, 12, 8], [10, 10, 10])).toBeCloseTo(0.8, 12);
  });

  it("refuses mismatched lengths and non-positive expectations", () => {
    expect(() => chiSquareStatistic([1, 2], [1])).toThrow(RangeError);
    expect(() => chiSquareStatistic([1], [0])).toThrow(RangeError);
  });
});
