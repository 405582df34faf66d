/**
 * Engine work off the event loop: a pool of worker threads that run engine tasks (the computer's choice of action,
 * a match's analysis) so that a 2-ply search never holds up the match server. Tasks queue in order; each worker runs
 * one at a time. A worker that dies (an exception outside a task, out of memory) fails only its own task and is
 * replaced by a fresh one for the next.
 *
 * Workers run TypeScript: each starts from a few lines of JavaScript that register tsx's loader in the thread and
 * then import the worker file, so the same code works under `npm start` (tsx), Vitest and the benchmark scripts.
 *
 * @example
 *   const pool = new EnginePool({ size: 1 });
 *   const action = await pool.run({ kind: "choose-action", state, color: "black", level: "hard" });
 *   await pool.close();
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { englishError } from "@/i18n/english";
import type { EngineTask, EngineTaskResult } from "./engine-tasks";
import type { TaskReply, TaskRequest } from "./worker-protocol";

export interface PoolOptions {
  /** Worker threads (default 1: this machine has two cores and the match server needs one). */
  readonly size?: number;
  /** The worker entry file (default engine-worker.ts); tests give their own. */
  readonly workerUrl?: URL;
  /** Told when a worker dies outside a task's own error handling. */
  readonly onWorkerError?: (message: string) => void;
}

interface Pending {
  readonly request: TaskRequest;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  current: Pending | null;
  dead: boolean;
}

// By the repository's layout rather than "./": the test server's bundle (tests/support/server-bundle.ts) sits two
// folders below the root too, and finds the worker's TypeScript entry the same way.
const DEFAULT_WORKER = new URL("../../server/engine/engine-worker.ts", import.meta.url);

/** The JavaScript each worker starts with: tsx's loader for this thread, then the TypeScript entry file. */
function bootstrap(entry: URL): string {
  // The ESM build of tsx's API, by path: its package exports give the CommonJS build to require.resolve.
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
}

/** A generic pool over a worker entry that answers with serveTasks (worker-protocol.ts). */
export class WorkerPool<Task extends { readonly kind: string }> {
  readonly size: number;
  readonly #source: string;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  readonly #onWorkerError: ((message: string) => void) | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: PoolOptions & { readonly workerUrl: URL }) {
    this.size = Math.max(1, Math.floor(options.size ?? 1));
    this.#source = bootstrap(options.workerUrl);
    this.#onWorkerError = options.onWorkerError;
  }

  /** Runs one task in a worker; rejects with the handler's error message, or if the worker died running it. */
  run(task: Task): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("the engine pool is closed"));
    return new Promise((resolve, reject) => {
      this.#queue.push({ request: { id: this.#nextId++, task }, resolve, reject });
      this.#dispatch();
    });
  }

  /** Tasks waiting for a worker (not counting those running). */
  get queued(): number {
    return this.#queue.length;
  }

  /** Stops every worker; running and queued tasks are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const error = new Error("the engine pool closed");
    for (const pending of this.#queue.splice(0)) pending.reject(error);
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        slot.dead = true;
        slot.current?.reject(error);
        return slot.worker.terminate();
      }),
    );
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((s) => !s.dead && s.current === null) ?? this.#spawn();
      if (!slot) return;
      const pending = this.#queue.shift();
      if (!pending) return;
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.request);
    }
  }

  /** A new worker when the pool is below its size, else null (all are busy). */
  #spawn(): Slot | null {
    if (this.#closed || this.#slots.length >= this.size) return null;
    const worker = new Worker(this.#source, { eval: true, execArgv: [] });
    const slot: Slot = { worker, current: null, dead: false };
    // An idle worker never keeps the process alive; a busy one is ref'd while its task runs.
    worker.unref();
    worker.on("message", (reply: TaskReply) => {
      const pending = slot.current;
      if (!pending || pending.request.id !== reply.id) return;
      slot.current = null;
      worker.unref();
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new Error(englishError(reply.code, reply.values)));
      this.#dispatch();
    });
    const retire = (why: string) => {
      if (slot.dead) return;
      slot.dead = true;
      this.#slots.splice(this.#slots.indexOf(slot), 1);
      this.#onWorkerError?.(why);
      slot.current?.reject(new Error(`the engine worker stopped: ${why}`));
      slot.current = null;
      void worker.terminate();
      if (!this.#closed) this.#dispatch();
    };
    worker.on("error", (error) => retire(error.message));
    worker.on("exit", (code) => retire(`exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }
}

/** The pool of the match server's engine tasks (engine-tasks.ts names them). */
export class EnginePool extends WorkerPool<EngineTask> {
  constructor(options: PoolOptions = {}) {
    super({ ...options, workerUrl: options.workerUrl ?? DEFAULT_WORKER });
  }

  override run<T extends EngineTask>(task: T): Promise<EngineTaskResult<T>> {
    return super.run(task) as Promise<EngineTaskResult<T>>;
  }
}
