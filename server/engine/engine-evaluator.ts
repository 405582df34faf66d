/**
 * The evaluator the engine's worker threads use, for the computer's choices and for analysis alike, built once per
 * thread on first use: the trained network, exact at game end and, through the bear-off database (read by
 * server/analysis/bearoff-file.ts), exact in races where both sides are bearing off.
 *
 * @example
 *   const evaluate = createEngineEvaluator();
 *   evaluate(initialPosition("white")).win; // about 0.5
 */
import { createEvaluator } from "@/lib/analysis/evaluator";
import type { Evaluator } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";

let evaluator: Evaluator | null = null;

export function createEngineEvaluator(): Evaluator {
  evaluator ??= createEvaluator({ bearoff: loadBearoffDatabase() });
  return evaluator;
}
