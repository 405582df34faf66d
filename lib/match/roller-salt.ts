/**
 * The salt a roll request brings (fair-dice-v2 and v3, docs/fair-dice-v2.md section 2): the roller's own, or — for
 * the computer's seat — the one the game's seed gives (section 3a), which nobody chooses: a computer's roll may come
 * without one, and one that is not the seed's is refused, so not even the server's own driver picks the computer's
 * dice. A salt sent again for a roll already made (its answer was lost) is the decision itself: nothing changes.
 *
 * @example
 *   const taken = rollerSalt(view, seat, request, context);
 *   if ("ok" in taken) return taken;   // refused, or a repeat of a roll already made
 *   taken.salt;                        // the salt to check and use (undefined: none was sent)
 */
import type { Color } from "../engine/types";
import type { DecideContext, Decision, PlayRequest } from "./commands";
import { refuse } from "./refusal";
import { accepted } from "./seating";
import type { MatchView } from "./view";

export function rollerSalt(view: MatchView, seat: Color, request: Extract<PlayRequest, { type: "roll" }>, context: DecideContext): { readonly salt: string | undefined } | Decision {
  const nonce = view.rolls.length;
  const computers = context.actor?.kind === "computer" && (request.nonce === undefined || request.nonce === nonce);
  const due = computers ? context.computerSalt(view.state.gameNumber, nonce) : undefined;
  if (due !== undefined && request.salt !== undefined && request.salt !== due) return refuse("ERR_BAD_SALT", { reason: "computer" });
  const salt = due ?? request.salt;
  if (request.nonce !== undefined && request.nonce < nonce && salt !== undefined && view.rolls[request.nonce]?.salts?.[seat] === salt) return accepted(view, []);
  return { salt };
}
