/**
 * A rules action checked by lib/engine once and turned into its events — with the roll-log entry of a roll, and in a
 * match with game seeds (fair-dice-v2 and v3) the reveal of a game's seed after the action that ends it. Every
 * decision that stores an action comes through here (play.ts, contributed-roll.ts).
 *
 * @example
 *   actionDecision(view, { type: "roll", player: "white", dice }, context, rollEntry(view, "turn", "white", dice, salts));
 */
import type { MatchAction } from "../engine/match-state";
import { apply } from "../engine/match";
import type { BundleRoll, RollSalts, RollValues } from "../dice/types";
import type { Color } from "../engine/types";
import type { DecideContext, Decision } from "./commands";
import type { MatchEvent } from "./events";
import { refuse } from "./refusal";
import { evolve, evolveChecked, type MatchView } from "./view";

/** The roll-log entry of the next nonce: with the salts (v2, v3) and chain values (v3) the roll mixed. */
export function rollEntry(view: MatchView, kind: BundleRoll["kind"], player: Color | null, dice: BundleRoll["dice"], salts?: RollSalts, values?: RollValues): BundleRoll {
  const entry = { nonce: view.rolls.length, game: view.state.gameNumber, kind, player, dice };
  const salted = salts ? { ...entry, salts } : entry;
  return values ? { ...salted, values } : salted;
}

/**
 * The action checked by lib/engine once, and stored with the state it leads to; in a match with game seeds an action
 * that ends a game is followed by the reveal of that game's seed.
 */
export function actionDecision(view: MatchView, action: MatchAction, context: DecideContext, roll?: BundleRoll): Decision {
  const checked = apply(view.state, action);
  if (!checked.ok) return refuse(checked.code, checked.values);
  const at = context.now;
  const event: Extract<MatchEvent, { type: "action" }> = roll ? { type: "action", action, roll, at } : { type: "action", action, at };
  const after = evolveChecked(view, event, checked.value);
  const ended = view.diceProtocol !== "fair-dice-v1" && checked.value.games.length > view.state.games.length ? checked.value.games.at(-1) : undefined;
  if (!ended) return { ok: true, events: [event], view: after };
  const revealed: MatchEvent = { type: "game-seed", game: ended.number, seed: context.gameSeed(ended.number) };
  return { ok: true, events: [event, revealed], view: evolve(after, revealed) };
}
