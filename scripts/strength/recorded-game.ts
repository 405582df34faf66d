/**
 * One cubeless money game between two move choosers with seeded dice, kept as .mat records (lib/engine/mat.ts) so
 * that GNU Backgammon can import and analyse it (gnubg-judge.ts). The dice come from the same generator as duel.ts's
 * games, so a seed gives the same game every time.
 *
 * @example
 *   const game = recordedGame(engineChooser, pubevalChoosePlay, 7, true);
 *   makeMat({ matchLength: 0, players: { white: "engine", black: "pubeval" }, games: [game.mat] });
 */
import { type Color, type Dice, gameResult, initialPosition, legalPlays, passPlay } from "@/lib/engine";
import type { MatGame, MatRecord } from "@/lib/engine/mat";
import type { Chooser } from "./duel";
import { openingDice, rollDice, seededRandom } from "./seeded-random";

export interface RecordedGame {
  readonly mat: MatGame;
  readonly winner: Color;
  /** Points for white: ±1, 2 or 3. */
  readonly points: number;
}

const POINTS = { single: 1, gammon: 2, backgammon: 3 } as const;

/** gnubg writes (and stores) the higher die first. */
function highFirst(dice: Dice): Dice {
  return dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
}

/** One game of `white` against `black`, dice from `seed`; `whiteStarts` picks who plays the opening roll. */
export function recordedGame(white: Chooser, black: Chooser, seed: number, whiteStarts: boolean): RecordedGame {
  const random = seededRandom(seed);
  const records: MatRecord[] = [];
  let pos = initialPosition(whiteStarts ? "white" : "black");
  let dice: Dice = openingDice(random);
  for (let turn = 0; turn < 10_000; turn++) {
    const player = pos.turn;
    const chooser = player === "white" ? white : black;
    const play = legalPlays(pos, dice).length === 0 ? passPlay(pos) : chooser(pos, dice);
    records.push({ kind: "move", player, dice: highFirst(dice), moves: play.moves.map(({ from, to }) => ({ from, to })) });
    pos = play.result;
    const over = gameResult(pos);
    if (over) {
      const points = POINTS[over.kind];
      return { mat: { records }, winner: over.winner, points: over.winner === "white" ? points : -points };
    }
    dice = rollDice(random);
  }
  throw new Error("recordedGame: a game did not end in 10,000 turns");
}
