/**
 * The move chooser of training's progress checks: a network at 0-ply, straight on its arrays (vs-pubeval.ts uses
 * rankPlays at any ply instead).
 *
 * @example
 *   duel(netChooser(net), pubevalChoosePlay, 500, 1_000_000);
 */
import { type Dice, type LegalPlay, type Position, legalPlays, passPlay } from "@/lib/engine";
import { evaluateInto } from "@/lib/analysis/evaluator";
import { type Network, OUTPUTS, outputsMoneyEquity } from "@/lib/analysis/network";
import type { Chooser } from "./duel";

/** The play whose result leaves the opponent (on roll in it) the lowest cubeless money equity, by `net` at 0-ply. */
export function netChooser(net: Network): Chooser {
  const out = new Float64Array(OUTPUTS);
  return (pos: Position, dice: Dice): LegalPlay => {
    const plays = legalPlays(pos, dice);
    let best = plays[0] ?? passPlay(pos);
    let bestEquity = Infinity;
    for (const play of plays) {
      evaluateInto(net, play.result, out);
      const e = outputsMoneyEquity(out);
      if (e < bestEquity) {
        bestEquity = e;
        best = play;
      }
    }
    return best;
  };
}
