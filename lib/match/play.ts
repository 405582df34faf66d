/**
 * The rules commands of a seated player — roll, double, take, drop, move, resign and its answers — and what the
 * match does by itself: the opening rolls, a forced pass, the end of a won match, a flag's fall. The rules are
 * lib/engine's; this adds the seat, the match's status, the dice (drawn only once a roll is allowed: a refused roll
 * must not use up a nonce or open the seed) and the server's time.
 */
import { apply, checkRoll } from "../engine/match";
import { mustPass } from "../engine/match-queries";
import type { MatchAction } from "../engine/match-state";
import { opponentOf, type Color } from "../engine/types";
import type { BundleRoll } from "../dice/types";
import { flagFall } from "./clock";
import type { DecideContext, Decision, MatchCommand, PlayRequest } from "./commands";
import type { EndReason, MatchEvent } from "./events";
import { refuse, type Refusal } from "./refusal";
import { accepted } from "./seating";
import { evolveChecked, seatOf, type MatchView } from "./view";

export function decidePlay(view: MatchView, command: Extract<MatchCommand, { type: "play" }>, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in to play; spectators cannot act.");
  const seat = seatOf(view, actor.player.id);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
  if (view.status !== "playing") {
    return refuse("ERR_WRONG_STATUS", view.ended ? "The match is over." : "The match has not started: both players' seeds are needed first.");
  }
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  if (command.play.type === "roll") {
    const allowed = checkRoll(view.state, seat);
    if (!allowed.ok) return refuse(allowed.code, allowed.message);
    const dice = context.dice();
    return actionDecision(view, { type: "roll", player: seat, dice }, context.now, rollEntry(view, "turn", seat, dice));
  }
  return actionDecision(view, actionOf(command.play, seat), context.now);
}

function actionOf(play: Exclude<PlayRequest, { type: "roll" }>, player: Color): MatchAction {
  switch (play.type) {
    case "move":
      return { type: "move", player, moves: play.moves };
    case "resign-offer":
      return { type: "resign-offer", player, level: play.level };
    default:
      return { type: play.type, player };
  }
}

/** What the match owes by itself now (one event), or nothing: settle until this says so. */
export function decideSettle(view: MatchView, context: DecideContext): Decision {
  if (view.ended || view.status !== "playing") return accepted(view, []);
  const flag = view.clock ? flagFall(view.clock) : null;
  if (flag && flag.at <= context.now) {
    const loser = flag.color;
    const winner = opponentOf(loser);
    const detail = `${view.players[loser]?.name ?? loser} ran out of time; ${view.players[winner]?.name ?? winner} wins the match.`;
    return accepted(view, [endEvent(context, "timeout", winner, detail)]);
  }
  const { state } = view;
  if (state.phase === "opening") {
    const dice = context.dice();
    return actionDecision(view, { type: "opening-roll", dice }, context.now, rollEntry(view, "opening", null, dice));
  }
  // Only whether the roll can be played: the plays themselves are generated when the move comes and is checked.
  if (state.onRoll && mustPass(state)) return actionDecision(view, { type: "move", player: state.onRoll, moves: [] }, context.now);
  if (state.phase === "match-over") {
    const detail = `${state.winner === "white" ? "White" : "Black"} won the match ${state.score.white}–${state.score.black}.`;
    return accepted(view, [endEvent(context, "finished", state.winner, detail)]);
  }
  return accepted(view, []);
}

/** The event that ends a match and reveals its seed (fair-dice-v1, section 2, step 5). */
export function endEvent(context: DecideContext, reason: EndReason, winner: Color | null, detail: string): MatchEvent {
  return { type: "ended", reason, winner, detail, serverSeed: context.serverSeed(), at: context.now };
}

/** The refusal for a command pinned to a version the match has left (every command on a match may carry one). */
export function staleVersion(view: MatchView, expectedVersion: number | undefined): Refusal | null {
  if (expectedVersion === undefined || expectedVersion === view.version) return null;
  return refuse("ERR_STALE_VERSION", `Your board is at version ${expectedVersion} but the match is at ${view.version}; it will refresh.`);
}

function rollEntry(view: MatchView, kind: BundleRoll["kind"], player: Color | null, dice: BundleRoll["dice"]): BundleRoll {
  return { nonce: view.rolls.length, game: view.state.gameNumber, kind, player, dice };
}

/** The action checked by lib/engine once, and stored with the state it leads to. */
function actionDecision(view: MatchView, action: MatchAction, at: number, roll?: BundleRoll): Decision {
  const checked = apply(view.state, action);
  if (!checked.ok) return refuse(checked.code, checked.message);
  const event: Extract<MatchEvent, { type: "action" }> = roll ? { type: "action", action, roll, at } : { type: "action", action, at };
  return { ok: true, events: [event], view: evolveChecked(view, event, checked.value) };
}
