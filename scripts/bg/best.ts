/**
 * `npm run --silent bg -- best POSID D1 D2 [--ply N]`: the play the engine picks for the side on roll, in gnubg
 * notation ("" when the roll cannot be played), and its cubeless money equity for the mover, N plies deep (0 by
 * default). `... best --batch [--ply N]` reads "POSID D1 D2" lines and answers one JSON line each.
 *
 * @example
 *   npm run --silent bg -- best 4HPwATDgc/ABMA 3 1
 *   // {"play":"8/5 6/5","equity":0.16}
 */
import { passPlay } from "@/lib/engine";
import { evaluateAtPly, rankPlays } from "@/lib/analysis/search";
import { type Ply, cubelessMoneyEquity, invertProbabilities } from "@/lib/analysis/types";
import { parseDice, parsePosition, runCommand, sharedEvaluator } from "./shared";

const USAGE = "usage: npm run --silent bg -- best POSID D1 D2 [--ply 0|1|2|3]\n       npm run --silent bg -- best --batch [--ply 0|1|2|3]  < lines of \"POSID D1 D2\"";

function answer(fields: readonly string[], ply: Ply): object {
  if (fields.length !== 3) return { error: `expected "POSID D1 D2", got ${fields.length === 0 ? "an empty line" : `"${fields.join(" ")}"`}` };
  const pos = parsePosition(fields[0]);
  if ("error" in pos) return pos;
  const dice = parseDice(fields[1], fields[2]);
  if ("error" in dice) return dice;
  const evaluator = sharedEvaluator();
  const best = rankPlays(pos, dice, { ply, evaluator })[0];
  if (best) return { play: best.play.notation, equity: best.equity };
  // No legal play: the turn passes, and the equity is the mover's with the opponent on roll.
  const after = invertProbabilities(evaluateAtPly(passPlay(pos).result, { ply, evaluator }));
  return { play: "", equity: cubelessMoneyEquity(after) };
}

export async function bestCommand(args: readonly string[]): Promise<number> {
  return runCommand(args, USAGE, '"POSID D1 D2" lines', (fields, options) => answer(fields, options.ply));
}
