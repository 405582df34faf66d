/**
 * The geometry of a player's rating history chart (the profile page draws it as SVG on the server): each rated match
 * is a point, x by its order (matches, not days: a busy week and a quiet month weigh the same), y by the rating after
 * it, starting from the rating before the first. The y range is padded and rounded to tens so the line never touches
 * the frame and the axis labels are round.
 *
 * @example
 *   const chart = ratingChart([1500, 1522.4, 1504.4], { width: 600, height: 200, padding: 30 });
 *   chart.path;   // "M30,… L300,… L570,…"
 *   chart.yTicks; // [{ value: 1480, y: … }, …]
 */

export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** Space left around the plot for the axis labels. */
  readonly padding: number;
}

export interface RatingChart {
  /** The SVG path of the line ("" with no points). */
  readonly path: string;
  readonly points: readonly { readonly x: number; readonly y: number; readonly rating: number }[];
  readonly yTicks: readonly { readonly value: number; readonly y: number }[];
  readonly min: number;
  readonly max: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** `ratings`: the rating before the first rated match, then after each one. */
export function ratingChart(ratings: readonly number[], box: ChartBox): RatingChart {
  if (ratings.length === 0) return { path: "", points: [], yTicks: [], min: 0, max: 0 };
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  // At least 20 points of range, rounded out to tens.
  const spread = Math.max(high - low, 20);
  const min = Math.floor((low - spread * 0.1) / 10) * 10;
  const max = Math.ceil((high + spread * 0.1) / 10) * 10;
  const plotWidth = box.width - 2 * box.padding;
  const plotHeight = box.height - 2 * box.padding;
  const xOf = (i: number) => box.padding + (ratings.length === 1 ? plotWidth / 2 : (i * plotWidth) / (ratings.length - 1));
  const yOf = (value: number) => box.padding + ((max - value) * plotHeight) / (max - min);
  const points = ratings.map((rating, i) => ({ x: round1(xOf(i)), y: round1(yOf(rating)), rating }));
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x},${p.y}`).join(" ");
  const step = niceStep((max - min) / 4);
  const yTicks: { value: number; y: number }[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step) yTicks.push({ value, y: round1(yOf(value)) });
  return { path, points, yTicks, min, max };
}

/** 10, 20, 25, 50, 100, … : the smallest round step not below `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * magnitude >= raw) return factor * magnitude;
  return 10 * magnitude;
}

/**
 * Which points get a date under the x axis: the first and the last, and evenly spaced ones between, at most `count` in
 * all (the axis runs by match, so dates are labels of points, not a scale).
 */
export function dateTickIndexes(points: number, count = 5): number[] {
  if (points <= 0) return [];
  if (points <= count) return Array.from({ length: points }, (_, i) => i);
  const step = (points - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}
