/**
 * The evaluator: cubeless probabilities for the side on roll from the trained networks (weights/network.json for
 * contact, weights/crashed-network.json for crashed contact positions, weights/race-network.json for races, made by
 * `npm run train`, see weights/README.md; contact.ts says which is which), exact when the game is over, and from the
 * one-sided bear-off database (bearoff-race.ts) when it is given and both sides have all their checkers home.
 *
 * The network's five sigmoid outputs are made consistent before use, as gnubg does: gammons no more likely than wins,
 * backgammons no more likely than gammons; no gammon against a side that has borne off a checker; and, in a race, no
 * backgammon against a side with no checker left in the winner's home board or on the bar.
 *
 * @example
 *   const evaluate = createEvaluator({ bearoff: loadBearoffDatabase() }); // the server and scripts pass the database
 *   evaluate(initialPosition("white")).win; // ≈ 0.5
 */
import { checkersInPlay } from "../engine/position";
import { type LegalPlay, type Position, opponentOf } from "../engine/types";
import type { BearoffDatabase } from "./bearoff-database";
import { raceProbabilities } from "./bearoff-race";
import { backChecker, hasCrashedSide, isRace } from "./contact";
import { BAR_INPUT, BLOCKADE_FEATURE_INPUT_COUNT, INPUT_COUNT, MAX_ACTIVE, OFF_INPUT, SIDE_INPUTS, encodeSides, pointUnit } from "./encoding";
import { encodeFeatures } from "./features";
import { Network, type NetworkJson, OUTPUTS } from "./network";
import type { BatchEvaluator } from "./search";
import type { Evaluator, Probabilities } from "./types";
import networkWeights from "./weights/network.json";
import crashedWeights from "./weights/crashed-network.json";
import raceWeights from "./weights/race-network.json";

const idx = new Int32Array(MAX_ACTIVE);
const val = new Float64Array(MAX_ACTIVE);

/** Checkers of `board` on the bar or in the other side's home board (own points 19–24). */
function checkersBack(board: readonly number[]): number {
  let n = 0;
  for (let i = 18; i < 25; i++) n += board[i] ?? 0;
  return n;
}

/** The exact result of a finished game for the side on roll, whichever side it was that bore off its last checker. */
function writeFinished(loserBoard: readonly number[], onRollWon: boolean, out: Float64Array): void {
  const gammon = checkersInPlay(loserBoard) === 15 ? 1 : 0;
  const backgammon = gammon && checkersBack(loserBoard) > 0 ? 1 : 0;
  out[0] = onRollWon ? 1 : 0;
  out[1] = onRollWon ? gammon : 0;
  out[2] = onRollWon ? backgammon : 0;
  out[3] = onRollWon ? 0 : gammon;
  out[4] = onRollWon ? 0 : backgammon;
}

/** Makes the network's five outputs in `out` consistent for `pos` (the rules in the module doc). */
function constrain(pos: Position, onRollLeft: number, otherLeft: number, out: Float64Array): void {
  const onRoll = pos[pos.turn];
  const other = pos[opponentOf(pos.turn)];
  const win = out[0] as number;
  let winGammon = Math.min(out[1] as number, win);
  let winBackgammon = Math.min(out[2] as number, winGammon);
  let loseGammon = Math.min(out[3] as number, 1 - win);
  let loseBackgammon = Math.min(out[4] as number, loseGammon);
  if (otherLeft < 15) winGammon = winBackgammon = 0;
  if (onRollLeft < 15) loseGammon = loseBackgammon = 0;
  if ((winBackgammon > 0 || loseBackgammon > 0) && isRace(pos)) {
    if (checkersBack(other) === 0) winBackgammon = 0;
    if (checkersBack(onRoll) === 0) loseBackgammon = 0;
  }
  out[1] = winGammon;
  out[2] = winBackgammon;
  out[3] = loseGammon;
  out[4] = loseBackgammon;
}

/** Writes the bear-off database's probabilities into `out` and returns true when both sides are bearing off. */
function fromBearoff(db: BearoffDatabase, pos: Position, out: Float64Array): boolean {
  if (backChecker(pos.white) > 6 || backChecker(pos.black) > 6) return false;
  const p = raceProbabilities(db, pos);
  if (!p) return false;
  out[0] = p.win;
  out[1] = p.winGammon;
  out[2] = p.winBackgammon;
  out[3] = p.loseGammon;
  out[4] = p.loseBackgammon;
  return true;
}

/** Writes the exact result into `out` and returns true when `pos` is a finished game. */
function finished(pos: Position, onRollLeft: number, otherLeft: number, out: Float64Array): boolean {
  if (otherLeft === 0) writeFinished(pos[pos.turn], false, out);
  else if (onRollLeft === 0) writeFinished(pos[opponentOf(pos.turn)], true, out);
  else return false;
  return true;
}

/**
 * Appends after the first `n` sparse inputs the hand-made ones `net` was trained with — its input count says which
 * (encoding.ts): none, the features, or those and the blockade features — and returns the new count.
 */
function appendFeatures(net: Network, onRoll: readonly number[], other: readonly number[], toIdx: Int32Array, toVal: Float64Array, n: number): number {
  if (net.inputs <= INPUT_COUNT) return n;
  return encodeFeatures(onRoll, other, INPUT_COUNT, toIdx, toVal, n, net.inputs >= BLOCKADE_FEATURE_INPUT_COUNT);
}

/** The sparse inputs of `net` for `pos` into (toIdx, toVal): the raw board, and the features if `net` has them. */
export function encodeInputsInto(net: Network, pos: Position, toIdx: Int32Array, toVal: Float64Array): number {
  const onRoll = pos[pos.turn];
  const other = pos[opponentOf(pos.turn)];
  return appendFeatures(net, onRoll, other, toIdx, toVal, encodeSides(onRoll, other, toIdx, toVal));
}

/**
 * The network that values `pos`: races and crashed positions have networks of their own when given (scripts/train.ts
 * --race, --crashed); the contact network values the rest. One isRace a position, as this runs for every play searched.
 */
function networkFor(pos: Position, contact: Network, race?: Network | null, crashed?: Network | null): Network {
  if (!race && !crashed) return contact;
  if (isRace(pos)) return race ?? contact;
  return crashed && hasCrashedSide(pos) ? crashed : contact;
}

/**
 * The five probabilities for `pos.turn` into `out` (win, winGammon, winBackgammon, loseGammon, loseBackgammon), from
 * `net` and the rules above. The array form is for search and training loops, which evaluate millions of positions.
 */
export function evaluateInto(net: Network, pos: Position, out: Float64Array, bearoff?: BearoffDatabase, race?: Network | null, crashed?: Network | null): void {
  const onRoll = pos[pos.turn];
  const other = pos[opponentOf(pos.turn)];
  const onRollLeft = checkersInPlay(onRoll);
  const otherLeft = checkersInPlay(other);
  if (finished(pos, onRollLeft, otherLeft, out)) return;
  if (bearoff && fromBearoff(bearoff, pos, out)) return;
  const chosen = networkFor(pos, net, race, crashed);
  const n = encodeInputsInto(chosen, pos, idx, val);
  chosen.forward(idx, val, n, out);
  constrain(pos, onRollLeft, otherLeft, out);
}

let base = new Float64Array(0);
let z = new Float64Array(0);

/** pointUnit's values for counts 0..15, unit by unit (a lookup: this runs for every play of every roll searched). */
const UNITS = Float64Array.from({ length: 16 * 4 }, (_, k) => pointUnit(k >> 2, k & 3));
const touchedMover = new Int32Array(25);
const touchedThem = new Int32Array(25);
let touchStamp = 0;

/**
 * The inputs one play changes, as a sparse list (input, change) that Network.sumRows adds to the board's base four
 * rows at a time. At most: 4 moves × 2 points × 4 units for the mover, 4 hit points × 4 units and the bar for the
 * opponent, the checkers off, and the features.
 */
const changeIdx = new Int32Array(96);
const changeVal = new Float64Array(96);
let changes = 0;

/** Lists the change of the inputs of point index `i` (24 = bar) of the block at `at`, from `before` to `after`. */
function addPointChange(at: number, i: number, before: number, after: number): void {
  if (before === after) return;
  if (i === 24) {
    changeIdx[changes] = at + BAR_INPUT;
    changeVal[changes++] = (after - before) / 2;
    return;
  }
  for (let unit = 0; unit < 4; unit++) {
    const change = (UNITS[after * 4 + unit] as number) - (UNITS[before * 4 + unit] as number);
    if (change === 0) continue;
    changeIdx[changes] = at + 4 * i + unit;
    changeVal[changes++] = change;
  }
}

/**
 * Lists what `play` changes in the inputs seen from the opponent (block 0 the opponent's board, block 1 the mover's):
 * only the points its checker moves touch, the bar of a side it hits, and the mover's checkers off. Returns how many
 * checkers the play bore off.
 */
function addPlayChange(play: LegalPlay, moverBefore: readonly number[], moverAfter: readonly number[], themBefore: readonly number[], themAfter: readonly number[]): number {
  touchStamp++;
  let off = 0;
  for (const m of play.moves) {
    const from = m.from - 1;
    if (touchedMover[from] !== touchStamp) {
      touchedMover[from] = touchStamp;
      addPointChange(SIDE_INPUTS, from, moverBefore[from] ?? 0, moverAfter[from] ?? 0);
    }
    if (m.to === 0) {
      off++;
      continue;
    }
    const to = m.to - 1;
    if (touchedMover[to] !== touchStamp) {
      touchedMover[to] = touchStamp;
      addPointChange(SIDE_INPUTS, to, moverBefore[to] ?? 0, moverAfter[to] ?? 0);
    }
    if (m.hit) {
      // The mover's point t is the opponent's 25 − t, index 24 − t; the hit checker goes to the opponent's bar.
      for (const i of [24 - m.to, 24]) {
        if (touchedThem[i] === touchStamp) continue;
        touchedThem[i] = touchStamp;
        addPointChange(0, i, themBefore[i] ?? 0, themAfter[i] ?? 0);
      }
    }
  }
  if (off > 0) {
    changeIdx[changes] = SIDE_INPUTS + OFF_INPUT;
    changeVal[changes++] = off / 15;
  }
  return off;
}

/**
 * The probabilities of every play's result for its side on roll (the opponent of pos.turn), play k in
 * out[5k..5k+4]; the same numbers as evaluateInto on each result. A play changes only a few points, so the hidden
 * layer's input is computed once for the board before the play (seen from the opponent) and each play adds only the
 * weight rows of the inputs its checker moves change: some 5 rows instead of some 30.
 */
export function evaluateResultsInto(
  contactNet: Network,
  pos: Position,
  plays: readonly LegalPlay[],
  out: Float64Array,
  bearoff?: BearoffDatabase,
  race?: Network | null,
  crashed?: Network | null,
): void {
  // Every result of a race is a race: all of them go through the race network, incrementally, and the plays of a
  // crashed position mostly leave crashed positions: those go through the crashed network incrementally. A result of
  // another class than its position's (contact broken, a side crashed or no longer crashed) is evaluated alone by its
  // own network below.
  const net = networkFor(pos, contactNet, race, crashed);
  const raceOnly = net === race;
  const them = opponentOf(pos.turn);
  const moverBefore = pos[pos.turn];
  const themBefore = pos[them];
  const H = net.hidden;
  if (base.length < H) {
    base = new Float64Array(H);
    z = new Float64Array(H);
  }
  const n = encodeSides(themBefore, moverBefore, idx, val); // raw inputs only: features are added per play
  net.preActivation(idx, val, n, base);
  const moverLeftBefore = checkersInPlay(moverBefore);
  const themLeft = checkersInPlay(themBefore);
  const one = new Float64Array(OUTPUTS);
  for (let k = 0; k < plays.length; k++) {
    const play = plays[k] as LegalPlay;
    const result = play.result;
    const own = raceOnly ? net : networkFor(result, contactNet, race, crashed);
    if (own !== net) {
      evaluateInto(own, result, one, bearoff);
      out.set(one, k * OUTPUTS);
      continue;
    }
    changes = 0;
    const off = addPlayChange(play, moverBefore, result[pos.turn], themBefore, result[them]);
    // The features depend on both whole boards, so each play's are computed afresh (the base holds none).
    changes = appendFeatures(net, result[them], result[pos.turn], changeIdx, changeVal, changes);
    net.sumRows(base, changeIdx, changeVal, changes, z);
    const moverLeft = moverLeftBefore - off;
    if (!finished(result, themLeft, moverLeft, one) && !(bearoff && fromBearoff(bearoff, result, one))) {
      net.outputsFrom(z, one);
      constrain(result, themLeft, moverLeft, one);
    }
    out.set(one, k * OUTPUTS);
  }
}

/**
 * An Evaluator over a given network (the committed one: createEvaluator). It also carries `evaluateResults`, the
 * batch form search.ts uses for all the plays of one roll (see BatchEvaluator there).
 */
export function networkEvaluator(net: Network, bearoff?: BearoffDatabase, race?: Network | null, crashed?: Network | null): NetworkEvaluator {
  const out = new Float64Array(OUTPUTS);
  const evaluate = (pos: Position): Probabilities => {
    evaluateInto(net, pos, out, bearoff, race, crashed);
    return { win: out[0] as number, winGammon: out[1] as number, winBackgammon: out[2] as number, loseGammon: out[3] as number, loseBackgammon: out[4] as number };
  };
  let results = new Float64Array(0);
  const evaluateResults = (pos: Position, plays: readonly LegalPlay[]): Float64Array => {
    if (results.length < plays.length * OUTPUTS) results = new Float64Array(plays.length * OUTPUTS * 2);
    evaluateResultsInto(net, pos, plays, results, bearoff, race, crashed);
    return results;
  };
  return Object.assign(evaluate, { evaluateResults });
}

/** The network's evaluator: an Evaluator that always has the batch form. */
export type NetworkEvaluator = Evaluator & { readonly evaluateResults: NonNullable<BatchEvaluator["evaluateResults"]> };

let committed: { readonly contact: Network; readonly race: Network; readonly crashed: Network } | null = null;

/**
 * The committed networks' evaluator — the contact network (weights/network.json), the crashed network
 * (weights/crashed-network.json) and the race network (weights/race-network.json) — with the bear-off database for
 * races once both sides are home when `bearoff` is given (server/analysis/bearoff-file.ts loads it). The networks are built from their JSON once and shared.
 */
export function createEvaluator(options: { readonly bearoff?: BearoffDatabase } = {}): NetworkEvaluator {
  committed ??= {
    contact: Network.fromJson(networkWeights as NetworkJson),
    race: Network.fromJson(raceWeights as NetworkJson),
    crashed: Network.fromJson(crashedWeights as NetworkJson),
  };
  return networkEvaluator(committed.contact, options.bearoff, committed.race, committed.crashed);
}
