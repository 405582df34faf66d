import { describe, expect, it } from "vitest";
import { initialPosition } from "../engine/position";
import { positionFromPoints } from "../engine/test-support";
import { isRace } from "./contact";
import { pubevalChoosePlay, pubevalScore } from "./pubeval";

/**
 * Expected scores are worked by hand from pub_eval.c (Tesauro's published code and weights, as in GNU Backgammon's
 * sources): the inputs each position switches on, times the weights at those indices (counted in the flat arrays).
 */
describe("pubevalScore", () => {
  it("scores a race position with the race weights: two checkers on the ace point, thirteen off", () => {
    // The side that just moved (white) holds its 1 point: location 1, input 5·23 + 2 (made point) = 117; 13 off.
    // wr[117] = -7.26713, wr[121] = 3.42040. Black's two checkers (a made point) carry no input.
    const pos = positionFromPoints({ 12: 2 }, { 24: 2 }, "black");
    expect(pubevalScore(pos, true)).toBeCloseTo(-7.26713 + (3.4204 * 13) / 15, 5);
  });

  it("scores a contact position: five on the 6 point, an opposing blot, one on the bar, ten off", () => {
    // Black just moved (white on roll). Black's 6 point (location 6): made (wc[92] = 3.35809) and 5 − 3 = 2 extra
    // ((n − 3)/2 × wc[94] = 1 × 0.57353). White's blot on black's 20 point (location 20): wc[20] = −1.50197.
    // One white checker on the bar: wc[120] × 1/2 = 5.62596 / 2. Ten black checkers off: wc[121] × 10/15 = −2.758 × 2/3.
    const pos = positionFromPoints({ 5: 1, 25: 1, 24: 13 }, { 19: 5 }, "white");
    const expected = 3.35809 + 0.57353 - 1.50197 + 5.62596 / 2 - (2.758 * 10) / 15;
    expect(pubevalScore(pos, false)).toBeCloseTo(expected, 5);
  });

  it("gives the best possible score to bearing off the last checker", () => {
    const pos = positionFromPoints({ 6: 3 }, {}, "black");
    const moved = { white: new Array<number>(25).fill(0), black: pos.black, turn: "black" as const };
    expect(pubevalScore(moved)).toBe(99999999);
  });

  it("picks its weights by contact: a race and a contact position with the same board score differently", () => {
    const pos = positionFromPoints({ 6: 2, 5: 2 }, { 20: 2 }, "white");
    expect(pubevalScore(pos, true)).not.toBeCloseTo(pubevalScore(pos, false), 3);
  });
});

describe("pubevalChoosePlay", () => {
  it("makes points with the opening rolls that make one (the plays every strong player makes)", () => {
    const start = initialPosition("white");
    expect(pubevalChoosePlay(start, [3, 1]).notation).toBe("8/5 6/5");
    expect(pubevalChoosePlay(start, [4, 2]).notation).toBe("8/4 6/4");
    expect(pubevalChoosePlay(start, [6, 1]).notation).toBe("13/7 8/7");
  });

  it("plays for black as for white: the same roll from the mirrored start gives the same play", () => {
    expect(pubevalChoosePlay(initialPosition("black"), [5, 3]).notation).toBe(pubevalChoosePlay(initialPosition("white"), [5, 3]).notation);
  });

  it("passes when the roll cannot be played", () => {
    // White on the bar against a closed board.
    const pos = positionFromPoints({ 25: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 });
    expect(pubevalChoosePlay(pos, [6, 6]).notation).toBe("");
  });
});

describe("isRace", () => {
  it("is false at the start and true once the sides have passed each other", () => {
    expect(isRace(initialPosition("white"))).toBe(false);
    expect(isRace(positionFromPoints({ 6: 2 }, { 7: 2 }))).toBe(true);
    expect(isRace(positionFromPoints({ 8: 2 }, { 7: 2 }))).toBe(false);
  });
});
