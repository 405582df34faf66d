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
  if (!actor) return refuse("ERR_UNAUTHENTICATED", { reason: "cancel" });
  if (!seatOf(view, actor.player.id)) return refuse("ERR_NOT_A_PLAYER", { reason: "cancel" });
  if (view.status !== "waiting" && view.status !== "seeding") return refuse("ERR_WRONG_STATUS", { reason: view.ended ? "overAlready" : "started" });
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  return accepted(view, [endEvent(context, "cancelled", null)]);
}

export function decideClaim(view: MatchView, command: Extract<MatchCommand, { type: "claim-abandoned" }>, context: DecideContext): Decision {
  const { actor, abandonAfterMs } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", { reason: "play" });
  const seat = seatOf(view, actor.player.id);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  const opponent = view.players[opponentOf(seat)];
  if (view.status !== "playing" || !opponent) return refuse("ERR_WRONG_STATUS", { reason: "claimNotPlaying" });
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  const awaySince = context.awaySince(opponent.id);
  if (awaySince === null) return refuse("ERR_OPPONENT_CONNECTED", { reason: "connected", name: opponent.name });
  const awayMs = context.now - awaySince;
  if (awayMs < abandonAfterMs) {
    return refuse("ERR_OPPONENT_CONNECTED", { reason: "away", name: opponent.name, away: Math.floor(awayMs / 1000), wait: Math.ceil((abandonAfterMs - awayMs) / 1000) });
  }
  return accepted(view, [endEvent(context, "abandoned", seat)]);
}
