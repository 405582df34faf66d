/**
 * appendEvent: the match server's one write path during play, `db.events.append` (event-store.ts has the contract;
 * sqlite-event-store.ts and prisma-event-store.ts the two implementations). Kept as a function for callers that hold
 * a Db (tests, scripts, the admin tests).
 *
 * @example
 *   const result = await appendEvent(db, { matchId, expectedVersion: 7, event: { type: "action", payload } });
 *   if (result.ok) result.value.version; // 8
 */
import type { Db } from "./client";
import type { AppendEventInput, AppendResult } from "./event-store";

export { clientSeedTaken, type AppendEventError, type AppendEventInput, type AppendResult } from "./event-store";

/** The match's new version, which is also the new event's sequence. */
export function appendEvent(db: Db, input: AppendEventInput): Promise<AppendResult> {
  return db.events.append(input);
}
