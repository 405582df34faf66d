/**
 * What the match page may do by itself for its player, by their settings (lib/play/preferences.ts), and whether the
 * match is waiting for them. The page asks after every new version of the match; the server checks whatever is
 * sent like any other command, so these rules only save clicks, they grant nothing.
 *
 * - **Roll** when it is your turn to roll and you may not double (the cube is the opponent's, dead, Crawford, at its
 *   limit — lib/engine's legalActions decides): the Double button would not be there, so Roll is the only choice.
 * - **A forced play**: the roll leaves one position it can lead to (legalPlays lists each resulting position once), so
 *   every way of moving the checkers is the same play.
 * - **A bear-off**: a race (no contact) with every checker home, and one checker comes off with every die — then no
 *   other play bears off as many, and the position after it is the only one that does (a bear-off takes the checker
 *   on the die's point or, with none above it, the highest one), so there is nothing to choose.
 *
 * @example
 *   automaticAction(state, "white", { ...DEFAULT_PLAY_PREFERENCES, autoRoll: true }); // { type: "roll" } or null
 *   awaitsPlayer(state, "white");                                                    // true: white must act
 */
import { backChecker, isRace } from "@/lib/analysis/contact";
import { legalActions } from "@/lib/engine/match-queries";
import type { MatchState } from "@/lib/engine/match-state";
import { legalPlays } from "@/lib/engine/moves";
import { OFF_POINT, type Color, type LegalPlay } from "@/lib/engine/types";
import type { PlayPreferences } from "./preferences";

export type AutomaticAction =
  | { readonly type: "roll" }
  | { readonly type: "move"; readonly play: LegalPlay; readonly reason: "forced" | "bear-off" };

/** The highest point of a player's home board, in their own numbering. */
const HOME_TOP = 6;

/** The one thing the page does by itself now for `you`, or null (nothing allowed, or the settings say no). */
export function automaticAction(state: MatchState, you: Color, preferences: PlayPreferences): AutomaticAction | null {
  if (state.pendingResign !== null || state.onRoll !== you) return null;
  if (state.phase === "turn-start") {
    const mine = legalActions(state).filter((action) => action.player === you);
    const onlyRoll = mine.some((a) => a.type === "roll") && !mine.some((a) => a.type === "double");
    return preferences.autoRoll && onlyRoll ? { type: "roll" } : null;
  }
  if (state.phase !== "moving" || state.dice === null) return null;
  // A roll that cannot be played passes on the server by itself: nothing to send.
  const plays = legalPlays(state.position, state.dice);
  const [only] = plays;
  if (plays.length === 1 && only !== undefined && preferences.autoPlayForced) return { type: "move", play: only, reason: "forced" };
  if (preferences.autoBearOff) {
    const bearOff = bearOffWithEveryDie(state, plays);
    if (bearOff) return { type: "move", play: bearOff, reason: "bear-off" };
  }
  return null;
}

/** The play that bears a checker off with every die, in a race with every checker home, if exactly one does. */
function bearOffWithEveryDie(state: MatchState, plays: readonly LegalPlay[]): LegalPlay | null {
  const position = state.position;
  if (!isRace(position) || backChecker(position[position.turn]) > HOME_TOP) return null;
  const allOff = plays.filter((play) => play.moves.length > 0 && play.moves.every((move) => move.to === OFF_POINT));
  const [only] = allOff;
  // Every legal play uses as many dice as possible, so an all-off play used them all.
  return allOff.length === 1 && only !== undefined ? only : null;
}

/**
 * The match waits for `you`: to roll or double, to play, to take or drop, or to answer a resignation (an offer to
 * resign, open to both players at any time, is not a wait).
 */
export function awaitsPlayer(state: MatchState, you: Color): boolean {
  return legalActions(state).some((action) => action.player === you && action.type !== "resign-offer");
}
