/**
 * The positions a play passes through, one checker step at a time, so the board can show an opponent's play as it
 * was made (a computer answers in milliseconds; four checkers sliding at once are hard to follow).
 *
 * @example
 *   replayFrames(before, [{ from: 13, to: 7, die: 6, hit: false }, { from: 8, to: 7, die: 1, hit: false }]);
 *   // [position after 13/7, position after 13/7 8/7]
 */
import { applyStep } from "@/lib/engine/steps";
import type { CheckerMove, Color, Position } from "@/lib/engine/types";

/** `before` with `player` on turn; `moves` a legal play's steps in order (lib/play/last-play.ts gives them). */
export function replayFrames(before: Position, player: Color, moves: readonly CheckerMove[]): Position[] {
  const frames: Position[] = [];
  let position: Position = before.turn === player ? before : { ...before, turn: player };
  for (const move of moves) {
    position = applyStep(position, move.from, move.die).position;
    frames.push(position);
  }
  return frames;
}
