/**
 * Which seat of a match the computer holds, told from the players' names: the computer players are the users named
 * "Computer (easy)", "Computer (medium)" and "Computer (hard)" (server/db/computer-users.ts creates them), names no
 * person can register (usernames are letters, digits, _ and -). So a page knows from the view alone whether it plays
 * the computer — to offer a hint, to word the computer's name in the reader's language — with nothing more on the wire.
 *
 * @example
 *   computerSeat(view); // { color: "black", level: "easy" }, or null in a match between people
 */
import type { ComputerLevel } from "@/lib/analysis/computer-player";
import type { Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match/view";

export const COMPUTER_USERNAMES: Readonly<Record<ComputerLevel, string>> = Object.freeze({
  easy: "Computer (easy)",
  medium: "Computer (medium)",
  hard: "Computer (hard)",
});

/** The level of the computer player of this name, or null for a person. */
export function computerLevelOfName(name: string): ComputerLevel | null {
  for (const [level, username] of Object.entries(COMPUTER_USERNAMES) as [ComputerLevel, string][]) if (username === name) return level;
  return null;
}

/** The computer's seat and level in this match, or null when no computer sits in it. */
export function computerSeat(view: Pick<MatchView, "players">): { readonly color: Color; readonly level: ComputerLevel } | null {
  for (const color of ["white", "black"] as const) {
    const player = view.players[color];
    const level = player ? computerLevelOfName(player.name) : null;
    if (level) return { color, level };
  }
  return null;
}
