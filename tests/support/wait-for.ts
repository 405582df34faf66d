/**
 * Polls `predicate` every 2 ms until it holds; throws `timed out waiting for <what>` after `timeoutMs`. `what` may be
 * a function, so the message can say where things stood when time ran out.
 *
 * @example
 *   await waitFor(() => bot.view?.ended !== null, "the match to end");
 *   await waitFor(() => done(), () => `the matches to end (${left()} still playing)`, 120_000);
 */
export async function waitFor(predicate: () => boolean, what: string | (() => string), timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
