/**
 * The worker pool with a test worker (fixtures/pool-test-worker.ts): results come back from another thread, a
 * handler's error comes back as a rejection, a worker that dies fails only its task and is replaced, tasks beyond
 * the pool's size wait their turn, and two workers run two tasks at once.
 */
import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { WorkerPool } from "./engine-pool";

type TestTask =
  | { kind: "square"; n: number }
  | { kind: "refuse"; why: string }
  | { kind: "die" }
  | { kind: "hold"; ms: number; label: string }
  | { kind: "unknown" };

const workerUrl = new URL("./fixtures/pool-test-worker.ts", import.meta.url);
const pools: { close(): Promise<void> }[] = [];

function pool(size: number, onWorkerError?: (message: string) => void): WorkerPool<TestTask> {
  const created = new WorkerPool<TestTask>({ size, workerUrl, onWorkerError });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("the engine worker pool", () => {
  it("runs a task in another thread and answers with its result", async () => {
    const result = (await pool(1).run({ kind: "square", n: 12 })) as { value: number; threadId: number };
    expect(result.value).toBe(144);
    expect(result.threadId).not.toBe(threadId);
  });

  it("rejects with the handler's own message, and with a clear one for an unknown kind", async () => {
    const p = pool(1);
    await expect(p.run({ kind: "refuse", why: "no legal play for that" })).rejects.toThrow("no legal play for that");
    await expect(p.run({ kind: "unknown" })).rejects.toThrow('The engine has no task of kind "unknown".');
    expect(await p.run({ kind: "square", n: 3 })).toMatchObject({ value: 9 });
  });

  it("fails only the task of a worker that dies, and runs the next task on a new worker", async () => {
    const errors: string[] = [];
    const p = pool(1, (message) => errors.push(message));
    const first = (await p.run({ kind: "square", n: 2 })) as { threadId: number };
    await expect(p.run({ kind: "die" })).rejects.toThrow(/engine worker stopped: exited with code 3/);
    const after = (await p.run({ kind: "square", n: 5 })) as { value: number; threadId: number };
    expect(after.value).toBe(25);
    expect(after.threadId).not.toBe(first.threadId);
    expect(errors).toEqual(["exited with code 3"]);
  });

  it("queues tasks beyond its size and answers each in order", async () => {
    const p = pool(1);
    const started = Date.now();
    const results = (await Promise.all(["a", "b", "c"].map((label) => p.run({ kind: "hold", ms: 100, label })))) as { label: string; at: number }[];
    expect(results.map((r) => r.label)).toEqual(["a", "b", "c"]);
    // One worker: the three holds ran one after another.
    expect(results[2]!.at - started).toBeGreaterThanOrEqual(290);
  });

  it("runs tasks in parallel on separate threads when it has two workers", async () => {
    const p = pool(2);
    const [a, b] = (await Promise.all([p.run({ kind: "hold", ms: 300, label: "a" }), p.run({ kind: "hold", ms: 300, label: "b" })])) as { threadId: number; at: number }[];
    expect(a!.threadId).not.toBe(b!.threadId);
  });

  it("refuses work once closed and rejects what was still queued", async () => {
    const p = pool(1);
    const running = p.run({ kind: "hold", ms: 200, label: "running" });
    const queued = p.run({ kind: "square", n: 4 });
    const outcomes = [expect(running).rejects.toThrow("closed"), expect(queued).rejects.toThrow("closed")];
    await p.close();
    await Promise.all(outcomes);
    await expect(p.run({ kind: "square", n: 1 })).rejects.toThrow("closed");
  });
});
