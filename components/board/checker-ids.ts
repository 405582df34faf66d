/**
 * Stable identities for one side's fifteen checkers, so that React keeps the same SVG element for a checker that
 * moves and the CSS transition slides it from its old place to its new one. Between two positions the checkers that
 * can stay where they were keep their ids; the ones that left a location take the places that gained checkers, the
 * farthest-travelled first, which is exact for one checker and reads naturally for a whole play.
 *
 * Locations use lib/engine's numbering: 1..24 the side's own points, 25 the bar, 0 off.
 *
 * @example
 *   const first = placeCheckers(null, countsOf(position.white), "w");
 *   const next = placeCheckers(first, countsOf(after.white), "w"); // the moved checker keeps its id
 */

export interface PlacedChecker {
  readonly id: string;
  readonly location: number;
  /** 0 = nearest the edge of its point (or the bottom of its pile). */
  readonly index: number;
}

/** A side's board (25 counts, index 24 the bar) as counts by location, with the checkers off at index 0. */
export function countsOf(board: readonly number[], total = 15): number[] {
  const counts = new Array<number>(26).fill(0);
  let onBoard = 0;
  board.forEach((n, i) => {
    counts[i + 1] = n;
    onBoard += n;
  });
  counts[0] = Math.max(0, total - onBoard);
  return counts;
}

export function placeCheckers(previous: readonly PlacedChecker[] | null, counts: readonly number[], prefix: string): PlacedChecker[] {
  const placed: PlacedChecker[] = [];
  if (previous === null) {
    let next = 0;
    counts.forEach((n, location) => {
      for (let index = 0; index < n; index++) placed.push({ id: `${prefix}${next++}`, location, index });
    });
    return placed;
  }
  const byLocation = new Map<number, PlacedChecker[]>();
  for (const checker of previous) byLocation.set(checker.location, [...(byLocation.get(checker.location) ?? []), checker]);
  const freed: PlacedChecker[] = [];
  const wanted: { location: number; index: number }[] = [];
  counts.forEach((n, location) => {
    const here = (byLocation.get(location) ?? []).sort((a, b) => a.index - b.index);
    here.slice(0, n).forEach((checker, index) => placed.push({ id: checker.id, location, index }));
    freed.push(...here.slice(n));
    for (let index = here.length; index < n; index++) wanted.push({ location, index });
  });
  // Checkers move toward lower locations (25 the bar, then 24 … 1, then 0 off): pair the highest freed with the
  // highest wanted place. A hit checker goes from a point to the bar, the only upward move; it pairs the same way.
  freed.sort((a, b) => b.location - a.location);
  wanted.sort((a, b) => b.location - a.location || a.index - b.index);
  wanted.forEach((slot, k) => {
    const checker = freed[k];
    placed.push({ id: checker?.id ?? `${prefix}x${k}`, location: slot.location, index: slot.index });
  });
  return placed;
}
