import { describe, expect, it } from "vitest";
import { legalPlays } from "../engine/moves";
import { initialPosition, swapTurn } from "../engine/position";
import { positionFromPoints } from "../engine/test-support";
import { type Position, opponentOf } from "../engine/types";
import { createEvaluator } from "./evaluator";
import { matchEquityOf } from "./match-equity";
import { twoPlayEvaluator } from "./fixtures/two-play-evaluator";
import { MOVE_FILTERS, ROLLS, evaluateAtPly, rankPlays, searchChoice } from "./search";

const evaluator = createEvaluator();

function mirror(pos: Position): Position {
  return { white: pos.black, black: pos.white, turn: opponentOf(pos.turn) };
}

describe("ROLLS", () => {
  it("are the 21 distinct rolls, doubles weighted 1 and the others 2, out of 36", () => {
    expect(ROLLS).toHaveLength(21);
    expect(ROLLS.reduce((s, r) => s + r.weight, 0)).toBe(36);
    expect(ROLLS.filter((r) => r.weight === 1).every((r) => r.dice[0] === r.dice[1])).toBe(true);
  });
});

describe("evaluateAtPly", () => {
  it("is the evaluator at 0-ply", () => {
    const pos = initialPosition("white");
    expect(evaluateAtPly(pos, { ply: 0, evaluator })).toEqual(evaluator(pos));
  });

  it("averages over the rolls exactly: two checkers on the 6 point come off only with 3-3, 4-4, 5-5 or 6-6", () => {
    // White (on roll) has two checkers on its 6 point; black one on its ace point, so black wins on its next roll
    // whatever it throws. At 2-ply both of those rolls are searched down to the end of the game, so the value is
    // exact whatever the network says: P(white wins) = 4/36, and nobody can win a gammon (both have borne off).
    const pos = positionFromPoints({ 6: 2 }, { 24: 1 });
    const p = evaluateAtPly(pos, { ply: 2, evaluator });
    expect(p.win).toBeCloseTo(4 / 36, 12);
    expect(p.winGammon + p.loseGammon + p.winBackgammon + p.loseBackgammon).toBe(0);
  });

  it("goes a third ply deep the same way: the rolls' average of the 2-ply values after each roll's chosen play", () => {
    const pos = positionFromPoints({ 1: 2, 3: 1, 5: 1 }, { 24: 2, 22: 1, 20: 1 });
    let win = 0;
    for (const { dice, weight } of ROLLS) {
      const choice = searchChoice(pos, dice, evaluator);
      win += weight * (1 - evaluateAtPly(choice ? choice.play.result : swapTurn(pos), { ply: 2, evaluator }).win);
    }
    expect(evaluateAtPly(pos, { ply: 3, evaluator }).win).toBeCloseTo(win / 36, 12);
  });

  it("is the same for both colours at 1-ply", () => {
    const pos = legalPlays(initialPosition("white"), [6, 4])[3]?.result;
    if (!pos) throw new Error("6-4 has plays");
    const a = evaluateAtPly(pos, { ply: 1, evaluator });
    const b = evaluateAtPly(mirror(pos), { ply: 1, evaluator });
    expect(b.win).toBeCloseTo(a.win, 12);
    expect(b.winGammon).toBeCloseTo(a.winGammon, 12);
    expect(b.loseGammon).toBeCloseTo(a.loseGammon, 12);
  });
});

describe("rankPlays", () => {
  it("ranks the play that bears off the last checkers first, with the gammon it wins, at every ply", () => {
    // White bears off 6/off 1/off with 6-1; black still has all 15 checkers on its 13 point: a gammon, equity +2.
    const pos = positionFromPoints({ 6: 1, 1: 1 }, { 12: 15 });
    for (const ply of [0, 1, 2, 3] as const) {
      const [best] = rankPlays(pos, [6, 1], { ply, evaluator });
      expect(best?.play.notation).toBe("6/off 1/off");
      expect(best?.equity).toBe(2);
      expect(best?.probabilities).toEqual({ win: 1, winGammon: 1, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 });
    }
  });

  it("lists every legal play once, best first, the plays the filters kept valued deepest", () => {
    const pos = initialPosition("white");
    const ranked = rankPlays(pos, [6, 4], { ply: 2, evaluator });
    const notations = ranked.map((r) => r.play.notation);
    expect([...notations].sort()).toEqual(legalPlays(pos, [6, 4]).map((p) => p.notation).sort());
    const plies = ranked.map((r) => r.ply);
    expect(plies[0]).toBe(2);
    expect(plies.filter((p) => p === 2).length).toBeLessThanOrEqual(MOVE_FILTERS[1]?.keep ?? 0);
    expect(plies.filter((p) => p >= 1).length).toBeLessThanOrEqual(MOVE_FILTERS[0]?.keep ?? 0);
    // Within each depth the order is by equity; deeper plays come before shallower ones.
    for (let i = 1; i < ranked.length; i++) {
      const [a, b] = [ranked[i - 1], ranked[i]];
      if (!a || !b) continue;
      expect(a.ply).toBeGreaterThanOrEqual(b.ply);
      if (a.ply === b.ply) expect(a.equity).toBeGreaterThanOrEqual(b.equity);
    }
  });

  it("plays the opening rolls that make a point or run a back checker as GNU Backgammon 1.07 does, at 0-ply", () => {
    // GNU Backgammon 1.07's first choice (`set board 4HPwATDgc/ABMA`, `set dice`, `hint`) for each of these rolls.
    const start = initialPosition("white");
    const best = (d1: 1 | 2 | 3 | 4 | 5 | 6, d2: 1 | 2 | 3 | 4 | 5 | 6) => rankPlays(start, [d1, d2], { ply: 0, evaluator })[0]?.play.notation;
    expect(best(3, 1)).toBe("8/5 6/5");
    expect(best(4, 2)).toBe("8/4 6/4");
    expect(best(6, 1)).toBe("13/7 8/7");
    expect(best(5, 3)).toBe("8/3 6/3");
    expect(best(6, 5)).toBe("24/13");
  });

  it("returns no plays for a roll that cannot be played", () => {
    const pos = positionFromPoints({ 25: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 });
    expect(rankPlays(pos, [6, 6], { ply: 1, evaluator })).toEqual([]);
  });

  it("uses the equity it is given: a side that only counts gammons prefers the gammonish play", () => {
    const pos = initialPosition("white");
    const gammonsOnly = rankPlays(pos, [6, 4], { ply: 0, evaluator, equityOf: (p) => p.winGammon - p.loseGammon })[0];
    const money = rankPlays(pos, [6, 4], { ply: 0, evaluator })[0];
    if (!gammonsOnly || !money) throw new Error("6-4 has plays");
    expect(gammonsOnly.probabilities.winGammon - gammonsOnly.probabilities.loseGammon).toBeGreaterThanOrEqual(
      money.probabilities.winGammon - money.probabilities.loseGammon,
    );
  });
});

describe("rankPlays at a match score", () => {
  // Money: 0.60 - 0.40 + 0.30 gammons = 0.50 against 0.32; at double match point a gammon counts as a win, so only the
  // chance to win matters: 0.60 against 0.66. The match equity table decides, or the test fails.
  it("prefers the gammonish play for money and the safe one at double match point", () => {
    const { evaluator, gammonish, safe } = twoPlayEvaluator();
    const pos = initialPosition("white");
    expect(rankPlays(pos, [6, 5], { ply: 0, evaluator })[0]?.play.notation).toBe(gammonish);
    const doubleMatchPoint = matchEquityOf({ matchLength: 1, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false });
    const ranked = rankPlays(pos, [6, 5], { ply: 0, evaluator, equityOf: doubleMatchPoint });
    expect(ranked[0]?.play.notation).toBe(safe);
    expect(ranked[0]?.equity).toBeCloseTo(2 * 0.66 - 1, 10);
  });
});
