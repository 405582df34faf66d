/**
 * The version check's retry, written once for every aggregate: an attempt loads the aggregate, decides, and appends
 * with the version it decided on; when another writer (a command on another node, a timer) appended first, the
 * attempt answers CONFLICT and is made again on the aggregate as it now is. A few tries, then the caller answers
 * ERR_CONFLICT: under that much contention the sender's page resyncs and the player asks again.
 *
 * @example
 *   const result = await untilStored(async () => {
 *     const view = await load();
 *     const decision = decide(view, command, context);
 *     if (!decision.ok) return decision;
 *     return (await append(view, decision)) ? decision : CONFLICT;
 *   });
 */
export const CONFLICT: unique symbol = Symbol("version conflict");
export type Conflict = typeof CONFLICT;

/** Tries per command before ERR_CONFLICT. */
export const ATTEMPTS = 3;

export async function untilStored<T>(attempt: () => Promise<T | Conflict>, attempts = ATTEMPTS): Promise<T | Conflict> {
  for (let tried = 0; tried < attempts; tried++) {
    const result = await attempt();
    if (result !== CONFLICT) return result;
  }
  return CONFLICT;
}
