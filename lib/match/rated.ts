/**
 * Rated matches: who may sit at one, and which stored event moves ratings. The seats (seating.ts), the matchmaking
 * queue and the rating writes ask these two functions.
 *
 * Who: registered people only; never a guest, never the computer (`playsRated`: lib/access/may.ts's "play-rated", the
 * one rule of what a kind of account may do). A rated match refuses the others at its door (create, join, queue), so
 * its players are registered by construction.
 *
 * Which event: the `ended` event of a rated match that has a winner. Once per match by construction — only the event
 * that ends the match passes (`before.ended` is null, `after.ended` is not), and a match's log has one such event,
 * which the version check lets in once; the RatingChange table's unique (match, player) key is the second lock behind
 * it. A cancelled match ends with no winner and does not rate; a match abandoned and claimed names the winner and
 * rates like a win on the board.
 *
 * @example
 *   playsRated("guest");         // false
 *   ratedOutcome(before, after); // { winnerId: "u1", loserId: "u2", matchLength: 5 } for the end of a rated 5-point match
 */
import { may, type AccountKind } from "../access/may";
import { opponentOf } from "../engine/types";
import type { MatchView } from "./view";

export function playsRated(kind: AccountKind): boolean {
  return may(kind, "play-rated");
}

/** The result a rating change is computed from (the ratings themselves are read where they are written). */
export interface RatedOutcome {
  readonly winnerId: string;
  readonly loserId: string;
  readonly matchLength: number;
}

export function ratedOutcome(before: MatchView, after: MatchView): RatedOutcome | null {
  if (before.ended !== null || after.ended === null) return null;
  if (!after.rated || after.ended.winner === null) return null;
  const winner = after.players[after.ended.winner];
  const loser = after.players[opponentOf(after.ended.winner)];
  if (!winner || !loser) return null;
  return { winnerId: winner.id, loserId: loser.id, matchLength: after.matchLength };
}
