import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { decodePositionId } from "../engine/gnubg-id";
import { pipCount } from "../engine/pips";
import { initialPosition } from "../engine/position";
import { replay } from "../engine/test-support";
import { describeFailure, type Position } from "../engine/types";
import { cubeAvailable, cubeContextOf, cubeDecision, cubeEfficiency, cubefulEquity, optimalCubeEquity, type CubeContext, type CubeDecision } from "./cube-decision";
import type { Probabilities } from "./types";

// Written by scripts/gnubg/cube-fixtures.py from GNU Backgammon 1.07.001 (see fixtures/README.md): gnubg's 0-ply
// cubeless probabilities and its own 0-ply cube decision for them.
interface CubeFixture {
  positionId: string;
  positionClass: string;
  matchLength: number;
  scoreOnRoll: number;
  scoreOther: number;
  cube: number;
  cubeOwner: "centre" | "onRoll" | "other";
  crawford: boolean;
  probabilities: [number, number, number, number, number];
  nearThreshold?: boolean;
  gnubg: { noDouble: number; doubleTake: number; doublePass: number; optimal: number; action: string };
}
const fixtures = readFileSync(new URL("./fixtures/gnubg-cube-decisions.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as CubeFixture);

function positionOf(f: CubeFixture): Position {
  const decoded = decodePositionId(f.positionId, "white");
  if (!decoded.ok) throw new Error(describeFailure(decoded));
  return decoded.value;
}

function probabilitiesOf(f: CubeFixture): Probabilities {
  const [win, winGammon, winBackgammon, loseGammon, loseBackgammon] = f.probabilities;
  return { win, winGammon, winBackgammon, loseGammon, loseBackgammon };
}

/** White is on roll; the fixture's owner and scores are relative to the side on roll. */
function contextOf(f: CubeFixture): CubeContext {
  const owner = { centre: null, onRoll: "white", other: "black" } as const;
  return {
    matchLength: f.matchLength,
    score: { white: f.scoreOnRoll, black: f.scoreOther },
    cubeValue: f.cube,
    crawford: f.crawford,
    cubeOwner: owner[f.cubeOwner],
    onRoll: "white",
  };
}

type Expected = Partial<Pick<CubeDecision, "shouldDouble" | "shouldTake" | "tooGood" | "cubeAvailable">>;

/** What gnubg's proper cube action (GetCubeRecommendation's texts) says about each of our fields. */
function expectedOf(action: string): Expected | "optional" {
  const text = action.replace("redouble", "double").replace("Redouble", "Double");
  switch (text) {
    case "Double, take":
      return { shouldDouble: true, shouldTake: true, tooGood: false, cubeAvailable: true };
    case "Double, pass":
      return { shouldDouble: true, shouldTake: false, tooGood: false, cubeAvailable: true };
    case "No double, take":
      return { shouldDouble: false, shouldTake: true, tooGood: false, cubeAvailable: true };
    case "Too good to double, take":
      return { shouldDouble: false, shouldTake: true, tooGood: true, cubeAvailable: true };
    case "Too good to double, pass":
      return { shouldDouble: false, shouldTake: false, tooGood: true, cubeAvailable: true };
    // gnubg's NOT_AVAILABLE (the opponent owns the cube) has no text of its own: "Unknown cube decision".
    case "Never double, take (dead cube)":
    case "Unknown cube decision":
      return { shouldDouble: false, tooGood: false, cubeAvailable: false };
    case "Optional double, take":
      return "optional";
    default:
      throw new Error(`unexpected gnubg cube action "${action}"`);
  }
}

const noGammons = (win: number): Probabilities => ({ win, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 });
const money: CubeContext = { matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white" };

describe("money take point", () => {
  // Janowski: without gammons the taker's point is (L - 1/2) / (W + L + x/2) with W = L = 1.
  it("is 25 % for the taker with a dead cube (x = 0): double/take = double/pass at 75 % for the doubler", () => {
    expect(cubeDecision(noGammons(0.75), money, { efficiency: 0 }).equities.doubleTake).toBeCloseTo(1, 12);
    expect(cubeDecision(noGammons(0.749), money, { efficiency: 0 }).shouldTake).toBe(true);
    expect(cubeDecision(noGammons(0.751), money, { efficiency: 0 }).shouldTake).toBe(false);
  });

  it("is 21.37 % with recube vig at x = 0.68 (0.5 / 2.34), and 21.74 % at x = 0.6", () => {
    const at = (x: number) => 1 - 0.5 / (2 + x / 2);
    expect(1 - at(0.68)).toBeCloseTo(0.21368, 5);
    expect(cubeDecision(noGammons(at(0.68)), money, { efficiency: 0.68 }).equities.doubleTake).toBeCloseTo(1, 12);
    expect(cubeDecision(noGammons(at(0.68) - 0.001), money).shouldTake).toBe(true);
    expect(cubeDecision(noGammons(at(0.68) + 0.001), money).shouldTake).toBe(false);
    expect(cubeDecision(noGammons(at(0.6)), money, { efficiency: 0.6 }).equities.doubleTake).toBeCloseTo(1, 12);
  });

  it("makes a no-gammon position beyond the take point a double/pass, never too good", () => {
    const d = cubeDecision(noGammons(0.9), money);
    expect(d).toMatchObject({ shouldDouble: true, shouldTake: false, tooGood: false });
    expect(d.equities.doublePass).toBe(1);
  });
});

describe("cubeDecision against GNU Backgammon 1.07", () => {
  it(`gives gnubg's 0-ply cubeful equities for its own probabilities (${fixtures.length} positions)`, () => {
    for (const f of fixtures) {
      const d = cubeDecision(probabilitiesOf(f), contextOf(f), { efficiency: cubeEfficiency(positionOf(f)) });
      // gnubg computes in single precision.
      expect(d.equities.noDouble, f.positionId).toBeCloseTo(f.gnubg.noDouble, 5);
      expect(d.equities.doubleTake, f.positionId).toBeCloseTo(f.gnubg.doubleTake, 5);
      expect(d.equities.doublePass, f.positionId).toBeCloseTo(f.gnubg.doublePass, 5);
      expect(optimalCubeEquity(d), f.positionId).toBeCloseTo(f.gnubg.optimal, 5);
    }
  });

  it("takes gnubg's cube action at every fixture, near a threshold included", () => {
    const seen = new Set<string>();
    for (const f of fixtures) {
      const d = cubeDecision(probabilitiesOf(f), contextOf(f), { efficiency: cubeEfficiency(positionOf(f)) });
      const expected = expectedOf(f.gnubg.action);
      seen.add(f.gnubg.action);
      const where = `${f.positionId} ${f.matchLength}:${f.scoreOnRoll}-${f.scoreOther} cube ${f.cube} ${f.gnubg.action}`;
      if (expected === "optional") {
        // gnubg calls a double optional when double/take and no double are within 1e-5: either is right.
        expect(Math.abs(d.equities.doubleTake - d.equities.noDouble), where).toBeLessThan(2e-5);
        expect(d.shouldTake, where).toBe(true);
      } else {
        expect(d, where).toMatchObject(expected);
      }
    }
    // The fixtures cover every kind of answer.
    for (const action of ["Double, take", "Double, pass", "No double, take", "Too good to double, pass", "Too good to double, take"]) {
      expect(seen).toContain(action);
    }
    expect(fixtures.filter((f) => f.nearThreshold).length).toBeGreaterThan(20);
  });
});

describe("cubeEfficiency", () => {
  it("is 0.68 in contact, 0.6 in a bear-off, 0.55 + 0.00125 × pips (within 0.6..0.7) in a race (gnubg EvalEfficiency)", () => {
    expect(cubeEfficiency(initialPosition("white"))).toBe(0.68);
    for (const f of fixtures) {
      const pos = positionOf(f);
      const x = cubeEfficiency(pos);
      // gnubg.classifypos of the same position.
      if (f.positionClass === "contact" || f.positionClass === "crashed") expect(x, f.positionId).toBe(0.68);
      else if (f.positionClass === "race") expect(x, f.positionId).toBe(Math.min(0.7, Math.max(0.6, 0.55 + 0.00125 * pipCount(pos, "white"))));
      else expect(x, f.positionId).toBe(0.6);
    }
  });
});

describe("when the cube is dead or not the roller's", () => {
  const p: Probabilities = { win: 0.8, winGammon: 0.3, winBackgammon: 0.02, loseGammon: 0.05, loseBackgammon: 0 };
  const match = (over: Partial<CubeContext>): CubeContext => ({
    matchLength: 5, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white", ...over,
  });

  it("never doubles in the Crawford game, and the cubeful equity there is the cubeless one", () => {
    const crawford = match({ score: { white: 2, black: 4 }, crawford: true });
    expect(cubeAvailable(crawford)).toBe(false);
    expect(cubeDecision(p, crawford).shouldDouble).toBe(false);
    expect(cubefulEquity(p, crawford)).toBeCloseTo(cubeDecision(p, crawford).equities.noDouble, 12);
  });

  it("leaves the post-Crawford leader no cube, but lets the trailer double", () => {
    expect(cubeAvailable(match({ score: { white: 4, black: 2 } }))).toBe(false);
    expect(cubeAvailable(match({ score: { white: 2, black: 4 } }))).toBe(true);
  });

  it("does not double when winning a single game at this cube already wins the match", () => {
    expect(cubeAvailable(match({ score: { white: 3, black: 1 }, cubeValue: 2, cubeOwner: "white" }))).toBe(false);
    expect(cubeAvailable(match({ score: { white: 2, black: 1 }, cubeValue: 2, cubeOwner: "white" }))).toBe(true);
  });

  it("does not let a side double the opponent's cube, money or match", () => {
    expect(cubeDecision(p, { ...money, cubeValue: 2, cubeOwner: "black" }).cubeAvailable).toBe(false);
    expect(cubeDecision(p, match({ cubeValue: 2, cubeOwner: "black" })).shouldDouble).toBe(false);
  });
});

describe("cubeContextOf", () => {
  it("reads the score, cube and Crawford flag of a match in progress for the side on roll", () => {
    const fresh = replay({ matchLength: 5 }, []);
    if (!fresh.ok) throw new Error(describeFailure(fresh));
    expect(cubeContextOf(fresh.value)).toBeNull(); // before the opening roll nobody is on roll
    const started = replay({ matchLength: 5 }, [{ type: "opening-roll", dice: [3, 1] }]);
    if (!started.ok) throw new Error(describeFailure(started));
    // White's die is the higher one, so white is on roll with the centred cube.
    expect(cubeContextOf(started.value)).toEqual({
      matchLength: 5, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "white",
    });
    const crawford = cubeContextOf({ ...started.value, score: { white: 2, black: 4 }, crawford: true });
    expect(crawford && cubeAvailable(crawford)).toBe(false);
  });
});
