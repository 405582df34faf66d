/**
 * Tesauro's "pubeval": a linear evaluator of the position after a play, published (1993) as a benchmark opponent for
 * backgammon programs. Reimplemented from its published description (pub_eval.c, see pubeval-weights.ts): the board
 * is seen from the side that just played (pubeval's "computer", moving 24 → 1); each of its 24 locations has five
 * inputs — an opposing blot, a blot of its own, a made point (2+), exactly three, and (n − 3)/2 for n ≥ 4 — then
 * the opposing checkers on the bar / 2 and the mover's checkers off / 15. The score is the dot product with the race
 * or the contact weights, chosen by the position BEFORE the play; a play bearing off the last checker scores
 * 99,999,999. Only the ordering of scores means anything: they are not probabilities.
 *
 * Quirks kept from the original: the mover's own checkers on the bar and opposing points of 2+ checkers carry no
 * input.
 *
 * @example
 *   const pos = initialPosition("white");
 *   pubevalChoosePlay(pos, [3, 1]).notation; // "8/5 6/5"
 */
import { legalPlays, passPlay } from "../engine/moves";
import { type Dice, type LegalPlay, type Position, opponentOf } from "../engine/types";
import { isRace } from "./contact";
import { PUBEVAL_CONTACT_WEIGHTS, PUBEVAL_RACE_WEIGHTS } from "./pubeval-weights";

const WON = 99999999;

/**
 * Pubeval's score of `pos`, a position after a play (so `pos.turn` is the side that did NOT just move), for the side
 * that just moved. `race` says which weights to use; pubeval defines it by the position before the play, and it
 * defaults to whether `pos` itself is a race.
 */
export function pubevalScore(pos: Position, race: boolean = isRace(pos)): number {
  const mover = pos[opponentOf(pos.turn)];
  const other = pos[pos.turn];
  let onBoard = 0;
  for (const n of mover) onBoard += n;
  if (onBoard === 0) return WON;
  const w = race ? PUBEVAL_RACE_WEIGHTS : PUBEVAL_CONTACT_WEIGHTS;
  let score = 0;
  // Location L (1..24) is the mover's point L and the other side's point 25 − L; its inputs start at 5·(24 − L).
  for (let location = 1; location <= 24; location++) {
    const base = 5 * (24 - location);
    const mine = mover[location - 1] ?? 0;
    if (mine === 0) {
      if ((other[24 - location] ?? 0) === 1) score += w[base] ?? 0;
      continue;
    }
    if (mine === 1) score += w[base + 1] ?? 0;
    if (mine >= 2) score += w[base + 2] ?? 0;
    if (mine === 3) score += w[base + 3] ?? 0;
    if (mine >= 4) score += ((w[base + 4] ?? 0) * (mine - 3)) / 2;
  }
  score += ((w[120] ?? 0) * (other[24] ?? 0)) / 2;
  score += ((w[121] ?? 0) * (15 - onBoard)) / 15;
  return score;
}

/** The play pubeval picks for `pos.turn` with `dice`: the highest score, the first in generation order on a tie. */
export function pubevalChoosePlay(pos: Position, dice: Dice): LegalPlay {
  const plays = legalPlays(pos, dice);
  const race = isRace(pos);
  let best: LegalPlay = plays[0] ?? passPlay(pos);
  let bestScore = -Infinity;
  for (const play of plays) {
    const score = pubevalScore(play.result, race);
    if (score > bestScore) {
      bestScore = score;
      best = play;
    }
  }
  return best;
}
