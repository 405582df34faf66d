/**
 * Leaving a match before its natural end: cancelling it before the first roll (the seed is revealed at once: no roll
 * was drawn with it, and revealing it shows the commitment was honest), and claiming it when the opponent has been
 * away longer than the abandonment limit — or, in a fair-dice-v3 match, has withheld their browser's contribution
 * that long (the claimer wins the match).
 */
import { opponentOf, type Color } from "../engine/types";
import type { DecideContext, Decision, MatchCommand } from "./commands";
import { owesContribution } from "./contributions";
import type { PlayerInfo } from "./events";
import { endEvent, staleVersion } from "./play";
import { refuse, type Refusal } from "./refusal";
import { accepted } from "./seating";
import { seatOf, type MatchView } from "./view";

/** Why user `actorId` (null: nobody signed in) may not cancel the match now, or null: a player, before the first roll. */
export function cancelRefusal(view: MatchView, actorId: string | null): Refusal | null {
  if (actorId === null) return refuse("ERR_UNAUTHENTICATED", { reason: "cancel" });
  if (!seatOf(view, actorId)) return refuse("ERR_NOT_A_PLAYER", { reason: "cancel" });
  if (view.status !== "waiting" && view.status !== "seeding") return refuse("ERR_WRONG_STATUS", { reason: view.ended ? "overAlready" : "started" });
  return null;
}

export function decideCancel(view: MatchView, command: Extract<MatchCommand, { type: "cancel" }>, context: DecideContext): Decision {
  const refused = cancelRefusal(view, context.actor?.player.id ?? null);
  if (refused) return refused;
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  return accepted(view, [endEvent(context, "cancelled", null)]);
}

/** The server voids a match nobody began (commands.ts `void`); a person may not. */
export function decideVoid(view: MatchView, context: DecideContext): Decision {
  if (context.actor) return refuse("ERR_FORBIDDEN", { reason: "void" });
  if (view.status !== "waiting" && view.status !== "seeding") return refuse("ERR_WRONG_STATUS", { reason: view.ended ? "overAlready" : "started" });
  return accepted(view, [endEvent(context, "cancelled", null)]);
}

/**
 * fair-dice-v3 (docs/fair-dice-v3.md, section 5): whether the opponent of `seat` has withheld a contribution the
 * match waits for — a head or a chain value, while `seat` owes none — for at least the abandonment time. A browser
 * that does not answer is treated as a player who walks away, connected or not: nobody gets a second try at a roll.
 */
export function withholding(view: MatchView, seat: Color, now: number, abandonAfterMs: number): boolean {
  if (view.lastAt === null || owesContribution(view, seat) || !owesContribution(view, opponentOf(seat))) return false;
  return now - view.lastAt >= abandonAfterMs;
}

/** The claimer's seat and the opponent they would claim against — a player of a match in play — or the refusal. */
export function claimSeats(view: MatchView, actorId: string | null): { readonly seat: Color; readonly opponent: PlayerInfo } | Refusal {
  if (actorId === null) return refuse("ERR_UNAUTHENTICATED", { reason: "play" });
  const seat = seatOf(view, actorId);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  const opponent = view.players[opponentOf(seat)];
  if (view.status !== "playing" || !opponent) return refuse("ERR_WRONG_STATUS", { reason: "claimNotPlaying" });
  return { seat, opponent };
}

/** Why the opponent's absence does not let the match be claimed yet — connected, or away less than the limit — or null. */
export function awayRefusal(opponent: PlayerInfo, awaySince: number | null, now: number, abandonAfterMs: number): Refusal | null {
  if (awaySince === null) return refuse("ERR_OPPONENT_CONNECTED", { reason: "connected", name: opponent.name });
  const awayMs = now - awaySince;
  if (awayMs < abandonAfterMs) {
    return refuse("ERR_OPPONENT_CONNECTED", { reason: "away", name: opponent.name, away: Math.floor(awayMs / 1000), wait: Math.ceil((abandonAfterMs - awayMs) / 1000) });
  }
  return null;
}

export function decideClaim(view: MatchView, command: Extract<MatchCommand, { type: "claim-abandoned" }>, context: DecideContext): Decision {
  const seats = claimSeats(view, context.actor?.player.id ?? null);
  if ("ok" in seats) return seats;
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  const away = awayRefusal(seats.opponent, context.awaySince(seats.opponent.id), context.now, context.abandonAfterMs);
  if (away && !withholding(view, seats.seat, context.now, context.abandonAfterMs)) return away;
  return accepted(view, [endEvent(context, "abandoned", seats.seat)]);
}
