import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { legalPlays } from "../engine/moves";
import { makePosition } from "../engine/position";
import { describeFailure, type Dice, type Position } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { bearoffIndex } from "./bearoff-index";
import { ROLLS } from "./bearoff-moves";
import { bearoffWinChance, raceProbabilities } from "./bearoff-race";
import { boardsUpTo, homePosition } from "./bearoff-test-support";

const db = BearoffDatabase.build();

function race(onRoll: readonly number[], other: readonly number[]): Position {
  const white = [...onRoll, ...new Array<number>(25 - onRoll.length).fill(0)];
  const black = [...other, ...new Array<number>(25 - other.length).fill(0)];
  const made = makePosition(white, black, "white");
  if (!made.ok) throw new Error(describeFailure(made));
  return made.value;
}

/**
 * The race played out directly over pairs of boards, independently of the convolution formula: the side on roll plays
 * each roll to the result with the fewest expected rolls (the database's policy, moves from lib/engine), wins at once
 * if that is the empty board, and otherwise the other side is on roll.
 */
function directWin(a: number[], b: number[], memo: Map<string, number>): number {
  const key = `${a.join("")}|${b.join("")}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let win = 0;
  for (const [d1, d2, w] of ROLLS) {
    const results = legalPlays(homePosition(a), [d1, d2] as unknown as Dice).map((p) => p.result.white.slice(0, 6));
    const best = results.reduce((x, y) => (db.expectedRolls(y) < db.expectedRolls(x) ? y : x));
    win += (w / 36) * (bearoffIndex(best) === 0 ? 1 : 1 - directWin(b, best, memo));
  }
  memo.set(key, win);
  return win;
}

describe("bearoffWinChance", () => {
  it("equals a direct play-out of the two-sided race for every pair of boards of up to 2 checkers", () => {
    const boards = boardsUpTo(2).filter((b) => b.some((n) => n > 0));
    const memo = new Map<string, number>();
    for (const a of boards) for (const b of boards) expect(bearoffWinChance(db, a, b)).toBeCloseTo(directWin(a, b, memo), 13);
  });

  it("gives hand-checked chances", () => {
    // A checker on the 1-point is off in one roll.
    expect(bearoffWinChance(db, [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15])).toBeCloseTo(1, 15);
    // One checker on the 5-point against one on the 1-point: only 31/36 rolls win at once.
    expect(bearoffWinChance(db, [0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0])).toBeCloseTo(31 / 36, 15);
    // Two on the 6-point against one on the 1-point: only 3-3 … 6-6 (4/36).
    expect(bearoffWinChance(db, [0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0])).toBeCloseTo(4 / 36, 15);
  });
});

describe("raceProbabilities", () => {
  it("answers only when both sides have every checker home or off", () => {
    expect(raceProbabilities(db, race([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]))).not.toBeNull();
    expect(raceProbabilities(db, race([0, 0, 0, 0, 0, 2, 1], [1, 0, 0, 0, 0, 0]))).toBeNull();
    const bar = makePosition([0, 0, 0, 0, 0, 2, ...new Array<number>(18).fill(0), 1], [1, ...new Array<number>(24).fill(0)], "white");
    if (!bar.ok) throw new Error(describeFailure(bar));
    expect(raceProbabilities(db, bar.value)).toBeNull();
  });

  it("is from the side on roll's point of view, whichever colour that is", () => {
    const white = race([0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0]);
    const black = { white: white.black, black: white.white, turn: "black" as const };
    expect(raceProbabilities(db, black)).toEqual(raceProbabilities(db, white));
  });

  it("counts gammons only while the loser has all 15 checkers on the board, and never backgammons", () => {
    // On roll with one checker on the 1-point against 15 on the 6-point: a sure gammon.
    const sure = raceProbabilities(db, race([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15]));
    expect(sure?.win).toBeCloseTo(1, 15);
    expect(sure?.winGammon).toBeCloseTo(1, 15);
    expect([sure?.winBackgammon, sure?.loseGammon, sure?.loseBackgammon]).toEqual([0, 0, 0]);
    // The loser has borne one off: no gammon either way.
    const p = raceProbabilities(db, race([0, 0, 0, 0, 3, 0], [0, 0, 0, 0, 0, 14]));
    expect(p?.winGammon).toBe(0);
    expect(p?.loseGammon).toBe(0);
    // 15 on the 6-point against 2 on the 6-point: we lose a gammon unless we bear one off before the other side's
    // two are gone — P = Σ_n P_B(n) · P(F_A ≥ n + 1), summed here from the two distributions by hand.
    const q = raceProbabilities(db, race([0, 0, 0, 0, 0, 15], [0, 0, 0, 0, 0, 2]));
    const pb = db.distribution([0, 0, 0, 0, 0, 2]);
    const fa = db.firstOffDistribution([0, 0, 0, 0, 0, 15]);
    const atLeast = (n: number) => fa.slice(n - 1).reduce((s, x) => s + x, 0);
    expect(q?.loseGammon).toBeCloseTo(pb.reduce((s, x, i) => s + x * atLeast(i + 2), 0), 15);
    // At most P(no checker off in our first roll) = 19/36 (see the database test's 17/36).
    expect(q!.loseGammon).toBeGreaterThan(0);
    expect(q!.loseGammon).toBeLessThan(19 / 36);
    expect(q!.win).toBeLessThan(1e-6);
  });
});

describe("raceProbabilities against GNU Backgammon 1.07", () => {
  // gnubg.evaluate at 0-ply, cubeless, on two home boards: bearoff.c's one-sided race formula over gnubg_os0.bd's 16-bit
  // distributions (lib/analysis/fixtures/gnubg-bearoff-race.jsonl, written by scripts/gnubg/bearoff-fixtures.py; see the
  // fixtures README). Its distributions drift by up to ~1.6e-4 per entry from the exact ones, so the chances are
  // compared at 2e-4 (the largest difference seen is 5.7e-5).
  const cases = readFileSync(new URL("./fixtures/gnubg-bearoff-race.jsonl", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { onRoll: number[]; other: number[]; probabilities: number[] });

  it("has a few hundred races, some tens with gammon chances for either side", () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(cases.filter((c) => (c.probabilities[1] ?? 0) > 0.01).length).toBeGreaterThan(20);
    expect(cases.filter((c) => (c.probabilities[3] ?? 0) > 0.01).length).toBeGreaterThan(10);
  });

  it("gives gnubg's win, gammon and backgammon chances", () => {
    for (const c of cases) {
      const p = raceProbabilities(db, race(c.onRoll, c.other));
      const ours = [p?.win, p?.winGammon, p?.winBackgammon, p?.loseGammon, p?.loseBackgammon];
      ours.forEach((v, i) => expect(Math.abs((v ?? NaN) - (c.probabilities[i] ?? NaN))).toBeLessThanOrEqual(2e-4));
      expect(bearoffWinChance(db, c.onRoll, c.other)).toBe(p?.win);
    }
  });
});
