/**
 * A hint for a player against the computer: the engine's best plays for the dice they rolled, ranked at the hard
 * computer's depth with the match score's equity (the same search, evaluator and match equity table the computer
 * plays with), each with its equity (EMG: normalised to a one-point game at this score, as gnubg shows it) and what
 * it gives up against the best. Every play listed is valued at that full depth: rankPlays' move filter may have cut one
 * of them at a shallower depth, and a 1-ply value beside 2-ply ones can show a play losing less than the one above it.
 * Pure: the server runs it in an engine worker.
 *
 * @example
 *   bestPlays(state, "white", { evaluator });
 *   // [{ notation: "8/5 6/5", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }], equity: 0.162, loss: 0 }, …]
 */
import type { MatchState } from "../engine/match-state";
import type { Color } from "../engine/types";
import { LEVEL_PLY, matchContext } from "./computer-player";
import { matchEquityOf } from "./match-equity";
import { evaluateAtPly, rankPlays } from "./search";
import { type Evaluator, invertProbabilities } from "./types";

export interface HintPlay {
  /** As GNU Backgammon writes it, in the mover's numbering. */
  readonly notation: string;
  readonly moves: readonly { readonly from: number; readonly to: number }[];
  /** The mover's equity after the play (EMG). */
  readonly equity: number;
  /** The best play's equity minus this one's: 0 for the best. */
  readonly loss: number;
}

/** How many plays a hint lists. */
export const HINT_PLAYS = 3;

/** The best plays for `color`'s dice, best first; none unless `color` is to play its rolled dice. */
export function bestPlays(state: MatchState, color: Color, deps: { readonly evaluator: Evaluator }, count = HINT_PLAYS): HintPlay[] {
  if (state.phase !== "moving" || state.onRoll !== color || state.dice === null || state.pendingResign !== null) return [];
  const ply = LEVEL_PLY.hard.play;
  const equityOf = matchEquityOf(matchContext(state));
  const search = { ply, evaluator: deps.evaluator, equityOf };
  const listed = rankPlays(state.position, state.dice, search)
    .slice(0, count)
    .map((entry) => {
      const equity = entry.ply === ply ? entry.equity : equityOf(invertProbabilities(evaluateAtPly(entry.play.result, search)), color);
      return { play: entry.play, equity };
    })
    .sort((a, b) => b.equity - a.equity);
  const best = listed[0]?.equity ?? 0;
  return listed.map((entry) => ({
    notation: entry.play.notation,
    moves: entry.play.moves.map(({ from, to }) => ({ from, to })),
    equity: entry.equity,
    loss: best - entry.equity,
  }));
}
