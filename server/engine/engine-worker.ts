/**
 * The engine worker thread's entry (started by engine-pool.ts): a handler per engine task kind. Anything a handler
 * needs once per thread (the evaluator, the bear-off database) is built on first use and kept.
 */
import { createEvaluator } from "@/lib/analysis/evaluator";
import type { Evaluator } from "@/lib/analysis/types";
import { runAnalyseTask, type AnalyseMatchTask } from "@/server/analysis/analysis-task";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { serveTasks } from "./worker-protocol";

let evaluator: Evaluator | null = null;
/** The network, exact in bear-off races: what analysis judges plays with. */
const evaluatorOnce = (): Evaluator => (evaluator ??= createEvaluator({ bearoff: loadBearoffDatabase() }));

serveTasks({
  "analyse-match": (task: AnalyseMatchTask) => runAnalyseTask(task, evaluatorOnce()),
});
