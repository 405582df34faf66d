/**
 * What a rated match did to one player's rating, as GET /api/matches/:id/ratings answers it and the match page's end
 * panel shows it (the stored rows: server/db/rating-writes.ts).
 *
 * @example
 *   const change: MatchRatingChange = { color: "white", before: 1500, after: 1510, delta: 10 };
 */
import type { Color } from "../engine/types";

export interface MatchRatingChange {
  readonly color: Color;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
}
