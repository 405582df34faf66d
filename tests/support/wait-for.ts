/**
 * The suite's one way to wait for a condition instead of for time: polls `predicate` (which may be async: a database
 * read, an HTTP probe, a command) until it holds, every `intervalMs` (2 ms by default); throws
 * `timed out waiting for <what>` after `timeoutMs`. `what` may be a function, so the message can say where things
 * stood when time ran out. An error thrown by the predicate ends the wait at once (an `expect` inside it fails the
 * test on the first wrong answer rather than at the deadline).
 *
 * @example
 *   await waitFor(() => bot.view?.ended !== null, "the match to end");
 *   await waitFor(() => done(), () => `the matches to end (${left()} still playing)`, 120_000);
 *   await waitFor(async () => (await readiness(url)).status === 503, "the node to drain", { timeoutMs: 30_000, intervalMs: 50 });
 */
export interface WaitOptions {
  /** How long to wait before giving up (default 20 s). */
  readonly timeoutMs?: number;
  /** The pause between two looks (default 2 ms; an async predicate that costs a round trip may want more). */
  readonly intervalMs?: number;
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, what: string | (() => string), timeoutOrOptions: number | WaitOptions = 20_000): Promise<void> {
  const { timeoutMs = 20_000, intervalMs = 2 } = typeof timeoutOrOptions === "number" ? { timeoutMs: timeoutOrOptions } : timeoutOrOptions;
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
