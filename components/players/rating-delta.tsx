/**
 * Ratings and rating changes in the reader's number format: one decimal (FIBS shows two and nobody reads the second),
 * no grouping, so 1510.0 reads "1510.0" in English and "1510,0" in Portuguese and French.
 *
 * @example
 *   const format = await getFormatter();
 *   formatRating(format, 1510); // "1510.0"  /  "1510,0"
 */
import type { useFormatter } from "next-intl";

/** next-intl's formatter (getFormatter() on the server, useFormatter() in a client component). */
export type Formatter = Pick<ReturnType<typeof useFormatter>, "number">;

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false } as const;

export function formatRating(format: Formatter, rating: number): string {
  return format.number(rating, ONE_DECIMAL);
}

/** A rating change as "+12.3" / "−4.5", coloured, for tables (server-rendered). */
export function RatingDelta({ delta, format }: { readonly delta: number; readonly format: Formatter }) {
  const text = `${delta >= 0 ? "+" : "−"}${format.number(Math.abs(delta), ONE_DECIMAL)}`;
  return <span className={delta >= 0 ? "delta-up" : "delta-down"}>{text}</span>;
}
