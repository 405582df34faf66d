/**
 * Helpers for the evaluator's tests: a seeded sequence for random networks and walks, and the check that the batch
 * form (evaluateResults) values every play exactly as the evaluator does one by one.
 *
 * @example
 *   const net = Network.random(INPUT_COUNT, 10, seededSequence(1));
 *   expect(batchAgainstOneByOne(networkEvaluator(net), [initialPosition("white")]).worst).toBeLessThan(1e-12);
 */
import { legalPlays } from "../engine/moves";
import type { Position } from "../engine/types";
import type { NetworkEvaluator } from "./evaluator";
import { ROLLS } from "./search";

/** Numbers in [0, 1) from a linear congruential sequence: the same seed, the same numbers. */
export function seededSequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Every play of every roll from `positions`, valued by the batch form and one by one: the results seen and the largest
 * difference in any of the five probabilities.
 */
export function batchAgainstOneByOne(evaluator: NetworkEvaluator, positions: readonly Position[]): { results: Position[]; worst: number } {
  const results: Position[] = [];
  let worst = 0;
  for (const pos of positions) {
    for (const { dice } of ROLLS) {
      const plays = legalPlays(pos, dice);
      const values = evaluator.evaluateResults(pos, plays);
      plays.forEach((play, k) => {
        const p = evaluator(play.result);
        results.push(play.result);
        [p.win, p.winGammon, p.winBackgammon, p.loseGammon, p.loseBackgammon].forEach((x, o) => {
          worst = Math.max(worst, Math.abs((values[5 * k + o] ?? NaN) - x));
        });
      });
    }
  }
  return { results, worst };
}
