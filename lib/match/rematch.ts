/**
 * Rematch, once a match is over: either player offers it, the opponent accepts or declines; both asking is accepting,
 * and the computer accepts at once. The offer, the refusal and the match it made are events of the finished match's
 * log (after `ended`), so every node and every restart sees the same rematch, and the version check lets one answer
 * through when two tabs or two nodes answer at once. The match it makes — the same settings, colours swapped, both
 * players seated — is a `create` with an opponent (`rematchCreation`), made by the shell under the id the event named.
 *
 * @example
 *   decide(finished, { type: "rematch-offer" }, context);                  // [{ type: "rematch-offered", color: "white" }]
 *   decide(offered, { type: "rematch-answer", accept: true }, context);    // [{ type: "rematch-made", offeredBy: "white", matchId }]
 *   rematchCreation(made.view);                                            // the create command and its creator
 */
import { opponentOf, type Color } from "../engine/types";
import type { CreateRequest, DecideContext, Decision, MatchCommand, Participant } from "./commands";
import { refuse, type Refusal } from "./refusal";
import type { SeatedPlayer } from "./player-kind";
import { accepted } from "./seating";
import { seatOf, type MatchView } from "./view";

/** The seat of user `actorId` (null: nobody signed in) in a finished match with two players, or the refusal. */
export function rematchSeats(view: MatchView, actorId: string | null): { readonly seat: Color; readonly opponent: SeatedPlayer } | Refusal {
  if (actorId === null) return refuse("ERR_UNAUTHENTICATED", { reason: "play" });
  const seat = seatOf(view, actorId);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", { reason: "rematch" });
  if (view.status !== "finished") return refuse("ERR_WRONG_STATUS", { reason: view.status === "aborted" ? "cancelledNoRematch" : "rematchNotOver" });
  const opponent = view.players[opponentOf(seat)];
  if (!opponent) return refuse("ERR_WRONG_STATUS", { reason: "noOpponent" });
  return { seat, opponent };
}

/** Why `seat` has no rematch offer to answer, or null (a rematch made already needs no answer, and refuses none). */
export function rematchAnswerRefusal(view: MatchView, seat: Color): Refusal | null {
  if (view.rematch.matchId === null && view.rematch.offeredBy !== opponentOf(seat)) return refuse("ERR_WRONG_STATUS", { reason: "noRematchOffer" });
  return null;
}

function made(view: MatchView, offeredBy: Color, context: DecideContext): Decision {
  return accepted(view, [{ type: "rematch-made", offeredBy, matchId: context.newMatchId() }]);
}

export function decideRematchOffer(view: MatchView, _command: Extract<MatchCommand, { type: "rematch-offer" }>, context: DecideContext): Decision {
  const seats = rematchSeats(view, context.actor?.player.id ?? null);
  if ("ok" in seats) return seats;
  const { rematch } = view;
  // Made already, or offered already by this seat: nothing to add (the answer shows the rematch as it stands).
  if (rematch.matchId !== null || rematch.offeredBy === seats.seat) return accepted(view, []);
  // Both asked: the second offer accepts the first.
  if (rematch.offeredBy !== null) return made(view, rematch.offeredBy, context);
  if (seats.opponent.kind === "computer") return made(view, seats.seat, context);
  return accepted(view, [{ type: "rematch-offered", color: seats.seat }]);
}

export function decideRematchAnswer(view: MatchView, command: Extract<MatchCommand, { type: "rematch-answer" }>, context: DecideContext): Decision {
  const seats = rematchSeats(view, context.actor?.player.id ?? null);
  if ("ok" in seats) return seats;
  const refused = rematchAnswerRefusal(view, seats.seat);
  if (refused) return refused;
  const { offeredBy, matchId } = view.rematch;
  // Made already: nothing to add (short of that, the refusal above leaves only the opponent's offer to answer).
  if (matchId !== null || offeredBy === null) return accepted(view, []);
  if (command.accept) return made(view, offeredBy, context);
  return accepted(view, [{ type: "rematch-declined", color: seats.seat }]);
}

/**
 * The match a made rematch is: its offerer creates it in the other colour, and the accepter is seated at once.
 * Everything but the seed (the vault's: its commitment and chain) follows from the finished match — the dice protocol
 * too is the vault's, so the rematch of a fair-dice-v1 match is a fair-dice-v2 match. Each player takes their
 * account's kind from their seat (a computer accepter is the computer again).
 */
export function rematchCreation(view: MatchView): { readonly matchId: string; readonly creator: Participant; readonly command: CreateRequest } | null {
  const { offeredBy, matchId } = view.rematch;
  if (matchId === null || offeredBy === null) return null;
  const offerer = view.players[offeredBy];
  const accepter = view.players[opponentOf(offeredBy)];
  if (!offerer || !accepter) return null;
  const participant = (player: SeatedPlayer): Participant => ({ player, kind: player.kind });
  return {
    matchId,
    creator: participant(offerer),
    command: {
      type: "create",
      matchLength: view.matchLength,
      visibility: view.visibility,
      timeControl: view.timeControl,
      rated: view.rated,
      color: opponentOf(offeredBy),
      opponent: participant(accepter),
    },
  };
}
