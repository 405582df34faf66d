import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("KeyedQueue", () => {
  it("runs work for one key one at a time, in order, even when a piece fails", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const slow = queue.run("m", async () => {
      log.push("a start");
      await tick();
      await tick();
      log.push("a end");
    });
    const failing = queue.run("m", async () => {
      log.push("b");
      throw new Error("boom");
    });
    const last = queue.run("m", async () => {
      log.push("c");
      return 3;
    });
    await slow;
    await expect(failing).rejects.toThrow("boom");
    expect(await last).toBe(3);
    expect(log).toEqual(["a start", "a end", "b", "c"]);
  });

  it("lets different keys interleave and forgets idle keys", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = queue.run("a", async () => {
      log.push("a1");
      await tick();
      log.push("a2");
    });
    const b = queue.run("b", async () => {
      log.push("b1");
    });
    await Promise.all([a, b]);
    expect(log.indexOf("b1")).toBeLessThan(log.indexOf("a2"));
    await tick();
    expect(queue.size).toBe(0);
  });
});
