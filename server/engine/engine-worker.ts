/**
 * The engine worker thread's entry (started by engine-pool.ts): a handler per engine task kind. Anything a handler
 * needs once per thread (the evaluator, the bear-off database) is built on first use and kept.
 */
import { chooseComputerAction } from "@/lib/analysis/computer-player";
import { bestPlays } from "@/lib/analysis/hint";
import { analysePosition } from "@/lib/analysis/position-analysis";
import { runAnalyseTask } from "@/server/analysis/analysis-task";
import { createEngineEvaluator } from "./engine-evaluator";
import type { EngineTaskMap } from "./engine-tasks";
import { serveTasks } from "./worker-protocol";

type Task<K extends keyof EngineTaskMap> = EngineTaskMap[K]["task"];

serveTasks({
  "choose-action": (task: Task<"choose-action">) => chooseComputerAction(task.state, task.color, task.level, { evaluator: createEngineEvaluator() }),
  hint: (task: Task<"hint">) => bestPlays(task.state, task.color, { evaluator: createEngineEvaluator() }),
  "analyse-match": (task: Task<"analyse-match">) => runAnalyseTask(task, createEngineEvaluator()),
  "analyse-position": (task: Task<"analyse-position">) => analysePosition(task.request, createEngineEvaluator()),
});
