/**
 * The game record's dice: one entry per turn that was rolled, in order, taken from the rules actions of the match
 * record (replayed through lib/engine for the game numbers) — not from the roll log — so that check 5 of
 * fair-dice-v1 compares two independent records.
 *
 * @example
 *   verify(bundle, recordTurnsOf(events)); // check 5: the record's dice are the roll log's dice
 */
import type { RecordTurn } from "../dice/types";
import { resolveOpening } from "../dice/opening";
import { apply } from "../engine/match";
import { newMatch, type MatchState } from "../engine/match-state";
import { describeFailure } from "../engine/types";
import type { MatchEvent } from "../match/events";

export function recordTurnsOf(events: readonly MatchEvent[]): RecordTurn[] {
  const turns: RecordTurn[] = [];
  let state: MatchState | null = null;
  for (const event of events) {
    if (event.type === "created") state = newMatch({ matchLength: event.matchLength });
    if (event.type !== "action" || state === null) continue;
    const { action } = event;
    const game = state.gameNumber;
    if (action.type === "opening-roll") {
      const outcome = resolveOpening(action.dice[0], action.dice[1]);
      if ("opener" in outcome) turns.push({ game, player: outcome.opener, dice: [action.dice[0], action.dice[1]] });
    } else if (action.type === "roll") {
      turns.push({ game, player: action.player, dice: [action.dice[0], action.dice[1]] });
    }
    const next = apply(state, action);
    if (!next.ok) throw new Error(`stored action refused while building the record: ${describeFailure(next)}`);
    state = next.value;
  }
  return turns;
}
