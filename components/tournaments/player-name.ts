/**
 * A tournament player's name as its page shows it: the name they registered with, their id if it is unknown, and the
 * word for a bye where the pairing has nobody.
 *
 * @example
 *   const name = playerNamer(view, t("bye"));  name("u1"); // "ann"   name(null); // "bye"
 */
import type { TournamentView } from "@/lib/tournament/tournament";

export function playerNamer(view: Pick<TournamentView, "names">, bye: string): (player: string | null) => string {
  return (player) => (player === null ? bye : (view.names[player] ?? player));
}
