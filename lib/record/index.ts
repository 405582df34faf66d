/**
 * The match record, shared by the server and the browser: the stored events, the fold of the events into the match's
 * view (the same on both sides), the dice of the game record for the audit, and the review and `.mat` export built
 * from the events.
 *
 * @example
 *   import { applyMatchEvent, emptyMatchView, recordTurnsOf, type MatchEvent } from "@/lib/record";
 */
export * from "./match-events";
export * from "./match-view";
export * from "./game-record";
export * from "./review";
export * from "./clock";
