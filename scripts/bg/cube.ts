/**
 * `npm run --silent bg -- cube POSID MATCHID [--ply N]`: the cube decision of the side on roll, searched N plies deep
 * (0–3; lib/analysis/cubeful-search.ts), as one JSON line. Without --ply it decides as the hard computer does: 2-ply,
 * and 3-ply when 2-ply finds the decision close (CLOSE_CUBE_REFINEMENT).
 *
 *   {"double":true,"take":true,"noDouble":0.412,"doubleTake":0.498,"doublePass":1}
 *
 * - double: should the side on roll double (or redouble) now — false when it is too good, or may not double;
 * - take: should the opponent take if doubled now;
 * - noDouble, doubleTake, doublePass: the three cubeful equities for the side on roll in EMG, per unit of the cube
 *   as it stands (double/pass = +1; in a match, through the match equity table).
 *
 * The Match ID gives the cube's value and owner, the score, the match length (0 for money), the Crawford game and the
 * side on roll (its dice owner; a Match ID written while a double is answered still asks about the doubler's
 * decision). The Position ID has that side on roll, encoded second, as gnubg writes it. Money play follows the Match
 * ID's Jacoby bit (gnubg's default for money: on). `... cube --batch [--ply N]` reads "POSID MATCHID" lines and
 * answers one JSON line each ({"error": …} for a bad one).
 *
 * @example
 *   npm run --silent bg -- cube 4HPwATDgc/ABMA cAkAAAAAAAAA --ply 1
 */
import { englishError } from "@/i18n/english";
import { decodeMatchId, decodePositionId } from "@/lib/engine";
import { CLOSE_CUBE_REFINEMENT, type CubeRefinement, cubeDecisionAtPly } from "@/lib/analysis/cubeful-search";
import type { Ply } from "@/lib/analysis/types";
import { runCommand, sharedEvaluator } from "./shared";

const USAGE = "usage: npm run --silent bg -- cube POSID MATCHID [--ply 0|1|2|3]\n       npm run --silent bg -- cube --batch [--ply 0|1|2|3]  < lines of \"POSID MATCHID\"";

/** How a decision is searched: `ply` deep, and again `refine.ply` deep when it is close (the default, without --ply). */
interface CubeSearch {
  readonly ply: Ply;
  readonly refine?: CubeRefinement;
}

const DEFAULT_SEARCH: CubeSearch = { ply: 2, refine: CLOSE_CUBE_REFINEMENT };

/** Rounds an equity for output (gnubg shows three decimals; six keep comparisons honest). */
const round = (x: number) => Number(x.toFixed(6));

export function cubeAnswer(fields: readonly string[], search: CubeSearch): object {
  if (fields.length !== 2) return { error: `expected "POSID MATCHID", got ${fields.length === 0 ? "an empty line" : `"${fields.join(" ")}"`}` };
  const match = decodeMatchId(fields[1] as string);
  if (!match.ok) return { error: englishError(match.code, match.values) };
  const m = match.value;
  if (m.matchLength > 0 && (m.score.white >= m.matchLength || m.score.black >= m.matchLength)) return { error: "the match in the Match ID is over" };
  const decoded = decodePositionId(fields[0] as string, m.onRoll);
  if (!decoded.ok) return { error: englishError(decoded.code, decoded.values) };
  const context = {
    matchLength: m.matchLength,
    score: m.score,
    cubeValue: m.cubeValue,
    crawford: m.crawford,
    cubeOwner: m.cubeOwner,
    onRoll: m.onRoll,
    jacoby: m.matchLength === 0 && (m.jacoby ?? true),
  };
  const decision = cubeDecisionAtPly(decoded.value, context, { ...search, evaluator: sharedEvaluator() });
  const { noDouble, doubleTake, doublePass } = decision.equities;
  return { double: decision.shouldDouble, take: decision.shouldTake, noDouble: round(noDouble), doubleTake: round(doubleTake), doublePass: round(doublePass) };
}

export async function cubeCommand(args: readonly string[]): Promise<number> {
  return runCommand(args, USAGE, '"POSID MATCHID" lines', (fields, options) => cubeAnswer(fields, options.plyGiven ? { ply: options.ply } : DEFAULT_SEARCH));
}
