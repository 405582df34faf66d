/**
 * Who asks, as the match page knows it: the page's player by their seat — their account's kind told from the seat's
 * guest flag and name — and which seat is the computer's, told from the players' names (lib/play/computer-seat.ts),
 * as everything else on the match page. What lib/match/allowed-commands.ts needs to answer for this page.
 *
 * @example
 *   seatedAsker(view, "white"); // { id: "u1", kind: "registered" }
 *   computerIn(view)("cpu");    // true when "cpu" holds a seat under a computer's name
 */
import { accountKind } from "@/lib/access/may";
import type { Color } from "@/lib/engine/types";
import type { Asker } from "@/lib/match/allowed-commands";
import type { MatchView } from "@/lib/match/view";
import { computerLevelOfName } from "@/lib/play/computer-seat";

/** Whether `userId` is the computer, told from the name of the seat they hold in `view`. */
export function computerIn(view: MatchView): (userId: string) => boolean {
  return (userId) => [view.players.white, view.players.black].some((player) => player?.id === userId && computerLevelOfName(player.name) !== null);
}

/** The player of seat `you` as the match knows them, or null for a spectator. */
export function seatedAsker(view: MatchView, you: Color | null): Asker | null {
  const player = you === null ? null : view.players[you];
  if (!player) return null;
  return { id: player.id, kind: accountKind({ isGuest: player.isGuest, computerLevel: computerLevelOfName(player.name) }) };
}
