/**
 * The messages between an engine pool (engine-pool.ts) and its worker threads, and the worker side's loop. A task is
 * a plain JSON object with a `kind`; the worker runs the handler of that kind and answers with the result, or with
 * ERR_ENGINE_TASK and what went wrong (no handler for the kind, or the handler's own error), which the pool words
 * from messages/en.json. One task at a time per worker: the pool never sends a second before the first is answered.
 *
 * @example
 *   // in a worker entry file
 *   serveTasks({ "choose-action": (task) => chooseComputerAction(task.state, task.color, task.level, deps) });
 */
import { parentPort } from "node:worker_threads";
import { err, type Failed } from "@/lib/engine/types";

export interface TaskRequest {
  readonly id: number;
  readonly task: { readonly kind: string };
}

export type TaskReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | ({ readonly id: number } & Failed<"ERR_ENGINE_TASK">);

/** A handler per task kind; the task given to each is the whole task object. */
export type TaskHandlers = Readonly<Record<string, (task: never) => unknown>>;

/** Runs in a worker thread: answers every task the pool sends with its handler's result (awaited). */
export function serveTasks(handlers: TaskHandlers): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", (request: TaskRequest) => {
    const reply = (message: TaskReply) => port.postMessage(message);
    const handler = Object.hasOwn(handlers, request.task.kind) ? (handlers[request.task.kind] as (task: unknown) => unknown) : undefined;
    if (!handler) {
      reply({ id: request.id, ...err("ERR_ENGINE_TASK", { reason: "unknownKind", kind: request.task.kind }) });
      return;
    }
    Promise.resolve()
      .then(() => handler(request.task))
      .then(
        (result) => reply({ id: request.id, ok: true, result }),
        (error: unknown) => reply({ id: request.id, ...err("ERR_ENGINE_TASK", { reason: "failed", error: error instanceof Error ? error.message : String(error) }) }),
      );
  });
}
