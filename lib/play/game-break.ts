/**
 * The moment between two games of a match: the game just ended, its result shown, and the next game's opening roll
 * held back a little so both players see it. The rules have no such pause and the server keeps none: a fair-dice-v2
 * opening roll waits for both players' salts anyway, so a page holds its own salt until its player's break is over
 * (GAME_BREAK_MS, or "Next game" sooner) — the roll comes when both pages have let theirs go.
 *
 * @example
 *   endedGame(view);           // the GameRecord of game 1 while game 2 waits for its opening roll, else null
 *   breakHolds(view, 0);       // true: this page keeps its salt until the break of game 1 is over
 *   breakHolds(view, 1);       // false: game 1's break is over (a tied opening roll does not bring it back)
 */
import type { GameRecord } from "../engine/match-state";
import type { MatchView } from "../match/view";

/** Long enough to read who won and the score; short enough not to be a wait (and "Next game" ends it sooner). */
export const GAME_BREAK_MS = 3000;

/** The game that just ended while the next one waits for its opening roll (ties included), or null. */
export function endedGame(view: MatchView): GameRecord | null {
  if (view.status !== "playing" || view.state.phase !== "opening") return null;
  const last = view.state.games.at(-1);
  return last !== undefined && last.number === view.state.gameNumber - 1 ? last : null;
}

/** Whether the page still holds its opening salt: a game ended and `over` (the last game whose break is over) is older. */
export function breakHolds(view: MatchView, over: number): boolean {
  const game = endedGame(view);
  return game !== null && game.number > over;
}
