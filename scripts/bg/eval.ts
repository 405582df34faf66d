/**
 * `npm run --silent bg -- eval POSID [--ply N]`: cubeless probabilities for the side on roll (gnubg's five outputs)
 * and the cubeless money equity, from the evaluator searched N plies deep (0 by default).
 * `... eval --batch [--ply N]` reads one Position ID per line and answers one JSON line each.
 *
 * @example
 *   npm run --silent bg -- eval 4HPwATDgc/ABMA --ply 1
 *   // {"win":0.52,"winGammon":0.15,"winBackgammon":0.01,"loseGammon":0.13,"loseBackgammon":0.01,"equity":0.06}
 */
import { evaluateAtPly } from "@/lib/analysis/search";
import { type Ply, cubelessMoneyEquity } from "@/lib/analysis/types";
import { parsePosition, runCommand, sharedEvaluator } from "./shared";

const USAGE = "usage: npm run --silent bg -- eval POSID [--ply 0|1|2|3]\n       npm run --silent bg -- eval --batch [--ply 0|1|2|3]  < lines of \"POSID\"";

function answer(fields: readonly string[], ply: Ply): object {
  if (fields.length !== 1) return { error: `expected one Position ID, got ${fields.length === 0 ? "an empty line" : `"${fields.join(" ")}"`}` };
  const pos = parsePosition(fields[0]);
  if ("error" in pos) return pos;
  const p = evaluateAtPly(pos, { ply, evaluator: sharedEvaluator() });
  return { ...p, equity: cubelessMoneyEquity(p) };
}

export async function evalCommand(args: readonly string[]): Promise<number> {
  return runCommand(args, USAGE, "Position IDs", (fields, options) => answer(fields, options.ply));
}
