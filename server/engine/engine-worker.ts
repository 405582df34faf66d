/**
 * The engine worker thread's entry (started by engine-pool.ts): a handler per engine task kind. Anything a handler
 * needs once per thread (the evaluator, the bear-off database) is built on first use and kept.
 */
import { serveTasks } from "./worker-protocol";

serveTasks({});
