/**
 * Writes lib/analysis/fixtures/cube-candidate-positions.txt: Position IDs (player on roll encoded second) met in
 * random games — random dice and a uniformly random legal play from a seeded PRNG — for
 * scripts/gnubg/cube-fixtures.py to evaluate with GNU Backgammon and pick cube-decision fixtures from.
 * Random play gives lopsided contact positions, races and bear-offs: a spread of cube decisions.
 *
 *   npx tsx scripts/gnubg/cube-candidates.ts
 */
import { writeFileSync } from "node:fs";

import { encodePositionId, gameResult, initialPosition, legalPlays, passPlay, type Dice, type DieValue } from "../../lib/engine";
import { mulberry32 } from "../bot/random";

const SEED = 20261202;
const GAMES = 60;
const OUT = "lib/analysis/fixtures/cube-candidate-positions.txt";

const random = mulberry32(SEED);
const die = (): DieValue => (1 + Math.floor(random() * 6)) as DieValue;
const ids = new Set<string>();
for (let game = 0; game < GAMES; game++) {
  let pos = initialPosition(random() < 0.5 ? "white" : "black");
  for (let turn = 0; turn < 200 && gameResult(pos) === null; turn++) {
    // Every third position (before the roll) is a candidate, so that one game gives several unlike positions.
    if (turn > 2 && turn % 3 === 0) ids.add(encodePositionId(pos));
    const dice: Dice = [die(), die()];
    const plays = legalPlays(pos, dice);
    // No random number is drawn when there is no legal play, so the sequence (and the file) stays as committed.
    const play = plays.length === 0 ? passPlay(pos) : plays[Math.floor(random() * plays.length)];
    if (play === undefined) throw new Error("unreachable: index within the list");
    pos = play.result;
  }
}
writeFileSync(OUT, [...ids].join("\n") + "\n");
console.log(`wrote ${ids.size} positions to ${OUT}`);
