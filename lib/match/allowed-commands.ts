/**
 * What an actor may send a match now, answered as `decide` would answer it: a page shows a button only when its
 * command would be accepted, and asks that here rather than writing the rule a second time. Each entry calls the
 * predicate the decision itself calls (leaving.ts, seating.ts, play.ts, rematch.ts, lib/play/hint-rule.ts, and
 * lib/engine's `apply` and `checkRoll`); allowed-commands.test.ts holds every entry to `decide`'s answer.
 *
 * Left out: the version check (a page sends the version it shows) and parameters — "move" means some play of the
 * dice is accepted (lib/engine's `legalActions` says when), "resign" an offer at any level. A roll is two entries:
 * "roll", the player's turn roll, and "opening-salt", a fair-dice-v2 opening roll waiting for this player's salt,
 * which the page sends by itself. fair-dice-v3 adds two the page also sends by itself: "chain-head", the game's head
 * this player's browser owes, and "reveal", the chain value the match waits for from it (contributions.ts).
 *
 * @example
 *   const allowed = allowedCommands(view, { id: user.id, kind: "registered" }, { now, abandonAfterMs, opponentAwaySince, isComputer });
 *   allowed.cancel; // true for a player before the first roll
 */
import type { AccountKind } from "../access/may";
import { apply, checkRoll } from "../engine/match";
import { legalActions } from "../engine/match-queries";
import type { Color } from "../engine/types";
import { checkHint } from "../play/hint-rule";
import type { PlayRequest } from "./commands";
import { owedContributions, pendingTurnRoll } from "./contributions";
import { awayRefusal, cancelRefusal, claimSeats, withholding } from "./leaving";
import { actionOf, deadCubeRefusal, owesOpeningSalt, playingSeat } from "./play";
import { rematchAnswerRefusal, rematchSeats } from "./rematch";
import { joinRefusal } from "./seating";
import type { MatchView } from "./view";

export const ALLOWED_COMMANDS = [
  "join",
  "cancel",
  "claim-abandoned",
  "hint",
  "opening-salt",
  "chain-head",
  "reveal",
  "roll",
  "double",
  "take",
  "drop",
  "move",
  "resign",
  "resign-accept",
  "resign-decline",
  "rematch-offer",
  "rematch-answer",
] as const;

export type AllowedCommand = (typeof ALLOWED_COMMANDS)[number];

/** For each command, whether `decide` would accept it from the actor now. */
export type AllowedCommands = Readonly<Record<AllowedCommand, boolean>>;

/** Who asks: a user's id and their account's kind (null: nobody signed in, who may send nothing). */
export interface Asker {
  readonly id: string;
  readonly kind: AccountKind;
}

/** What the decision's context would bring, as a page knows it. */
export interface AllowedContext {
  /** ms since the epoch, by the server's clock where the page knows it. */
  readonly now: number;
  readonly abandonAfterMs: number;
  /** When the opponent's last connection closed; null while they are connected. */
  readonly opponentAwaySince: number | null;
  readonly isComputer: (userId: string) => boolean;
  /** Whether the asker holds a private match's invite token (a page opened by its link does); false when left out. */
  readonly holdsInvite?: boolean;
}

/** Everything refused: what nobody signed in may send, and a page before it has the match. */
export const NOTHING_ALLOWED: AllowedCommands = Object.freeze(Object.fromEntries(ALLOWED_COMMANDS.map((command) => [command, false])) as Record<AllowedCommand, boolean>);

export function allowedCommands(view: MatchView, actor: Asker | null, context: AllowedContext): AllowedCommands {
  if (!actor) return NOTHING_ALLOWED;
  const playing = playingSeat(view, actor.id);
  const seat: Color | null = typeof playing === "string" ? playing : null;
  /** Whether the engine takes this request from the actor's seat, as `decide` asks it. */
  // A fair-dice-v3 roll whose salt is in waits for its reveal alone: nothing else is taken meanwhile (play.ts).
  const pending = pendingTurnRoll(view) !== null;
  const takes = (play: Exclude<PlayRequest, { type: "roll" | "commit-chain" | "reveal" }>) => seat !== null && !pending && apply(view.state, actionOf(play, seat)).ok;
  const owed = owedContributions(view).filter((owing) => owing.color === seat);
  const claim = claimSeats(view, actor.id);
  const rematch = rematchSeats(view, actor.id);
  return {
    join: joinRefusal(view, actor, () => context.holdsInvite === true) === null,
    cancel: cancelRefusal(view, actor.id) === null,
    "claim-abandoned":
      !("ok" in claim) &&
      (awayRefusal(claim.opponent, context.opponentAwaySince, context.now, context.abandonAfterMs) === null || withholding(view, claim.seat, context.now, context.abandonAfterMs)),
    hint: checkHint(view, actor.id, context.isComputer).ok,
    "opening-salt": seat !== null && owesOpeningSalt(view, seat),
    "chain-head": owed.some((owing) => owing.kind === "head"),
    reveal: owed.some((owing) => owing.kind === "value"),
    roll: seat !== null && !pending && checkRoll(view.state, seat).ok,
    double: seat !== null && deadCubeRefusal(view, seat) === null && takes({ type: "double" }),
    take: takes({ type: "take" }),
    drop: takes({ type: "drop" }),
    move: seat !== null && !pending && legalActions(view.state).some((action) => action.type === "move" && action.player === seat),
    resign: takes({ type: "resign-offer", level: 1 }),
    "resign-accept": takes({ type: "resign-accept" }),
    "resign-decline": takes({ type: "resign-decline" }),
    "rematch-offer": !("ok" in rematch),
    "rematch-answer": !("ok" in rematch) && rematchAnswerRefusal(view, rematch.seat) === null,
  };
}
