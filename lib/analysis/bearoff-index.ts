/**
 * A dense index of the one-sided home boards: every way to place up to 15 checkers on the 6 points of a home board,
 * numbered 0 … 54,263 without gaps (C(21, 6) = 54,264 boards: 15 checkers and 6 bars between 7 bins, off and points
 * 1–6). The bear-off database keeps one record per index.
 *
 * The numbering is the combinatorial number system over the highest point first: all boards whose 6-point holds k
 * checkers come before those holding k + 1, and within them the board of points 1–5 is numbered the same way with the
 * checkers left. So index 0 is the empty board (all off) and indices 1–15 are 1–15 checkers on the 1-point.
 *
 * @example
 *   bearoffIndex([0, 0, 0, 0, 0, 0]); // 0: all checkers off
 *   bearoffIndex([1, 0, 0, 0, 0, 0]); // 1
 *   bearoffBoard(bearoffIndex([3, 0, 2, 0, 0, 1])); // [3, 0, 2, 0, 0, 1]
 */

/** Points of a home board. */
export const BEAROFF_POINTS = 6;
/** Checkers of a side. */
export const BEAROFF_CHECKERS = 15;
/** Number of boards of up to 15 checkers on 6 points: C(21, 6). */
export const BEAROFF_POSITIONS = 54_264;

/** boardsUpTo[p][n] = boards of at most n checkers on p points = C(n + p, p). */
const boardsUpTo: number[][] = [];
for (let p = 0; p <= BEAROFF_POINTS; p++) {
  const row: number[] = [];
  for (let n = 0; n <= BEAROFF_CHECKERS; n++) row.push(p === 0 ? 1 : n === 0 ? 1 : (boardsUpTo[p - 1]?.[n] ?? 0) + (row[n - 1] ?? 0));
  boardsUpTo.push(row);
}

/**
 * before[p][n][k] = boards on points 1..p+1 with at most n checkers whose point p+1 holds fewer than k: the offset of
 * the block where point p+1 holds k.
 */
const before: number[][][] = [];
for (let p = 0; p < BEAROFF_POINTS; p++) {
  const byN: number[][] = [];
  for (let n = 0; n <= BEAROFF_CHECKERS; n++) {
    const offsets = [0];
    for (let k = 0; k < n; k++) offsets.push((offsets[k] ?? 0) + (boardsUpTo[p]?.[n - k] ?? 0));
    byN.push(offsets);
  }
  before.push(byN);
}

/** Whether `home` is a board this index covers: 6 non-negative integers summing to at most 15. */
export function isBearoffBoard(home: readonly number[]): boolean {
  if (home.length !== BEAROFF_POINTS) return false;
  let total = 0;
  for (const count of home) {
    if (!Number.isInteger(count) || count < 0) return false;
    total += count;
  }
  return total <= BEAROFF_CHECKERS;
}

/** The index of a home board (home[i] = checkers on point i + 1). Throws on a board that isBearoffBoard rejects. */
export function bearoffIndex(home: readonly number[]): number {
  if (!isBearoffBoard(home)) throw new RangeError(`not a one-sided bear-off board: [${home.join(", ")}]`);
  let left = BEAROFF_CHECKERS;
  let index = 0;
  for (let p = BEAROFF_POINTS - 1; p >= 0; p--) {
    const k = home[p] ?? 0;
    index += before[p]?.[left]?.[k] ?? 0;
    left -= k;
  }
  return index;
}

/** The home board of an index (home[i] = checkers on point i + 1). Throws outside 0 … 54,263. */
export function bearoffBoard(index: number): number[] {
  if (!Number.isInteger(index) || index < 0 || index >= BEAROFF_POSITIONS) throw new RangeError(`bear-off index out of range: ${index}`);
  const home = new Array<number>(BEAROFF_POINTS).fill(0);
  let left = BEAROFF_CHECKERS;
  let rest = index;
  for (let p = BEAROFF_POINTS - 1; p >= 0; p--) {
    const offsets = before[p]?.[left] ?? [0];
    let k = 0;
    while (k + 1 < offsets.length && (offsets[k + 1] ?? 0) <= rest) k++;
    home[p] = k;
    rest -= offsets[k] ?? 0;
    left -= k;
  }
  return home;
}
