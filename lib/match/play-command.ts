/**
 * A seated player's rules command (commands.ts `play`): the seat and the version first, then the decision of its
 * kind — a fair-dice-v3 head, value or roll (contributed-roll.ts), a v2 or v1 roll, or a cube, move or resignation
 * (play.ts). Apart from play.ts so that the rules a page asks of lib/match (allowed-commands.ts) do not carry v3's
 * decisions and their hashing into its first load.
 *
 * @example
 *   decidePlay(view, { type: "play", play: { type: "reveal", nonce: 7, value } }, context); // the roll, or a refusal
 */
import { checkRoll } from "../engine/match";
import { actionDecision, rollEntry } from "./action-decision";
import type { DecideContext, Decision, MatchCommand } from "./commands";
import { decideCommitChain, decideContributedRoll, decideReveal } from "./contributed-roll";
import { pendingTurnRoll } from "./contributions";
import { actionOf, deadCubeRefusal, decideSaltedRoll, playingSeat, staleVersion } from "./play";
import { refuse } from "./refusal";
import type { MatchView } from "./view";

export function decidePlay(view: MatchView, command: Extract<MatchCommand, { type: "play" }>, context: DecideContext): Decision {
  const seat = playingSeat(view, context.actor?.player.id ?? null);
  if (typeof seat !== "string") return seat;
  const stale = staleVersion(view, command.expectedVersion);
  if (stale) return stale;
  const { play } = command;
  if (play.type === "commit-chain" || play.type === "reveal") {
    if (view.diceProtocol !== "fair-dice-v3") return refuse("ERR_WRONG_STATUS", { reason: "noChains" });
    return play.type === "commit-chain" ? decideCommitChain(view, seat, play, context) : decideReveal(view, seat, play, context);
  }
  if (play.type === "roll" && view.diceProtocol === "fair-dice-v3") return decideContributedRoll(view, seat, play, context);
  // fair-dice-v3: a roll whose salt is in waits only for the opponent's reveal; nothing else comes between.
  const pending = pendingTurnRoll(view);
  if (pending) return refuse("ERR_ROLL_PENDING", { nonce: pending.nonce });
  if (play.type === "roll") {
    if (view.diceProtocol === "fair-dice-v2") return decideSaltedRoll(view, seat, play, context);
    const allowed = checkRoll(view.state, seat);
    if (!allowed.ok) return refuse(allowed.code, allowed.values);
    const dice = context.dice();
    return actionDecision(view, { type: "roll", player: seat, dice }, context, rollEntry(view, "turn", seat, dice));
  }
  if (play.type === "double") {
    const dead = deadCubeRefusal(view, seat);
    if (dead) return dead;
  }
  return actionDecision(view, actionOf(play, seat), context);
}
