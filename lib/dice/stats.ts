/**
 * Chi-square goodness of fit for dice: the statistic, and its p-value from the regularized upper incomplete gamma
 * function Q(k/2, x/2). Used by the dice tests and by the admin console's dice health page.
 *
 * @example
 *   chiSquarePValue(11.07, 5); // ≈ 0.05
 *   chiSquareStatistic([10, 12, 8], [10, 10, 10]); // 0.8
 */

/** Σ (observed - expected)² / expected over the categories; both arrays are in the same category order. */
export function chiSquareStatistic(observed: readonly number[], expected: readonly number[]): number {
  if (observed.length !== expected.length) throw new RangeError("chiSquareStatistic: observed and expected differ in length");
  let sum = 0;
  observed.forEach((o, i) => {
    const e = expected[i] as number;
    if (!(e > 0)) throw new RangeError(`chiSquareStatistic: expected count ${i} must be positive`);
    sum += ((o - e) * (o - e)) / e;
  });
  return sum;
}

/** P(X >= chiSquare) for X chi-square distributed with `dof` degrees of freedom. */
export function chiSquarePValue(chiSquare: number, dof: number): number {
  if (!(dof > 0)) throw new RangeError(`chiSquarePValue: degrees of freedom must be positive, got ${dof}`);
  if (!(chiSquare >= 0)) throw new RangeError(`chiSquarePValue: the statistic must be >= 0, got ${chiSquare}`);
  return regularizedUpperGamma(dof / 2, chiSquare / 2);
}

const EPSILON = 1e-15;
const MAX_ITERATIONS = 1000;
const TINY = 1e-300;

/**
 * Q(a, x) = Γ(a, x) / Γ(a). Below x = a + 1 the series for P converges fast (Q = 1 - P), above it the continued
 * fraction for Q does (Numerical Recipes, 3rd ed., section 6.2).
 */
export function regularizedUpperGamma(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`regularizedUpperGamma: need a > 0 and x >= 0, got a=${a}, x=${x}`);
  if (x === 0) return 1;
  if (x < a + 1) return Math.max(0, 1 - lowerSeries(a, x));
  return upperContinuedFraction(a, x);
}

function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function upperContinuedFraction(a: number, x: number): number {
  // Modified Lentz's method.
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(z) for z > 0 (Lanczos approximation, g = 7, about 15 significant digits). */
export function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const zm = z - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (zm + i);
  const t = zm + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (zm + 0.5) * Math.log(t) - t + Math.log(sum);
}
