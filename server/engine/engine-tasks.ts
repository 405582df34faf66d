/**
 * The engine tasks the match server runs in its worker pool (engine-pool.ts), by kind: what each task carries and
 * what it answers. Tasks and results cross a thread boundary, so both are plain data (structured-cloneable: no
 * functions, no class instances). A new kind is a line here and its handler in engine-worker.ts.
 *
 * @example
 *   interface EngineTaskMap { "choose-action": { task: { kind: "choose-action"; … }; result: … } }
 *   const result = await pool.run({ kind: "choose-action", … }); // typed by the map
 */

import type { AnalysisEntry } from "@/lib/analysis/match-analysis";
import type { ComputerAction, ComputerLevel } from "@/lib/analysis/computer-player";
import type { HintPlay } from "@/lib/analysis/hint";
import type { PositionAnalysis, PositionRequest } from "@/lib/analysis/position-analysis";
import type { MatchState } from "@/lib/engine/match-state";
import type { Color } from "@/lib/engine/types";
import type { AnalyseMatchTask } from "@/server/analysis/analysis-task";

/** Each kind's task (with its `kind`) and result. */
export interface EngineTaskMap {
  /** What the computer in seat `color` does now (lib/analysis/computer-player.ts); null when nothing is its to do. */
  "choose-action": {
    task: { readonly kind: "choose-action"; readonly state: MatchState; readonly color: Color; readonly level: ComputerLevel };
    result: ComputerAction | null;
  };
  /** The best plays for `color`'s dice, for a hint (lib/analysis/hint.ts). */
  hint: { task: { readonly kind: "hint"; readonly state: MatchState; readonly color: Color }; result: HintPlay[] };
  /** One decision of a match's analysis (server/analysis/analysis-runner.ts). */
  "analyse-match": { task: AnalyseMatchTask; result: AnalysisEntry[] };
  /** The analysis board's question (lib/analysis/position-analysis.ts): ranked plays and the cube decision. */
  "analyse-position": { task: { readonly kind: "analyse-position"; readonly request: PositionRequest }; result: PositionAnalysis };
}

export type EngineTaskKind = keyof EngineTaskMap;

export type EngineTask = { [K in EngineTaskKind]: EngineTaskMap[K] extends { task: infer T } ? T : never }[EngineTaskKind];

/** What a task of this kind answers. */
export type EngineTaskResult<T extends EngineTask> = T extends { kind: infer K extends EngineTaskKind }
  ? EngineTaskMap[K] extends { result: infer R }
    ? R
    : never
  : never;
