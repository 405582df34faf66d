/**
 * The engine task an analysis job runs for each decision of a match: the "analyse-match" kind, one decision point
 * (lib/analysis/match-analysis.ts AnalysisPoint) at a ply, answered with its entries. `runAnalyseTask` is what the
 * engine worker (server/engine/engine-worker.ts) does with it; jobs send it through the engine pool so the search
 * never runs on the event loop.
 *
 * @example
 *   const entries = await pool.run({ kind: "analyse-match", point, ply: 1 }); // in the worker: runAnalyseTask(task, evaluator)
 */
import { analysePoint, type AnalysisEntry, type AnalysisPoint } from "@/lib/analysis/match-analysis";
import type { Evaluator, Ply } from "@/lib/analysis/types";

export interface AnalyseMatchTask {
  readonly kind: "analyse-match";
  readonly point: AnalysisPoint;
  readonly ply: Ply;
}

export type RunAnalysisTask = (task: AnalyseMatchTask) => Promise<AnalysisEntry[]>;

export function runAnalyseTask(task: AnalyseMatchTask, evaluator: Evaluator): AnalysisEntry[] {
  return analysePoint(task.point, { ply: task.ply, evaluator });
}
