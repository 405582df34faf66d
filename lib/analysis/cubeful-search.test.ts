import { describe, expect, it } from "vitest";
import { initialPosition } from "../engine/position";
import { positionFromPoints } from "../engine/test-support";
import { type CubeContext, cubeDecision, cubeEfficiency } from "./cube-decision";
import { CLOSE_CUBE_REFINEMENT, cubeDecisionAtPly, isCloseCubeDecision } from "./cubeful-search";
import { createEvaluator } from "./evaluator";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BearoffDatabase } from "./bearoff-database";
import { CLOSE_TAKE_RACE, FAR_BEHIND_RACE } from "./bearoff-test-support";

// The engine's evaluator as the server builds it: exact in bear-offs (the committed database), the network elsewhere.
const bearoff = BearoffDatabase.fromBytes(readFileSync(fileURLToPath(new URL("./tables/bearoff-one-sided.bin", import.meta.url))));
const evaluator = createEvaluator({ bearoff });
const money: CubeContext = { matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white" };

/**
 * A last roll: white bears off its two checkers on the 2-point with 26 rolls of 36 (any roll without a 1, and 1-1),
 * and black bears off its last checker whatever it rolls. So white wins q = 26/36 exactly, and with any cube the
 * loser of the next roll loses it: no double = 2q − 1, double/take = 2(2q − 1), and white should double, black take
 * (q ≥ 1/2 doubles, q < 3/4 takes).
 */
const lastRoll = positionFromPoints({ 2: 2 }, { 24: 1 });
const q = 26 / 36;

describe("cubeDecisionAtPly", () => {
  it("is Janowski's 0-ply decision at ply 0", () => {
    const pos = initialPosition("white");
    const zero = cubeDecisionAtPly(pos, money, { ply: 0, evaluator });
    expect(zero).toEqual(cubeDecision(evaluator(pos), money, { efficiency: cubeEfficiency(pos) }));
  });

  it("values a last roll exactly from one ply on, where Janowski's formula does not", () => {
    for (const ply of [1, 2, 3] as const) {
      const d = cubeDecisionAtPly(lastRoll, money, { ply, evaluator });
      expect(d.equities.noDouble).toBeCloseTo(2 * q - 1, 9);
      expect(d.equities.doubleTake).toBeCloseTo(2 * (2 * q - 1), 9);
      expect(d.equities.doublePass).toBe(1);
      expect(d.shouldDouble).toBe(true);
      expect(d.shouldTake).toBe(true);
    }
    const janowski = cubeDecisionAtPly(lastRoll, money, { ply: 0, evaluator });
    expect(Math.abs(janowski.equities.noDouble - (2 * q - 1))).toBeGreaterThan(0.01);
  });

  it("gives the same last roll in a match through the match equity table: 2-away 2-away, the cube gives the match", () => {
    const match: CubeContext = { ...money, matchLength: 5, score: { white: 3, black: 3 } };
    const d = cubeDecisionAtPly(lastRoll, match, { ply: 1, evaluator });
    // Winning the cube (1 point) leaves 1-away vs 2-away (Crawford); after a double the game decides the match, so
    // double/take = 2q − 1 in match terms normalised to the undoubled cube; white should double.
    expect(d.shouldDouble).toBe(true);
    expect(d.equities.doublePass).toBe(1);
    expect(d.equities.doubleTake).toBeGreaterThan(d.equities.noDouble);
  });

  it("does not let the side double when the cube is the opponent's, but still shows double/take", () => {
    const owned: CubeContext = { ...money, cubeValue: 2, cubeOwner: "black" };
    const d = cubeDecisionAtPly(lastRoll, owned, { ply: 1, evaluator });
    expect(d.cubeAvailable).toBe(false);
    expect(d.shouldDouble).toBe(false);
    expect(d.equities.noDouble).toBeCloseTo(2 * q - 1, 9);
    expect(d.equities.doubleTake).toBeCloseTo(2 * (2 * q - 1), 9);
  });

  it("counts no gammon under the Jacoby rule while the cube is centred", () => {
    // White has closed black out with 3 black checkers still back; a gammon is likely.
    const pos = positionFromPoints({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2 }, { 25: 2, 19: 3, 13: 5, 20: 5 });
    const plain = cubeDecisionAtPly(pos, money, { ply: 1, evaluator });
    const jacoby = cubeDecisionAtPly(pos, { ...money, jacoby: true }, { ply: 1, evaluator });
    expect(jacoby.equities.noDouble).toBeLessThan(plain.equities.noDouble);
    expect(jacoby.equities.doubleTake).toBeCloseTo(plain.equities.doubleTake, 9); // once doubled, gammons count
  });

  it("refuses a context whose side on roll is not the position's", () => {
    expect(() => cubeDecisionAtPly(lastRoll, { ...money, onRoll: "black" }, { ply: 1, evaluator })).toThrow(/side on roll/);
  });

  it("searches a decision again at the refinement's depth when it is close, and only then", () => {
    let evaluations = 0;
    const counting = Object.assign((pos: Parameters<typeof evaluator>[0]) => (evaluations++, evaluator(pos)), evaluator);
    const search = (pos: typeof lastRoll, ply: 2 | 3, refine?: typeof CLOSE_CUBE_REFINEMENT) => {
      evaluations = 0;
      const decision = cubeDecisionAtPly(pos, money, { ply, evaluator: counting, refine });
      return { decision, evaluations };
    };
    const plain = search(FAR_BEHIND_RACE, 2);
    expect(isCloseCubeDecision(plain.decision, CLOSE_CUBE_REFINEMENT)).toBe(false);
    expect(search(FAR_BEHIND_RACE, 2, CLOSE_CUBE_REFINEMENT)).toEqual(plain);
    const two = search(CLOSE_TAKE_RACE, 2);
    expect(isCloseCubeDecision(two.decision, CLOSE_CUBE_REFINEMENT)).toBe(true);
    const refined = search(CLOSE_TAKE_RACE, 2, CLOSE_CUBE_REFINEMENT);
    expect(refined.decision).toEqual(search(CLOSE_TAKE_RACE, 3).decision);
    expect(refined.evaluations).toBeGreaterThan(two.evaluations);
  });
});

describe("isCloseCubeDecision", () => {
  const windows = { takeWithin: 0.1, doubleWithin: 0.03 };
  const decision = (noDouble: number, doubleTake: number, cubeAvailable = true) => ({
    ...cubeDecision({ win: 0.5, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 }, money),
    cubeAvailable,
    equities: { noDouble, doubleTake, doublePass: 1 },
  });

  it("is close when double/take is within the take window of double/pass, on either side", () => {
    expect([0.95, 1.05, 0.91].map((doubleTake) => isCloseCubeDecision(decision(0.5, doubleTake), windows))).toEqual([true, true, true]);
  });

  it("is close when no double is within the double window of the best answer to a double, if the side may double", () => {
    expect(isCloseCubeDecision(decision(0.58, 0.6), windows)).toBe(true);
    expect(isCloseCubeDecision(decision(0.98, 1.4), windows)).toBe(true); // double/pass against too good
    expect(isCloseCubeDecision(decision(0.58, 0.6, false), windows)).toBe(false);
  });

  it("is not close otherwise", () => {
    expect(isCloseCubeDecision(decision(0.55, 0.6), windows)).toBe(false);
    expect(isCloseCubeDecision(decision(0.5, 1.2), windows)).toBe(false);
    expect(isCloseCubeDecision(decision(-0.5, -1.0), windows)).toBe(false);
  });
});
