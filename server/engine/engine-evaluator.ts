/**
 * The evaluator the engine's worker threads use, built once per thread on first use: the exact bear-off database
 * (read through server/analysis/bearoff-file.ts) where both sides are bearing off, the trained network elsewhere.
 *
 * @example
 *   const evaluate = createEngineEvaluator();
 *   evaluate(initialPosition("white")).win; // about 0.5
 */
import { raceProbabilities } from "@/lib/analysis/bearoff-race";
import { createEvaluator } from "@/lib/analysis/evaluator";
import type { Evaluator } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";

let evaluator: Evaluator | null = null;

export function createEngineEvaluator(): Evaluator {
  if (evaluator) return evaluator;
  const network = createEvaluator();
  const bearoff = loadBearoffDatabase();
  evaluator = (pos) => raceProbabilities(bearoff, pos) ?? network(pos);
  return evaluator;
}
