/**
 * Times on the admin and history pages, written in UTC so a server-rendered page reads the same everywhere.
 *
 * @example
 *   utcTime(new Date("2026-05-01T12:03:04.567Z")); // "2026-05-01 12:03:04 UTC"
 *   utcDay(new Date("2026-05-01T12:03:04.567Z"));  // "2026-05-01"
 */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
