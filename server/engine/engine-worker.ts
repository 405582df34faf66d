/**
 * The engine worker thread's entry (started by engine-pool.ts): a handler per engine task kind. Anything a handler
 * needs once per thread (the evaluator, the bear-off database) is built on first use and kept.
 */
import { createEvaluator } from "@/lib/analysis/pending-engine";
import type { Evaluator } from "@/lib/analysis/types";
import { runAnalyseTask, type AnalyseMatchTask } from "@/server/analysis/analysis-task";
import { serveTasks } from "./worker-protocol";

let evaluator: Evaluator | null = null;
const evaluatorOnce = (): Evaluator => (evaluator ??= createEvaluator());

serveTasks({
  "analyse-match": (task: AnalyseMatchTask) => runAnalyseTask(task, evaluatorOnce()),
});
