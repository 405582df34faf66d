/**
 * Leaving a match before its natural end: cancelling it before the first roll (the seed is revealed at once: no roll
 * was drawn with it, and revealing it shows the commitment was honest), and claiming it when the opponent has been
 * away longer than the abandonment limit (the claimer wins the match).
 */
import { opponentOf } from "../engine/types";
import type { DecideContext, Decision, MatchCommand } from "./commands";
import { endEvent, staleVersion } from "./play";
import { refuse } from "./refusal";
import { accepted } from "./seating";
import { seatOf, type MatchView } from "./view";

export function decideCancel(view: MatchView, command: Extract<MatchCommand, { type: "cancel" }>, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in to cancel your match.");
  if (!seatOf(view, actor.player.id)) return refuse("ERR_NOT_A_PLAYER", "Only a player of this match can cancel it.");
  if (view.status !== "waiting" && view.status !== "seeding") {
    return refuse("ERR_WRONG_STATUS", view.ended ? "The match is over already." : "The match has started; resign instead.");
  }
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  return accepted(view, [endEvent(context, "cancelled", null, `${actor.player.name} cancelled the match before it started.`)]);
}

export function decideClaim(view: MatchView, command: Extract<MatchCommand, { type: "claim-abandoned" }>, context: DecideContext): Decision {
  const { actor, abandonAfterMs } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in to play.");
  const seat = seatOf(view, actor.player.id);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
  const opponent = view.players[opponentOf(seat)];
  if (view.status !== "playing" || !opponent) return refuse("ERR_WRONG_STATUS", "Only a match in play can be claimed.");
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  const awaySince = context.awaySince(opponent.id);
  if (awaySince === null) return refuse("ERR_OPPONENT_CONNECTED", `${opponent.name} is connected.`);
  const awayMs = context.now - awaySince;
  if (awayMs < abandonAfterMs) {
    const wait = Math.ceil((abandonAfterMs - awayMs) / 1000);
    return refuse("ERR_OPPONENT_CONNECTED", `${opponent.name} has been away for ${Math.floor(awayMs / 1000)} s; you can claim the match in ${wait} s.`);
  }
  const minutes = Math.round(abandonAfterMs / 60_000);
  const limit = minutes >= 1 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.round(abandonAfterMs / 1000)} seconds`;
  return accepted(view, [endEvent(context, "abandoned", seat, `${opponent.name} left and did not come back within ${limit}; ${actor.player.name} wins the match.`)]);
}
