/**
 * Where a review step's "Analyse this position" goes: for a play, the moment before it (the player on roll, the
 * dice, the play made, so the analysis board ranks the alternatives and marks it); for any other step, the step
 * itself — as the analysis board's address, analysed at 2-ply on arrival.
 *
 * @example
 *   analysisHref(analysisLink(step)); // "/analysis?pos=4HPwATDgc%2FABMA&match=cAkAAAAAAAAA&dice=31&played=8%2F5+6%2F5&ply=2"
 */
import type { ReviewStep } from "@/lib/record/review";

export interface AnalysisLink {
  readonly positionId: string;
  readonly matchId: string;
  /** gnubg's form, "31"; null when nobody has dice to play. */
  readonly dice: string | null;
  /** The play made, in the analysis board's notation; null but for a move. */
  readonly played: string | null;
}

/** gnubg lists a roll high die first, without a separator: "31", "66". */
export function gnubgDice(dice: readonly [number, number]): string {
  return dice[0] >= dice[1] ? `${dice[0]}${dice[1]}` : `${dice[1]}${dice[0]}`;
}

export function analysisLink(step: ReviewStep): AnalysisLink {
  if ((step.kind === "move" || step.kind === "pass") && step.before && step.dice) {
    return { ...step.before, dice: gnubgDice(step.dice), played: step.kind === "move" ? (step.notation ?? null) : null };
  }
  // A game's end carries the next game's state; a roll (or a won opening roll) leaves its dice to be played.
  const ends = step.kind === "game-end" || step.kind === "match-end";
  const dice = ends ? null : step.matchState.dice;
  return { positionId: step.positionId, matchId: step.matchId, dice: dice ? gnubgDice(dice) : null, played: null };
}

/** The analysis board's address for a step, analysed at 2-ply on arrival (app/analysis/page.tsx). */
export function analysisHref(link: AnalysisLink): string {
  const query = new URLSearchParams({ pos: link.positionId, match: link.matchId });
  if (link.dice) query.set("dice", link.dice);
  if (link.played) query.set("played", link.played);
  query.set("ply", "2");
  return `/analysis?${query.toString()}`;
}
