/**
 * Which seat of a match the computer holds, told from the players' records: a seated player's account kind says
 * whether it is the computer (lib/match/player-kind.ts), and a computer's reserved name — "Computer (easy)",
 * "Computer (medium)" or "Computer (hard)" (server/db/computer-users.ts creates them) — says its level. So a page
 * knows from the view alone whether it plays the computer — to offer a hint, to word the computer's name in the
 * reader's language — with nothing more on the wire.
 *
 * @example
 *   computerSeat(view); // { color: "black", level: "easy" }, or null in a match between people
 */
import type { ComputerLevel } from "@/lib/analysis/computer-player";
import type { Color } from "@/lib/engine/types";
import { computerLevelOfName, type SeatedPlayer } from "@/lib/match/player-kind";

export { COMPUTER_USERNAMES, computerLevelOfName } from "@/lib/match/player-kind";

/** The level of a computer's seat, worded from its name; null for a person (or a computer of no known level). */
export function computerLevelOf(player: Pick<SeatedPlayer, "kind" | "name"> | null): ComputerLevel | null {
  return player?.kind === "computer" ? computerLevelOfName(player.name) : null;
}

/** The computer's seat and level in this match, or null when no computer sits in it. */
export function computerSeat(view: { readonly players: Readonly<Record<Color, Pick<SeatedPlayer, "kind" | "name"> | null>> }): { readonly color: Color; readonly level: ComputerLevel } | null {
  for (const color of ["white", "black"] as const) {
    const level = computerLevelOf(view.players[color]);
    if (level) return { color, level };
  }
  return null;
}
