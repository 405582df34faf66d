import { describe, expect, it } from "vitest";
import { legalPlays, passPlay } from "../engine/moves";
import { gameResult, initialPosition, makePosition } from "../engine/position";
import { positionFromPoints, side } from "../engine/test-support";
import { describeFailure, type Dice, type DieValue, type Position, opponentOf } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { raceProbabilities } from "./bearoff-race";
import { decodePositionId } from "../engine/gnubg-id";
import { isCrashed, isRace } from "./contact";
import { INPUT_COUNT } from "./encoding";
import { createEvaluator, networkEvaluator } from "./evaluator";
import { batchAgainstOneByOne, seededSequence } from "./evaluator-test-support";
import { Network } from "./network";
import { ROLLS } from "./search";
import { pubevalChoosePlay } from "./pubeval";

const evaluate = createEvaluator();

/** The same game with the colours swapped: white's checkers become black's and the other side is on roll. */
function mirror(pos: Position): Position {
  return { white: pos.black, black: pos.white, turn: opponentOf(pos.turn) };
}

/** Positions from pubeval self-play with fixed dice (a linear congruential sequence), some hundreds of them. */
function playedPositions(games: number): Position[] {
  let state = 12345;
  const die = (): DieValue => {
    state = (state * 1103515245 + 12345) >>> 0;
    return ((state >>> 16) % 6) + 1 as DieValue;
  };
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let pos = initialPosition(g % 2 === 0 ? "white" : "black");
    while (gameResult(pos) === null) {
      out.push(pos);
      const dice: Dice = [die(), die()];
      pos = (legalPlays(pos, dice).length > 0 ? pubevalChoosePlay(pos, dice) : passPlay(pos)).result;
    }
    out.push(pos);
  }
  return out;
}

describe("createEvaluator", () => {
  const positions = playedPositions(8);

  it("gives consistent probabilities: gammons within wins, backgammons within gammons, all in [0, 1]", () => {
    expect(positions.length).toBeGreaterThan(300);
    for (const pos of positions) {
      const p = evaluate(pos);
      expect(p.win).toBeGreaterThanOrEqual(0);
      expect(p.win).toBeLessThanOrEqual(1);
      expect(p.winBackgammon).toBeGreaterThanOrEqual(0);
      expect(p.winBackgammon).toBeLessThanOrEqual(p.winGammon);
      expect(p.winGammon).toBeLessThanOrEqual(p.win);
      expect(p.loseBackgammon).toBeGreaterThanOrEqual(0);
      expect(p.loseBackgammon).toBeLessThanOrEqual(p.loseGammon);
      expect(p.loseGammon).toBeLessThanOrEqual(1 - p.win + 1e-12);
    }
  });

  it("is the same for both colours: a position and its colour-mirrored twin evaluate alike", () => {
    for (const pos of positions) expect(evaluate(mirror(pos))).toEqual(evaluate(pos));
  });

  it("values all the plays of a roll at once exactly as one by one (the incremental batch form search uses)", () => {
    const { evaluateResults } = evaluate;
    let checked = 0;
    let worst = 0;
    for (const pos of positions.filter((_, i) => i % 5 === 0)) {
      if (gameResult(pos)) continue;
      for (const { dice } of ROLLS) {
        const plays = legalPlays(pos, dice);
        const values = evaluateResults(pos, plays);
        plays.forEach((play, k) => {
          const p = evaluate(play.result);
          [p.win, p.winGammon, p.winBackgammon, p.loseGammon, p.loseBackgammon].forEach((x, o) => {
            worst = Math.max(worst, Math.abs((values[5 * k + o] ?? NaN) - x));
          });
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(worst).toBeLessThan(1e-12);
  });

  it("is exact when the game is over: single, gammon and backgammon losses for the side on roll", () => {
    const empty = side({});
    const lost = (onRoll: number[]) => {
      const made = makePosition(onRoll, empty, "white");
      if (!made.ok) throw new Error(describeFailure(made));
      return evaluate(made.value);
    };
    expect(lost(side({ 6: 3 }))).toEqual({ win: 0, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 });
    expect(lost(side({ 6: 15 }))).toEqual({ win: 0, winGammon: 0, winBackgammon: 0, loseGammon: 1, loseBackgammon: 0 });
    expect(lost(side({ 6: 14, 20: 1 }))).toEqual({ win: 0, winGammon: 0, winBackgammon: 0, loseGammon: 1, loseBackgammon: 1 });
  });

  it("rules out what cannot happen: no gammon against a side that has borne off, no backgammon in a race without checkers back", () => {
    // White has borne off 5, black 0 and all black's checkers are past white's: neither side can be backgammoned.
    const pos = positionFromPoints({ 6: 5, 5: 5 }, { 12: 15 });
    const p = evaluate(pos);
    expect(p.loseGammon).toBe(0);
    expect(p.loseBackgammon).toBe(0);
    expect(p.winBackgammon).toBe(0);
  });

  it("knows a won race from a lost one", () => {
    expect(evaluate(positionFromPoints({ 1: 3, 2: 3 }, { 13: 5, 20: 5, 24: 5 })).win).toBeGreaterThan(0.9);
    expect(evaluate(positionFromPoints({ 13: 5, 20: 5, 24: 5 }, { 1: 3, 2: 3 })).win).toBeLessThan(0.1);
  });

  it("calls the start about even (gnubg 1.07 gives the side on roll 0.50–0.53 before its roll)", () => {
    const p = evaluate(initialPosition("white"));
    expect(p.win).toBeGreaterThan(0.42);
    expect(p.win).toBeLessThan(0.6);
  });
});

describe("createEvaluator with the bear-off database", () => {
  const db = BearoffDatabase.build();
  const withDb = createEvaluator({ bearoff: db });

  it("answers races with both sides home from the database, and other positions from the network", () => {
    const race = positionFromPoints({ 6: 3, 4: 2, 1: 4 }, { 20: 2, 22: 5, 24: 1 });
    expect(withDb(race)).toEqual(raceProbabilities(db, race));
    const contact = initialPosition("white");
    expect(withDb(contact)).toEqual(evaluate(contact));
  });

  it("gives the batch form the same database values as one by one", () => {
    const pos = positionFromPoints({ 6: 3, 5: 2, 1: 4 }, { 20: 2, 22: 5, 24: 1 });
    const plays = legalPlays(pos, [5, 2]);
    const values = withDb.evaluateResults(pos, plays);
    plays.forEach((play, k) => {
      const p = withDb(play.result);
      expect(Array.from(values.subarray(5 * k, 5 * k + 5))).toEqual([p.win, p.winGammon, p.winBackgammon, p.loseGammon, p.loseBackgammon]);
    });
  });
});

/** A small random network of raw inputs: one per class in the tests below. */
function randomNetwork(seed: number): Network {
  return Network.random(INPUT_COUNT, 10, seededSequence(seed));
}

describe("an evaluator with a race network", () => {
  const contactNet = randomNetwork(1);
  const raceNet = randomNetwork(2);
  const both = networkEvaluator(contactNet, undefined, raceNet);
  const contactOnly = networkEvaluator(contactNet);
  const raceOnly = networkEvaluator(raceNet);

  it("asks the race network about races and the contact network about the rest", () => {
    const race = positionFromPoints({ 6: 5, 8: 5, 10: 5 }, { 13: 5, 14: 5, 15: 5 });
    expect(both(race)).toEqual(raceOnly(race));
    const contact = initialPosition("white");
    expect(both(contact)).toEqual(contactOnly(contact));
  });

  it("values all the plays of a roll at once exactly as one by one, races and broken contact included", () => {
    const positions = playedPositions(8).filter((pos, i) => i % 3 === 0 && !gameResult(pos));
    const { results, worst } = batchAgainstOneByOne(both, positions);
    expect(results.length).toBeGreaterThan(5000);
    expect(results.filter(isRace).length).toBeGreaterThan(500);
    expect(worst).toBeLessThan(1e-12);
  });
});

describe("an evaluator with a crashed network", () => {
  const contactNet = randomNetwork(1);
  const raceNet = randomNetwork(2);
  const crashedNet = randomNetwork(3);
  const all = networkEvaluator(contactNet, undefined, raceNet, crashedNet);
  const crashedOnly = networkEvaluator(crashedNet);
  const contactOnly = networkEvaluator(contactNet);
  // Crashed positions of gnubg's games (the held-out set): 11 checkers off and the rest against a closed board, etc.
  const crashedIds = ["7w0AAGLdbQUAAA", "27aTAAADAAAMAA", "rwkAAOA+GwMIAA", "HwAAYHebBBASAA"];
  const crashed = crashedIds.map((id) => {
    const decoded = decodePositionId(id, "white");
    if (!decoded.ok) throw new Error(id);
    return decoded.value;
  });

  it("asks the crashed network about crashed positions and the contact network about the rest of contact", () => {
    for (const pos of crashed) {
      expect(isCrashed(pos)).toBe(true);
      expect(all(pos)).toEqual(crashedOnly(pos));
    }
    expect(all(initialPosition("white"))).toEqual(contactOnly(initialPosition("white")));
  });

  it("values all the plays of a roll at once exactly as one by one, crashed and not", () => {
    const { results, worst } = batchAgainstOneByOne(all, [...crashed, ...crashed.map(mirror)]);
    expect(results.filter(isCrashed).length).toBeGreaterThan(100);
    expect(results.filter((pos) => !isCrashed(pos)).length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-12);
  });
});
