import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import {
  cubelessMatchWinningChance,
  emgToMwc,
  matchEquityOf,
  matchWinningChance,
  matchWinningChanceAfter,
  mwcToEmg,
  type MatchContext,
} from "./match-equity";
import { cubelessMoneyEquity, type Probabilities } from "./types";

// Written by scripts/gnubg/cube-fixtures.py from GNU Backgammon 1.07.001 (see fixtures/README.md).
const fixtureDir = new URL("./fixtures/", import.meta.url);
const gnubgMet = JSON.parse(readFileSync(new URL("gnubg-met.json", fixtureDir), "utf8")) as {
  preCrawford: number[][];
  postCrawford: number[];
};
interface CubeFixture {
  positionId: string;
  matchLength: number;
  scoreOnRoll: number;
  scoreOther: number;
  cube: number;
  crawford: boolean;
  probabilities: [number, number, number, number, number];
  cubelessEquity: number;
  cubelessMwc: number | null;
}
const fixtures = readFileSync(new URL("gnubg-cube-decisions.jsonl", fixtureDir), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as CubeFixture);

/** gnubg's table entry (row i, column j counted from 0). */
function gnubgEntry(row: readonly number[] | undefined, index: number): number {
  const value = row?.[index];
  if (value === undefined) throw new Error(`gnubg-met.json has no entry ${index}`);
  return value;
}

function probabilitiesOf(f: CubeFixture): Probabilities {
  const [win, winGammon, winBackgammon, loseGammon, loseBackgammon] = f.probabilities;
  return { win, winGammon, winBackgammon, loseGammon, loseBackgammon };
}

/** The side on roll is white; the fixture's scores are the side on roll's and the other's. */
function contextOf(f: CubeFixture): MatchContext {
  return { matchLength: f.matchLength, score: { white: f.scoreOnRoll, black: f.scoreOther }, cubeValue: f.cube, crawford: f.crawford };
}

describe("matchWinningChance", () => {
  it("is the table GNU Backgammon 1.07 uses, at every pre-Crawford score up to 25-away (gnubg.met(25))", () => {
    for (let i = 1; i <= 25; i++) {
      for (let j = 1; j <= 25; j++) {
        // 1-away rows and columns of the pre-Crawford table are the Crawford game.
        expect(matchWinningChance(i, j, true)).toBeCloseTo(gnubgEntry(gnubgMet.preCrawford[i - 1], j - 1), 6);
        if (i > 1 && j > 1) expect(matchWinningChance(i, j, false)).toBeCloseTo(gnubgEntry(gnubgMet.preCrawford[i - 1], j - 1), 6);
      }
    }
  });

  it("is gnubg's post-Crawford row for the trailer, and its complement for the leader", () => {
    for (let i = 1; i <= 25; i++) {
      expect(matchWinningChance(i, 1, false)).toBeCloseTo(gnubgEntry(gnubgMet.postCrawford, i - 1), 6);
      expect(matchWinningChance(1, i, false)).toBeCloseTo(1 - gnubgEntry(gnubgMet.postCrawford, i - 1), 6);
    }
  });

  it("reads as `show matchequitytable` prints it (GNU Backgammon 1.07.001, Kazaross XG2)", () => {
    expect(matchWinningChance(1, 2, true)).toBe(0.67736); // Crawford game, 1-away leads 2-away: 67.7360 %
    expect(matchWinningChance(5, 3, false)).toBe(0.35205); // 35.2050 %
    expect(matchWinningChance(7, 7, false)).toBe(0.5);
    expect(matchWinningChance(2, 1, false)).toBe(0.48803); // post-Crawford trailer at 2-away: 48.8030 %
    // 25-away post-Crawford: gnubg prints 0.1181 %, recomputed from the 21- and 23-away entries, not the file's 0.1230.
    expect(matchWinningChance(25, 1, false)).toBeCloseTo(0.001181, 6);
  });

  it("is 1 for a side that has won and 0 for one whose opponent has", () => {
    expect(matchWinningChance(0, 3, false)).toBe(1);
    expect(matchWinningChance(-1, 3, false)).toBe(1);
    expect(matchWinningChance(3, 0, false)).toBe(0);
  });

  it("refuses scores beyond the 25-point table", () => {
    expect(() => matchWinningChance(26, 3, false)).toThrow(RangeError);
  });
});

describe("matchWinningChanceAfter", () => {
  it("moves to the Crawford game when a side reaches 1-away, and to post-Crawford after it", () => {
    // 3-away v 4-away, the side wins 2: the next game is the Crawford game at 1-away v 4-away.
    expect(matchWinningChanceAfter(3, 4, 2, 0, false)).toBe(matchWinningChance(1, 4, true));
    // The Crawford game at 1-away v 4-away, the trailer wins 1: post-Crawford 1-away v 3-away.
    expect(matchWinningChanceAfter(1, 4, 0, 1, true)).toBe(matchWinningChance(1, 3, false));
    expect(matchWinningChanceAfter(2, 5, 2, 0, false)).toBe(1);
  });
});

describe("matchEquityOf", () => {
  const matchFixtures = fixtures.filter((f) => f.matchLength > 0);
  const moneyFixtures = fixtures.filter((f) => f.matchLength === 0);

  it(`gives gnubg's cubeless equity (EMG) and MWC for ${matchFixtures.length} evaluated match positions`, () => {
    expect(matchFixtures.length).toBeGreaterThan(100);
    for (const f of matchFixtures) {
      const context = contextOf(f);
      const p = probabilitiesOf(f);
      // gnubg.evaluate's cubeless equity and gnubg.eq2mwc of it, GNU Backgammon 1.07.001 (float precision).
      expect(matchEquityOf(context)(p, "white")).toBeCloseTo(f.cubelessEquity, 5);
      expect(cubelessMatchWinningChance(p, context, "white")).toBeCloseTo(f.cubelessMwc as number, 5);
    }
  });

  it("is the cubeless money equity times the cube for money play", () => {
    expect(moneyFixtures.length).toBeGreaterThan(10);
    for (const f of moneyFixtures) {
      const p = probabilitiesOf(f);
      expect(matchEquityOf(contextOf(f))(p, "white")).toBeCloseTo(f.cubelessEquity * f.cube, 5);
      expect(matchEquityOf(contextOf(f))(p, "black")).toBeCloseTo(cubelessMoneyEquity(p) * f.cube, 12);
    }
  });

  it("reads the score from the side the probabilities belong to", () => {
    const context: MatchContext = { matchLength: 7, score: { white: 5, black: 1 }, cubeValue: 1, crawford: false };
    const even: Probabilities = { win: 0.5, winGammon: 0.15, winBackgammon: 0.01, loseGammon: 0.15, loseBackgammon: 0.01 };
    // Symmetric chances: the leader (white, 2-away v 6-away) is a favourite in the match, the trailer is not.
    expect(cubelessMatchWinningChance(even, context, "white")).toBeGreaterThan(0.5);
    expect(cubelessMatchWinningChance(even, context, "white") + cubelessMatchWinningChance(even, context, "black")).toBeCloseTo(1, 12);
  });
});

describe("mwcToEmg", () => {
  const context: MatchContext = { matchLength: 5, score: { white: 2, black: 0 }, cubeValue: 2, crawford: false };

  it("maps winning and losing a single game at the cube to +1 and -1 (gnubg's mwc2eq)", () => {
    expect(mwcToEmg(matchWinningChanceAfter(3, 5, 2, 0, false), context, "white")).toBeCloseTo(1, 12);
    expect(mwcToEmg(matchWinningChanceAfter(3, 5, 0, 2, false), context, "white")).toBeCloseTo(-1, 12);
  });

  it("is undone by emgToMwc", () => {
    for (const mwc of [0.1, 0.42, 0.77]) expect(emgToMwc(mwcToEmg(mwc, context, "black"), context, "black")).toBeCloseTo(mwc, 12);
  });
});
