/**
 * The one-sided bear-off database: for each of the 54,264 home boards of up to 15 checkers (bearoff-index.ts), the
 * exact distribution of the number of rolls its side needs to bear all checkers off, and, for boards still holding
 * all 15 checkers, the distribution of the rolls needed to bear off the first one (what saving a gammon takes).
 *
 * The model is the absorbing Markov chain of issue 19: from a board, each of the 21 rolls comes with probability 1/36
 * (doubles) or 2/36, and the side plays the roll to the result board with the smallest expected number of rolls still
 * needed — the policy of GNU Backgammon's one-sided database (makebearoff.c keeps, per roll, the play whose stored
 * distribution has the smallest mean; for the gammon distribution, the play with the smallest mean rolls to the first
 * checker off). Equal means (within 1e-12) go to the result with the smaller index, so the build is deterministic.
 *
 * Why back-substitution is exact: every roll moves at least one pip, so each transition goes to a board with a
 * strictly smaller pip count. Ordering the transient boards by pip count makes Q strictly triangular, so
 * N = (I − Q)^-1 = I + Q + Q² + … is a finite sum and N·1 (the expected rolls) is found by back-substitution,
 * E(b) = 1 + Σ_r w_r E(best result of r), from the fewest pips upward; the distribution follows the same order,
 * P_b(n) = Σ_r w_r P_{best(b,r)}(n − 1). bearoff-database.test.ts builds N by Gauss–Jordan for the boards of up to 3
 * checkers and compares N·1. All of it runs in float64; the probabilities are sums of products of 1/36 and 2/36
 * rounded to double precision (relative error near 1e-15), nothing is truncated.
 *
 * The binary form (toBytes/fromBytes) stores each distribution from its first to its last non-zero entry as
 * little-endian float64: float32 holds 7 significant digits, and a mean of 8 rolls would be off by about 1e-6 before
 * any arithmetic, while float64 keeps the build's values bit for bit.
 *
 * @example
 *   const db = BearoffDatabase.build();          // 2–3 s of CPU (docs/benchmarks.md)
 *   db.expectedRolls([0, 0, 0, 0, 0, 2]);        // two checkers on the 6-point: 2.1096… rolls
 *   db.distribution([0, 0, 0, 0, 0, 2]);         // [0.1111…, 0.6713…, 0.2145…, 0.0031…]: 3-3 to 6-6 in one roll
 *   db.distribution([1, 0, 0, 0, 0, 0]);         // [1]: one roll bears off a checker on the 1-point
 */
import { BEAROFF_CHECKERS, BEAROFF_POINTS, BEAROFF_POSITIONS, bearoffIndex } from "./bearoff-index";
import { type BearoffMoves, MAX_ROLL_RESULTS, ROLLS, createBearoffMoves } from "./bearoff-moves";

/** Upper bound on rolls to bear off: every roll moves at least 3 pips and 15 checkers on the 6-point hold 90. */
const MAX_ROLLS = 32;
const MAGIC = "FGBEAR01";
const TIE = 1e-12;

/** A distribution stored from its first non-zero entry: values[offset + k] = P(exactly start + k rolls). */
interface Tables {
  readonly start: Uint8Array;
  readonly length: Uint8Array;
  readonly offset: Uint32Array;
  readonly values: Float64Array;
}

function compact(dense: Float64Array): Tables {
  const start = new Uint8Array(BEAROFF_POSITIONS);
  const length = new Uint8Array(BEAROFF_POSITIONS);
  const offset = new Uint32Array(BEAROFF_POSITIONS);
  let total = 0;
  for (let b = 0; b < BEAROFF_POSITIONS; b++) {
    let first = 0;
    while ((dense[b * MAX_ROLLS + first] ?? 0) === 0) first++;
    let last = MAX_ROLLS - 1;
    while ((dense[b * MAX_ROLLS + last] ?? 0) === 0) last--;
    start[b] = first;
    length[b] = last - first + 1;
    offset[b] = total;
    total += last - first + 1;
  }
  const values = new Float64Array(total);
  for (let b = 0; b < BEAROFF_POSITIONS; b++) {
    values.set(dense.subarray(b * MAX_ROLLS + (start[b] ?? 0), b * MAX_ROLLS + (start[b] ?? 0) + (length[b] ?? 0)), offset[b] ?? 0);
  }
  return { start, length, offset, values };
}

function meanOf(t: Tables, b: number): number {
  let mean = 0;
  const first = t.start[b] ?? 0;
  const at = t.offset[b] ?? 0;
  for (let k = 0; k < (t.length[b] ?? 0); k++) mean += (first + k) * (t.values[at + k] ?? 0);
  return mean;
}

/**
 * Solves the chain once for one target: all off (`firstOnly` false) or the first checker off (`firstOnly` true, for
 * 15-checker boards; every other board has already borne one off). Returns dense distributions, MAX_ROLLS per board.
 */
function solve(moves: BearoffMoves, firstOnly: boolean): Float64Array {
  const dense = new Float64Array(BEAROFF_POSITIONS * MAX_ROLLS);
  const mean = new Float64Array(BEAROFF_POSITIONS);
  const checkers = new Uint8Array(BEAROFF_POSITIONS);
  const byPips: number[][] = [];
  for (let b = 0; b < BEAROFF_POSITIONS; b++) {
    let n = 0;
    for (let i = 0; i < BEAROFF_POINTS; i++) n += moves.boards[b * BEAROFF_POINTS + i] ?? 0;
    checkers[b] = n;
    const p = moves.pips[b] ?? 0;
    (byPips[p] ??= []).push(b);
  }
  const results = new Int32Array(MAX_ROLL_RESULTS);
  const sums = new Float64Array(MAX_ROLLS);
  for (const group of byPips) {
    for (const b of group ?? []) {
      const done = firstOnly ? (checkers[b] ?? 0) < BEAROFF_CHECKERS : b === 0;
      if (done) {
        dense[b * MAX_ROLLS] = 1;
        continue;
      }
      // Sums of weight (1 or 2) × probability, divided by 36 once at the end: one rounding fewer per entry.
      let expected = 0;
      sums.fill(0);
      for (const [d1, d2, weight] of ROLLS) {
        const n = moves.rollResults(b, d1, d2, results);
        let best = -1;
        let bestMean = Infinity;
        for (let k = 0; k < n; k++) {
          const r = results[k] ?? 0;
          const m = mean[r] ?? 0;
          if (m < bestMean - TIE || (m <= bestMean + TIE && r < best)) {
            best = r;
            bestMean = m;
          }
        }
        expected += weight * bestMean;
        for (let k = 0; k + 1 < MAX_ROLLS; k++) sums[k + 1] = (sums[k + 1] ?? 0) + weight * (dense[best * MAX_ROLLS + k] ?? 0);
      }
      mean[b] = 1 + expected / 36;
      for (let k = 1; k < MAX_ROLLS; k++) dense[b * MAX_ROLLS + k] = (sums[k] ?? 0) / 36;
    }
  }
  return dense;
}

export class BearoffDatabase {
  private readonly allOff: Tables;
  private readonly firstOff: Tables;
  private readonly means: Float64Array;
  private readonly firstMeans: Float64Array;

  private constructor(allOff: Tables, firstOff: Tables) {
    this.allOff = allOff;
    this.firstOff = firstOff;
    this.means = new Float64Array(BEAROFF_POSITIONS);
    this.firstMeans = new Float64Array(BEAROFF_POSITIONS);
    for (let b = 0; b < BEAROFF_POSITIONS; b++) {
      this.means[b] = meanOf(allOff, b);
      this.firstMeans[b] = meanOf(firstOff, b);
    }
  }

  /** Solves the chain for every board (all off, and first checker off). */
  static build(): BearoffDatabase {
    const moves = createBearoffMoves();
    return new BearoffDatabase(compact(solve(moves, false)), compact(solve(moves, true)));
  }

  /**
   * Reads the form toBytes writes. Throws on bytes that are not one (a corrupt committed file is a programmer error).
   * Layout: "FGBEAR01", then for each of the two tables a uint32 count of values, 54,264 × (uint8 first roll, uint8
   * length), padding to 8 bytes, and the float64 values; all little-endian.
   */
  static fromBytes(bytes: Uint8Array): BearoffDatabase {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
    if (magic !== MAGIC) throw new Error(`not a bear-off database (magic "${magic}")`);
    let at = MAGIC.length;
    const read = (): Tables => {
      const count = view.getUint32(at, true);
      at += 4;
      const start = new Uint8Array(BEAROFF_POSITIONS);
      const length = new Uint8Array(BEAROFF_POSITIONS);
      const offset = new Uint32Array(BEAROFF_POSITIONS);
      let total = 0;
      for (let b = 0; b < BEAROFF_POSITIONS; b++) {
        start[b] = view.getUint8(at++);
        length[b] = view.getUint8(at++);
        offset[b] = total;
        total += length[b] ?? 0;
      }
      if (total !== count) throw new Error("bear-off database: lengths do not add up to the value count");
      at += (8 - (at % 8)) % 8;
      const values = new Float64Array(count);
      for (let k = 0; k < count; k++, at += 8) values[k] = view.getFloat64(at, true);
      return { start, length, offset, values };
    };
    const allOff = read();
    const firstOff = read();
    if (at !== bytes.byteLength) throw new Error("bear-off database: trailing bytes");
    return new BearoffDatabase(allOff, firstOff);
  }

  toBytes(): Uint8Array {
    const size = (t: Tables) => 4 + 2 * BEAROFF_POSITIONS + 8 + 8 * t.values.length;
    const bytes = new Uint8Array(MAGIC.length + size(this.allOff) + size(this.firstOff));
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < MAGIC.length; i++) bytes[i] = MAGIC.charCodeAt(i);
    let at = MAGIC.length;
    for (const t of [this.allOff, this.firstOff]) {
      view.setUint32(at, t.values.length, true);
      at += 4;
      for (let b = 0; b < BEAROFF_POSITIONS; b++) {
        view.setUint8(at++, t.start[b] ?? 0);
        view.setUint8(at++, t.length[b] ?? 0);
      }
      at += (8 - (at % 8)) % 8;
      for (const v of t.values) {
        view.setFloat64(at, v, true);
        at += 8;
      }
    }
    return bytes.subarray(0, at);
  }

  /**
   * result[n] = P(all checkers off in exactly n + 1 rolls), up to the last non-zero entry; [] for the empty board
   * (nothing left to bear off). home[i] = checkers on point i + 1; throws on a board bearoff-index does not cover.
   */
  distribution(home: readonly number[]): readonly number[] {
    return this.read(this.allOff, bearoffIndex(home));
  }

  /** The exact mean of distribution(home): Σ n·P(n). 0 for the empty board. */
  expectedRolls(home: readonly number[]): number {
    return this.means[bearoffIndex(home)] ?? 0;
  }

  /**
   * result[n] = P(the first checker is off in exactly n + 1 rolls), for a board of 15 checkers, playing to bear one
   * off soonest; [] when a checker is already off.
   */
  firstOffDistribution(home: readonly number[]): readonly number[] {
    return this.read(this.firstOff, bearoffIndex(home));
  }

  /** The mean of firstOffDistribution(home); 0 when a checker is already off. */
  expectedRollsToFirstOff(home: readonly number[]): number {
    return this.firstMeans[bearoffIndex(home)] ?? 0;
  }

  /** P(all off in exactly n rolls) for n = 0 … MAX_ROLLS − 1, written into `out` (for callers that loop over many). */
  distributionInto(index: number, out: Float64Array, firstOnly = false): void {
    const t = firstOnly ? this.firstOff : this.allOff;
    out.fill(0);
    const first = t.start[index] ?? 0;
    out.set(t.values.subarray(t.offset[index] ?? 0, (t.offset[index] ?? 0) + (t.length[index] ?? 0)), first);
  }

  private read(t: Tables, b: number): number[] {
    const first = t.start[b] ?? 0;
    if (first === 0) return [];
    const out = new Array<number>(first - 1).fill(0);
    const at = t.offset[b] ?? 0;
    for (let k = 0; k < (t.length[b] ?? 0); k++) out.push(t.values[at + k] ?? 0);
    return out;
  }
}

/** Length of the arrays distributionInto fills. */
export const BEAROFF_MAX_ROLLS = MAX_ROLLS;
