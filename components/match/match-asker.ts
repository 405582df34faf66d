/**
 * Who asks, as the match page knows it: the page's player by their seat, with their account's kind as the view holds
 * it (each seated player's record says it, lib/match/player-kind.ts), and which seat is the computer's — the seat
 * whose player's kind is "computer". What lib/match/allowed-commands.ts needs to answer for this page.
 *
 * @example
 *   seatedAsker(view, "white"); // { id: "u1", kind: "registered" }
 *   computerIn(view)("cpu");    // true when "cpu" holds a seat as the computer
 */
import type { Color } from "@/lib/engine/types";
import type { Asker } from "@/lib/match/allowed-commands";
import type { MatchView } from "@/lib/match/view";

/** Whether `userId` is the computer, told from the kind of the seat they hold in `view`. */
export function computerIn(view: MatchView): (userId: string) => boolean {
  return (userId) => [view.players.white, view.players.black].some((player) => player?.id === userId && player.kind === "computer");
}

/** The player of seat `you` as the match knows them, or null for a spectator. */
export function seatedAsker(view: MatchView, you: Color | null): Asker | null {
  const player = you === null ? null : view.players[you];
  if (!player) return null;
  return { id: player.id, kind: player.kind };
}
