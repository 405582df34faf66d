/**
 * The name of the engine an analysis was computed with, stored with every MatchAnalysis row: a version of the
 * analysis itself (bump it when match-analysis.ts changes what it computes) and a hash of the evaluator's committed
 * weights (lib/analysis/weights/), so new weights make a new analysis instead of reusing an old one.
 *
 * @example
 *   analysisEngineId(); // "analysis-2/weights-3f9a0c12d4e5" (or "analysis-2/weights-none" before weights exist)
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// analysis-2: cube decisions by cubeful search, the luck of every roll, checker and cube error rates apart.
export const ANALYSIS_VERSION = "analysis-2";

let memo: string | null = null;

export function analysisEngineId(root: string = process.cwd()): string {
  if (memo !== null) return memo;
  const dir = join(root, "lib/analysis/weights");
  const hash = createHash("sha256");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith(".md")).sort() : [];
  for (const file of files) hash.update(file).update(readFileSync(join(dir, file)));
  memo = `${ANALYSIS_VERSION}/weights-${files.length === 0 ? "none" : hash.digest("hex").slice(0, 12)}`;
  return memo;
}
