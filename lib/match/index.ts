/**
 * The match aggregate, shared by the server and the browser: the events of a match's log (events.ts), the view they
 * fold into (`evolve`, view.ts), the one decision that makes new events (`decide`, decide.ts, with its commands and
 * refusals), the clocks, the rated rule, the row's columns projected from the view, and the schemas of stored events.
 *
 * @example
 *   import { decide, evolve, emptyMatchView, type MatchCommand } from "@/lib/match";
 */
export * from "./events";
export { emptyMatchView, evolve, seatOf, NO_REMATCH, type MatchStatus, type MatchView, type RematchState } from "./view";
export { COMPUTER_USERNAMES, computerLevelOfName, seatedPlayer, type SeatedPlayer } from "./player-kind";
export * from "./commands";
export * from "./refusal";
export { decide } from "./decide";
export { rematchCreation } from "./rematch";
export { CURRENT_DICE_PROTOCOL, outdatedProtocol, protocolOfCreated, type DiceProtocol } from "./dice-protocol";
export { playsRated, ratedOutcome, type RatedOutcome } from "./rated";
export * from "./clock";
export * from "./columns";
export * from "./event-schemas";
