/**
 * One serial queue per key: work for the same match runs one piece at a time, in arrival order, so two commands for
 * one match never interleave on this node (across nodes the database's version check decides). Work for different
 * keys runs concurrently. Idle keys are forgotten, so memory follows the number of busy matches.
 *
 * @example
 *   const queue = new KeyedQueue();
 *   await queue.run("match-1", async () => handle(command));
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running. */
  get size(): number {
    return this.#tails.size;
  }
}
