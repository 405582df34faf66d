/**
 * A match analysis as the review page receives it (from the page's first render and from
 * /api/matches/:id/analysis): where the job stands and, once done, its result.
 *
 * @example
 *   if (view.status === "running") `${view.done} of ${view.total} decisions, ${view.remainingMs ?? "?"} ms left`;
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
  /**
   * While it runs: the time it still needs at its pace so far (remainingMs), by the server's clock; null before
   * ESTIMATE_AFTER decisions are done, and when it is not running.
   */
  readonly remainingMs: number | null;
}

/** Decisions a job must have done before its pace says anything (the first include loading the engine). */
export const ESTIMATE_AFTER = 5;

/**
 * The time a running job still needs: the time per decision so far, times the decisions left. A 3-ply review takes
 * minutes, and its pace is steady enough (the decisions of a match cost alike, give or take the cube's) to say so.
 */
export function remainingMs(done: number, total: number, elapsedMs: number): number | null {
  if (done < ESTIMATE_AFTER || total < done || elapsedMs < 0) return null;
  return Math.round((elapsedMs / done) * (total - done));
}
