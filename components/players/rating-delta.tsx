/** A rating change as "+12.3" / "−4.5", coloured, for tables (server-rendered). */
export function RatingDelta({ delta }: { readonly delta: number }) {
  const text = `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)}`;
  return <span className={delta >= 0 ? "delta-up" : "delta-down"}>{text}</span>;
}

/** A rating as shown everywhere: one decimal, as FIBS shows two and nobody reads the second. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}
