/**
 * Who may ask for a hint, and when: a player of a match against the computer, on their own move, with the dice rolled
 * (the hint ranks the plays of those dice). Never in a match between people — a hint there would be help from an
 * engine against a person — and never for a spectator.
 *
 * @example
 *   checkHint(view, user.id, (id) => computers.has(id)); // ok("white"), or a refusal with its code and reason
 */
import { err, ok, opponentOf, type Color, type Result } from "@/lib/engine/types";
import { seatOf, type MatchView } from "@/lib/match/view";

export type HintRefusal = "ERR_NOT_A_PLAYER" | "ERR_FORBIDDEN" | "ERR_WRONG_STATUS" | "ERR_WRONG_PHASE";

/** The asker's seat when they may have a hint now. */
export function checkHint(view: MatchView, askerId: string, isComputer: (userId: string) => boolean): Result<Color, HintRefusal> {
  const you = seatOf(view, askerId);
  if (you === null) return err("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  const opponent = view.players[opponentOf(you)];
  if (opponent === null || !isComputer(opponent.id)) return err("ERR_FORBIDDEN", { reason: "hint" });
  if (view.status !== "playing") return err("ERR_WRONG_STATUS", { reason: view.status === "finished" || view.status === "aborted" ? "over" : "notStarted" });
  const { state } = view;
  if (state.phase !== "moving" || state.onRoll !== you || state.dice === null || state.pendingResign !== null) return err("ERR_WRONG_PHASE", { reason: "hint" });
  return ok(you);
}
