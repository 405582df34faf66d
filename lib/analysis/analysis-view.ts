/**
 * A match analysis as the review page receives it (from the page's first render and from
 * /api/matches/:id/analysis): where the job stands and, once done, its result.
 *
 * @example
 *   if (view.status === "running") `${view.done} of ${view.total} decisions`;
 *   if (view.status === "done") view.result?.totals.white.errorRate;
 */
import type { MatchAnalysis } from "./match-analysis";
import type { Ply } from "./types";

/** "none": nobody has asked for this ply yet. */
export type AnalysisStatus = "none" | "queued" | "running" | "done" | "failed";

export interface AnalysisView {
  readonly matchId: string;
  readonly ply: Ply;
  /** The engine that computed it (analysis version and weights hash). */
  readonly engine: string;
  readonly status: AnalysisStatus;
  /** Decisions analysed so far, of `total` (0 until the job has listed them). */
  readonly done: number;
  readonly total: number;
  readonly result: MatchAnalysis | null;
  readonly error: string | null;
}
