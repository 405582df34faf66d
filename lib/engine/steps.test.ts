import { describe, expect, it } from "vitest";
import { initialPosition } from "./position";
import { applyStep, canStep, diceToPlay, farthestPoint } from "./steps";
import { positionFromPoints } from "./test-support";
import type { DieValue, Position } from "./types";

// Expected answers worked out by hand from the rules of backgammon as GNU Backgammon 1.07 applies them (LegalMove in
// its eval.c): enter from the bar first, land where the opponent has fewer than two, bear off only with every
// checker home, by the exact die or a larger one from the farthest point.
const start = initialPosition("white");
const homeOnly = positionFromPoints({ 5: 2, 3: 1 }, { 20: 2 });
const onBar = positionFromPoints({ 25: 1, 13: 14 }, { 20: 2, 19: 1 });

describe("canStep and applyStep", () => {
  const cases: { name: string; pos: Position; from: number; die: DieValue; to: number | null; hit?: boolean }[] = [
    { name: "a plain step", pos: start, from: 13, die: 5, to: 8 },
    { name: "onto the opponent's made point (black's six point)", pos: start, from: 24, die: 5, to: null },
    { name: "from an empty point", pos: start, from: 23, die: 1, to: null },
    { name: "a bear-off with checkers outside home", pos: start, from: 6, die: 6, to: null },
    { name: "an exact bear-off", pos: homeOnly, from: 5, die: 5, to: 0 },
    { name: "a larger die from the farthest point", pos: homeOnly, from: 5, die: 6, to: 0 },
    { name: "a larger die below the farthest point", pos: homeOnly, from: 3, die: 6, to: null },
    { name: "a smaller die inside home", pos: homeOnly, from: 5, die: 2, to: 3 },
    { name: "entering onto a made point", pos: onBar, from: 25, die: 5, to: null },
    { name: "entering onto a blot hits it", pos: onBar, from: 25, die: 6, to: 19, hit: true },
    { name: "another checker while one is on the bar", pos: onBar, from: 13, die: 1, to: null },
  ];

  it.each(cases)("$name", ({ pos, from, die, to, hit }) => {
    expect(canStep(pos, from, die)).toBe(to !== null);
    if (to === null) {
      expect(() => applyStep(pos, from, die)).toThrow();
      return;
    }
    const { position, move } = applyStep(pos, from, die);
    expect(move).toEqual({ from, to, die, hit: hit ?? false });
    expect(position.turn).toBe(pos.turn); // the mover keeps the turn until the whole play is made
    expect(position.white[from - 1]).toBe((pos.white[from - 1] ?? 0) - 1);
    if (to > 0) expect(position.white[to - 1]).toBe((pos.white[to - 1] ?? 0) + 1);
    // A hit sends black's blot (on white's point `to`, black's 25 - to) to black's bar.
    expect(position.black[24]).toBe((pos.black[24] ?? 0) + (hit ? 1 : 0));
    if (hit) expect(position.black[24 - to]).toBe(0);
  });

  it("leaves the position it was given unchanged", () => {
    const before = JSON.stringify(onBar);
    applyStep(onBar, 25, 6);
    expect(JSON.stringify(onBar)).toBe(before);
  });

  it("plays black's steps in black's own numbering", () => {
    const { position, move } = applyStep(initialPosition("black"), 13, 6);
    expect(move).toEqual({ from: 13, to: 7, die: 6, hit: false });
    expect(position.black[6]).toBe(1);
    expect(position.white).toEqual(initialPosition("white").white);
  });
});

describe("diceToPlay and farthestPoint", () => {
  it("plays doubles four times and other rolls once per die, in the order rolled", () => {
    expect(diceToPlay([4, 4])).toEqual([4, 4, 4, 4]);
    expect(diceToPlay([2, 6])).toEqual([2, 6]);
  });

  it("finds the farthest checker, the bar counting as 25", () => {
    expect(farthestPoint(start.white)).toBe(24);
    expect(farthestPoint(homeOnly.white)).toBe(5);
    expect(farthestPoint(onBar.white)).toBe(25);
    expect(farthestPoint(new Array<number>(25).fill(0))).toBe(0);
  });
});
