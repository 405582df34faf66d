/**
 * The evaluator: cubeless probabilities for the side on roll from the trained network (weights/network.json, made by
 * `npm run train`, see weights/README.md), exact when the game is over.
 *
 * The network's five sigmoid outputs are made consistent before use, as gnubg does: gammons no more likely than wins,
 * backgammons no more likely than gammons; no gammon against a side that has borne off a checker; and, in a race, no
 * backgammon against a side with no checker left in the winner's home board or on the bar.
 *
 * @example
 *   const evaluate = createEvaluator();
 *   evaluate(initialPosition("white")).win; // ≈ 0.5
 */
import { type Position, opponentOf } from "../engine/types";
import { isRace } from "./contact";
import { MAX_ACTIVE, encodeSides } from "./encoding";
import { Network, type NetworkJson, OUTPUTS } from "./network";
import type { Evaluator, Probabilities } from "./types";
import networkWeights from "./weights/network.json";

const idx = new Int32Array(MAX_ACTIVE);
const val = new Float64Array(MAX_ACTIVE);

function checkersOn(board: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < 25; i++) n += board[i] ?? 0;
  return n;
}

/** Checkers of `board` on the bar or in the other side's home board (own points 19–24). */
function checkersBack(board: readonly number[]): number {
  let n = 0;
  for (let i = 18; i < 25; i++) n += board[i] ?? 0;
  return n;
}

/** The exact result of a finished game for the side on roll, whichever side it was that bore off its last checker. */
function writeFinished(loserBoard: readonly number[], onRollWon: boolean, out: Float64Array): void {
  const gammon = checkersOn(loserBoard) === 15 ? 1 : 0;
  const backgammon = gammon && checkersBack(loserBoard) > 0 ? 1 : 0;
  out[0] = onRollWon ? 1 : 0;
  out[1] = onRollWon ? gammon : 0;
  out[2] = onRollWon ? backgammon : 0;
  out[3] = onRollWon ? 0 : gammon;
  out[4] = onRollWon ? 0 : backgammon;
}

/**
 * The five probabilities for `pos.turn` into `out` (win, winGammon, winBackgammon, loseGammon, loseBackgammon), from
 * `net` and the rules above. The array form is for search and training loops, which evaluate millions of positions.
 */
export function evaluateInto(net: Network, pos: Position, out: Float64Array): void {
  const onRoll = pos[pos.turn];
  const other = pos[opponentOf(pos.turn)];
  const otherLeft = checkersOn(other);
  const onRollLeft = checkersOn(onRoll);
  if (otherLeft === 0) return writeFinished(onRoll, false, out);
  if (onRollLeft === 0) return writeFinished(other, true, out);
  const n = encodeSides(onRoll, other, idx, val);
  net.forward(idx, val, n, out);
  const win = out[0] as number;
  let winGammon = Math.min(out[1] as number, win);
  let winBackgammon = Math.min(out[2] as number, winGammon);
  let loseGammon = Math.min(out[3] as number, 1 - win);
  let loseBackgammon = Math.min(out[4] as number, loseGammon);
  if (otherLeft < 15) winGammon = winBackgammon = 0;
  if (onRollLeft < 15) loseGammon = loseBackgammon = 0;
  if (isRace(pos)) {
    if (checkersBack(other) === 0) winBackgammon = 0;
    if (checkersBack(onRoll) === 0) loseBackgammon = 0;
  }
  out[1] = winGammon;
  out[2] = winBackgammon;
  out[3] = loseGammon;
  out[4] = loseBackgammon;
}

/** An Evaluator over a given network (the committed one: createEvaluator). */
export function networkEvaluator(net: Network): Evaluator {
  const out = new Float64Array(OUTPUTS);
  return (pos: Position): Probabilities => {
    evaluateInto(net, pos, out);
    return { win: out[0] as number, winGammon: out[1] as number, winBackgammon: out[2] as number, loseGammon: out[3] as number, loseBackgammon: out[4] as number };
  };
}

let committed: Network | null = null;

/** The committed network's evaluator. The network is built from its JSON once and shared. */
export function createEvaluator(): Evaluator {
  committed ??= Network.fromJson(networkWeights as NetworkJson);
  return networkEvaluator(committed);
}
