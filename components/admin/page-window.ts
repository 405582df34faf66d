/**
 * Which page links a pager shows: the first and last pages and two either side of the current one, with gaps.
 *
 * @example
 *   pageCount(95, 20);   // 5
 *   pageWindow(6, 12);   // [1, null, 4, 5, 6, 7, 8, null, 12]
 *   pageParam({ page: "3" }); // 3 (and 1 for "", "0", "2.5" or none)
 */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers to show, in order; null marks a gap (never a gap of one page: that page is shown instead). */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const kept = (p: number) => p >= 1 && p <= pages && (p === 1 || p === pages || Math.abs(p - page) <= 2);
  const shown: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (kept(p) || (kept(p - 1) && kept(p + 1))) shown.push(p);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** The page a pager's link asks for (`?page=N`): 1 when there is none, or it is not a whole number from 1 up. */
export function pageParam(search: Readonly<Record<string, string | readonly string[] | undefined>>): number {
  const requested = Number(typeof search.page === "string" ? search.page : "1");
  return Number.isInteger(requested) && requested >= 1 ? requested : 1;
}
