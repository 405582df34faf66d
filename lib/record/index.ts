/**
 * The match record, shared by the server and the browser: the dice of the game record for the audit, and the review
 * and `.mat` export built from a match's events (lib/match).
 *
 * @example
 *   import { recordTurnsOf, reviewOf } from "@/lib/record";
 */
export * from "./game-record";
export * from "./review";
