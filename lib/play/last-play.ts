/**
 * The play to mark on the board: the last checker play of the game in progress, with its hits, so that a player sees
 * what the opponent just did (a computer answers in milliseconds). For a player, only the opponent's play is marked —
 * their own they just made; for a spectator, whoever played last. Nothing once a new game has started, nor for a
 * roll that could not be played.
 *
 * @example
 *   lastPlay(log, "white"); // { player: "black", moves: [{ from: 13, to: 7, die: 6, hit: false }, …] } or null
 */
import { validatePlay } from "@/lib/engine/moves";
import type { CheckerMove, Color } from "@/lib/engine/types";
import type { AnyMatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";

export interface MarkedPlay {
  readonly player: Color;
  /** In the mover's own point numbers (25 = bar, 0 = off), each with whether it hit. */
  readonly moves: readonly CheckerMove[];
}

/** `lines`: the match's events, oldest first, each with the view before it (the match page's log). */
export function lastPlay(lines: readonly { readonly before: MatchView; readonly event: AnyMatchEvent }[], viewer: Color | null): MarkedPlay | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const { before, event } = lines[i]!;
    if (event.type !== "action") continue;
    const { action } = event;
    // A new game's board: the last game's plays are gone from it.
    if (action.type === "opening-roll") return null;
    if (action.type !== "move") continue;
    if (action.moves.length === 0) return null;
    if (viewer !== null && action.player === viewer) return null;
    const { position, dice } = before.state;
    if (dice === null) return null;
    const play = validatePlay(position, dice, action.moves);
    return play.ok ? { player: action.player, moves: play.value.moves } : null;
  }
  return null;
}
