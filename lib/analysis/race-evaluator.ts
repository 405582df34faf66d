/**
 * An evaluator that is exact wherever the bear-off database applies: in a race with both sides' checkers all home (or
 * off), the one-sided database's race chances (bearoff-race.ts); elsewhere, and once the game is over, the evaluator
 * given. Analysis uses it so that a bear-off decision is judged by the exact numbers, not the network's estimate.
 *
 * @example
 *   const evaluate = withExactRaces(createEvaluator(), loadBearoffDatabase());
 *   evaluate(pos); // raceProbabilities(db, pos) in a bear-off race, the network elsewhere
 */
import type { Position } from "../engine/types";
import { gameResult } from "../engine/position";
import type { BearoffDatabase } from "./bearoff-database";
import { raceProbabilities } from "./bearoff-race";
import type { Evaluator } from "./types";

export function withExactRaces(evaluator: Evaluator, db: BearoffDatabase): Evaluator {
  return (pos: Position) => (gameResult(pos) === null ? raceProbabilities(db, pos) : null) ?? evaluator(pos);
}
