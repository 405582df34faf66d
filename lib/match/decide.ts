/**
 * The match aggregate's one decision: `decide(view, command, context)` gives the events a command stores — with the
 * view they make — or the refusal, with nothing stored. Every rule of a match's life is decided here, through one
 * module per part of it (seating.ts, play-command.ts and play.ts, leaving.ts, rematch.ts); the server only loads the view, decides,
 * appends with the version check and publishes (server/match/match-service.ts).
 *
 * The view a decision returns is `events.reduce(evolve, view)` (decide.test.ts holds it to that); decide computes it
 * itself so that an action checked by lib/engine is not checked a second time.
 *
 * @example
 *   const decision = decide(view, { type: "play", play: { type: "roll" } }, context);
 *   if (decision.ok) decision.events; // [{ type: "action", action: { type: "roll", player: "white", dice: [3, 5] }, roll, at }]
 *   else decision.code;                // "ERR_NOT_YOUR_TURN"
 */
import type { DecideContext, Decision, MatchCommand } from "./commands";
import { decideCancel, decideVoid, decideClaim } from "./leaving";
import { decideSettle } from "./play";
import { decidePlay } from "./play-command";
import { decideRematchAnswer, decideRematchOffer } from "./rematch";
import { decideCreate, decideJoin, decideSeed } from "./seating";
import type { MatchView } from "./view";

export function decide(view: MatchView, command: MatchCommand, context: DecideContext): Decision {
  switch (command.type) {
    case "create":
      return decideCreate(view, command, context);
    case "join":
      return decideJoin(view, command, context);
    case "seed":
      return decideSeed(view, command, context);
    case "play":
      return decidePlay(view, command, context);
    case "cancel":
      return decideCancel(view, command, context);
    case "void":
      return decideVoid(view, context);
    case "claim-abandoned":
      return decideClaim(view, command, context);
    case "rematch-offer":
      return decideRematchOffer(view, command, context);
    case "rematch-answer":
      return decideRematchAnswer(view, command, context);
    case "settle":
      return decideSettle(view, context);
  }
}
