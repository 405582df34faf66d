/**
 * Which stored event moves ratings, decided on the view before and after it: the `ended` event of a rated match that
 * has a winner, between two registered players. Once per match by construction — only the event that ends the match
 * passes (`before.ended` is null, `after.ended` is not), and a match's log has one such event, which the version
 * check lets in once; the RatingChange table's unique (match, player) key is the second lock behind it.
 *
 * What does not rate: an unrated match; a cancelled match (it ends before the first roll, with no winner); a match
 * with a guest in it (a rated match refuses guests at the door, lib/protocol decideJoin). A match abandoned before
 * its first game ended rates only if it was claimed: the only way an abandoned match ends is the claim of the player
 * who stayed (server/match/commands/claim-abandoned.ts), which names the winner, so it rates like a win on the board.
 *
 * @example
 *   ratedOutcome(before, after); // { winnerId: "u1", loserId: "u2", matchLength: 5 } for the end of a rated 5-point match
 */
import { opponentOf } from "../engine/types";
import type { MatchView } from "../record/match-view";

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
  if (!winner || !loser || winner.isGuest || loser.isGuest || winner.id === loser.id) return null;
  return { winnerId: winner.id, loserId: loser.id, matchLength: after.matchLength };
}
