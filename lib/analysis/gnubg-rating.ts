/**
 * GNU Backgammon's rating of a player's error rate per decision (gnubg 1.07 analysis.c arThrsRating and aszRating):
 * the best label whose threshold the error rate (in EMG) is below; thresholds 1e38, 0.035, 0.026, 0.018, 0.012, 0.008,
 * 0.005, 0.002. (Versions before 1.0 had a coarser table from "Beginner" to "Extra-terrestrial".) The label is a key:
 * pages word it as `analysis.rating.<key>` ("World class", "Classe mondiale"), tools through i18n/english.ts.
 *
 * @example
 *   gnubgRating(0.004); // "worldClass"
 */

export type GnubgRating = "supernatural" | "worldClass" | "expert" | "advanced" | "intermediate" | "casual" | "beginner" | "awful";

const RATINGS: readonly [number, GnubgRating][] = [
  [0.002, "supernatural"],
  [0.005, "worldClass"],
  [0.008, "expert"],
  [0.012, "advanced"],
  [0.018, "intermediate"],
  [0.026, "casual"],
  [0.035, "beginner"],
];

export function gnubgRating(errorPerDecision: number): GnubgRating {
  for (const [threshold, label] of RATINGS) if (errorPerDecision < threshold) return label;
  return "awful";
}
