/**
 * Adds up GNU Backgammon's per-game chequer-play statistics for one side into its error rate per move and rating, as
 * gnubg's own match statistics do (formatgs.c: error rate = error-skill / unforced moves; analysis.c GetRating).
 *
 * @example
 *   summarise([{ "unforced-moves": 75, "total-moves": 94, "error-skill": 1.976, marked: { "very bad": 3, bad: 11, doubtful: 7, unmarked: 73 } }]);
 *   // { errorRate: 26.35, rating: "beginner", … } (gnubg 1.07 shows "-26.3 mEMG, Beginner" for these figures)
 */
import { gnubgRating, type GnubgRating } from "@/lib/analysis/gnubg-rating";

/** One side's "moves" statistics from gnubg's Python gnubg.match(statistics=True) for one game. */
export interface SideStats {
  readonly "unforced-moves": number;
  readonly "total-moves": number;
  /** Equity lost on this side's moves, in EMG (points for money), a positive number. */
  readonly "error-skill": number;
  readonly marked: { readonly "very bad": number; readonly bad: number; readonly doubtful: number; readonly unmarked: number };
}

export interface Summary {
  readonly games: number;
  readonly totalMoves: number;
  readonly unforcedMoves: number;
  /** Thousandths of a point lost per unforced move (gnubg's "Error rate mEMG"). */
  readonly errorRate: number;
  /** Half-width of the 95 % interval of errorRate: 1.96 standard errors of a ratio estimate, games as samples. */
  readonly interval95: number;
  /** gnubg's rating, a key: `analysis.rating.<key>` words it ("Beginner"). */
  readonly rating: GnubgRating;
  readonly doubtful: number;
  /** gnubg's "bad" moves (≥ 0.06 lost), which it calls errors. */
  readonly errors: number;
  /** gnubg's "very bad" moves (≥ 0.12 lost), which it calls blunders. */
  readonly blunders: number;
}

export function summarise(games: readonly SideStats[]): Summary {
  let unforced = 0;
  let total = 0;
  let error = 0;
  let doubtful = 0;
  let errors = 0;
  let blunders = 0;
  for (const g of games) {
    unforced += g["unforced-moves"];
    total += g["total-moves"];
    error += g["error-skill"];
    doubtful += g.marked.doubtful;
    errors += g.marked.bad;
    blunders += g.marked["very bad"];
  }
  const rate = unforced > 0 ? error / unforced : 0;
  // Ratio estimator's variance: sum of squared residuals (e_i − rate·u_i)² / (n (n − 1)), over the mean of u squared.
  const n = games.length;
  let residuals = 0;
  for (const g of games) residuals += (g["error-skill"] - rate * g["unforced-moves"]) ** 2;
  const meanUnforced = unforced / Math.max(1, n);
  const se = n > 1 && meanUnforced > 0 ? Math.sqrt(residuals / (n * (n - 1))) / meanUnforced : 0;
  return {
    games: n,
    totalMoves: total,
    unforcedMoves: unforced,
    errorRate: 1000 * rate,
    interval95: 1000 * 1.96 * se,
    rating: gnubgRating(rate),
    doubtful,
    errors,
    blunders,
  };
}

/** The standard error of a mean over independent samples: the sample standard deviation over √n (0 for fewer than 2). */
export function standardError(samples: readonly number[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mean = samples.reduce((s, x) => s + x, 0) / n;
  const variance = samples.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return Math.sqrt(variance / n);
}
