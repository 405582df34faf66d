/**
 * The summary of a match that its database row carries for listings, the lobby and recovery (status, seats, score,
 * result, start and end times), projected from the view: the one place those columns are computed. Every stored
 * event — the created event when the row is made, and each later one with its append — writes the columns that it
 * changed, so the row always says what folding the events says.
 *
 * @example
 *   const after = evolve(before, event);
 *   matchColumns(before, after, now); // e.g. { status: "seeding", blackId: "u2" } for a join
 */
import type { Color } from "../engine/types";
import type { EndReason } from "./events";
import type { MatchStatus, MatchView } from "./view";

export interface MatchColumns {
  readonly status?: MatchStatus;
  readonly whiteId?: string | null;
  readonly blackId?: string | null;
  readonly scoreWhite?: number;
  readonly scoreBlack?: number;
  readonly winner?: Color | null;
  readonly endReason?: EndReason | null;
  /** When the match began to be played: both client seeds in, so the opening roll follows. */
  readonly startedAt?: Date | null;
  readonly finishedAt?: Date | null;
  /** The rematch of a finished match: who offered it (kept once it is made), and the match it made. */
  readonly rematchOfferBy?: Color | null;
  readonly rematchId?: string | null;
}

/**
 * The columns that change from `before` to `after` (one event apart), `at` being the event's time. With `before` at
 * version 0 (no event yet: the row is being created) every column is given.
 */
export function matchColumns(before: MatchView, after: MatchView, at: Date): MatchColumns {
  const creating = before.version === 0;
  const columns: { -readonly [K in keyof MatchColumns]: MatchColumns[K] } = {};
  if (creating || after.status !== before.status) columns.status = after.status;
  if (creating || after.players.white?.id !== before.players.white?.id) columns.whiteId = after.players.white?.id ?? null;
  if (creating || after.players.black?.id !== before.players.black?.id) columns.blackId = after.players.black?.id ?? null;
  const { score } = after.state;
  if (creating || score.white !== before.state.score.white || score.black !== before.state.score.black) {
    columns.scoreWhite = score.white;
    columns.scoreBlack = score.black;
  }
  const started = after.status === "playing" && (creating || before.status !== "playing");
  if (creating || started) columns.startedAt = started ? at : null;
  if (creating || (after.ended !== null && before.ended === null)) {
    columns.winner = after.ended?.winner ?? null;
    columns.endReason = after.ended?.reason ?? null;
    columns.finishedAt = after.ended ? at : null;
  }
  if (creating || after.rematch.offeredBy !== before.rematch.offeredBy) columns.rematchOfferBy = after.rematch.offeredBy;
  if (creating || after.rematch.matchId !== before.rematch.matchId) columns.rematchId = after.rematch.matchId;
  return columns;
}
