/**
 * The evaluator the engine's worker threads use: built once per thread, on first use.
 *
 * @example
 *   const evaluate = createEngineEvaluator();
 *   evaluate(initialPosition("white")).win; // about 0.5
 */
import { interimEvaluator } from "@/lib/analysis/computer-engine-interim";
import type { Evaluator } from "@/lib/analysis/types";

let evaluator: Evaluator | null = null;

export function createEngineEvaluator(): Evaluator {
  evaluator ??= interimEvaluator;
  return evaluator;
}
