/**
 * The kind of account behind a seat (lib/access/may.ts `AccountKind`): a computer is a kind of account, not a name.
 * Every player record made since issue 48 says it (`PlayerInfo.kind`: the server writes it from the user row, whose
 * `computerLevel` marks the site's computers). A record made before has none; `seatedPlayer` gives it one, once, when
 * the view folds the event that seats it, so `view.players[color].kind` is always set and nothing past the fold asks a
 * name what kind of account it is.
 *
 * The computer players' usernames live here because that legacy upcast needs them: the server knows a computer by its
 * user id, but a record in lib/ has only the name. They are also the computers' accounts (server/db/computer-users.ts
 * creates them) and the key to their level on a page (lib/play/computer-seat.ts words the name by it).
 *
 * @example
 *   seatedPlayer({ id: "u1", name: "ada", isGuest: false, kind: "registered" }); // as it is
 *   seatedPlayer({ id: "c1", name: "Computer (easy)", isGuest: false });         // an old record: kind "computer"
 *   computerLevelOfName("Computer (hard)");                                      // "hard"
 */
import type { AccountKind } from "../access/may";
import type { ComputerLevel } from "../analysis/computer-player";
import type { PlayerInfo } from "./events";

/** A seated player as the view holds them: the record with its account's kind always said. */
export type SeatedPlayer = PlayerInfo & { readonly kind: AccountKind };

/**
 * The computer players' usernames, one per level: names no person can register (usernames are letters, digits, _ and
 * -), so the name of a computer's account says its level.
 */
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

/**
 * The player record with its account's kind: as written, or — the legacy upcast, for a record written before the
 * kind was (a stored event, a fixture) — told the only way lib/ can: a computer's reserved name makes it a computer,
 * the guest flag a guest, anything else a registered person. This is the one place a name says a kind.
 */
export function seatedPlayer(player: PlayerInfo): SeatedPlayer {
  const kind = player.kind ?? (computerLevelOfName(player.name) !== null ? "computer" : player.isGuest ? "guest" : "registered");
  return { ...player, kind };
}
