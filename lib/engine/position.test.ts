import { describe, expect, it } from "vitest";
import { borneOff, checkersOnBoard, gameResult, initialPosition, makePosition, positionsEqual, swapTurn } from "./position";
import { positionFromPoints, side } from "./test-support";
import { describeFailure } from "./types";

describe("initialPosition", () => {
  it("has 24:2, 13:5, 8:3, 6:5 for both sides (standard setup)", () => {
    const pos = initialPosition("black");
    const expected = side({ 24: 2, 13: 5, 8: 3, 6: 5 });
    expect(pos.white).toEqual(expected);
    expect(pos.black).toEqual(expected);
    expect(pos.turn).toBe("black");
    expect(borneOff(pos, "white")).toBe(0);
    expect(checkersOnBoard(pos, "black")).toBe(15);
  });

  it("shares a frozen starting board that cannot be changed by accident", () => {
    expect(Object.isFrozen(initialPosition("white").white)).toBe(true);
  });
});

describe("makePosition", () => {
  it("copies valid boards", () => {
    const white = side({ 6: 5, 25: 1 });
    const made = makePosition(white, side({ 1: 2 }), "white");
    expect(made.ok && made.value.white).toEqual(white);
    expect(made.ok && made.value.white).not.toBe(white);
  });

  it.each([
    ["a short board", side({}).slice(0, 24), side({}), "ERR_BAD_BOARD"],
    ["a negative count", side({ 3: -1 }), side({}), "ERR_BAD_BOARD"],
    ["a fractional count", side({ 3: 0.5 }), side({}), "ERR_BAD_BOARD"],
    ["16 checkers", side({ 6: 10, 8: 6 }), side({}), "ERR_TOO_MANY_CHECKERS"],
    ["16 counting the bar", side({ 6: 15, 25: 1 }), side({}), "ERR_TOO_MANY_CHECKERS"],
    // White's 6 point is black's 19 point.
    ["a point held by both", side({ 6: 1 }), side({ 19: 1 }), "ERR_POINT_CONFLICT"],
    [
      "both on the bar against closed boards (gnubg's CheckPosition)",
      side({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 25: 1 }),
      side({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 25: 1 }),
      "ERR_BOTH_CLOSED_OUT",
    ],
  ] as const)("rejects %s", (_why, white, black, code) => {
    expect(makePosition(white, black, "white")).toMatchObject({ ok: false, code });
  });
});

describe("swapTurn and positionsEqual", () => {
  it("swaps only the turn", () => {
    const pos = initialPosition("white");
    const swapped = swapTurn(pos);
    expect(swapped.turn).toBe("black");
    expect(positionsEqual(swapped, pos)).toBe(false);
    expect(positionsEqual(swapTurn(swapped), pos)).toBe(true);
    expect(positionsEqual(positionFromPoints({ 6: 1 }, {}), positionFromPoints({ 5: 1 }, {}))).toBe(false);
  });
});

describe("gameResult", () => {
  const pos = (white: Record<number, number>, black: Record<number, number>, turn: "white" | "black") => {
    const made = makePosition(side(white), side(black), turn);
    if (!made.ok) throw new Error(describeFailure(made));
    return made.value;
  };
  // Each side in its own point numbers: white's home board (its points 1-6) is black's points 19-24.
  it.each([
    ["a game in progress", pos({ 6: 1 }, { 6: 1 }, "black"), null],
    ["white off, black bore off one: single", pos({}, { 6: 14 }, "black"), { winner: "white", kind: "single" }],
    ["white off, black none off, all home: gammon", pos({}, { 6: 15 }, "black"), { winner: "white", kind: "gammon" }],
    ["black none off, one in white's home board: backgammon", pos({}, { 6: 14, 20: 1 }, "black"), { winner: "white", kind: "backgammon" }],
    ["black none off, one on the bar: backgammon", pos({}, { 6: 14, 25: 1 }, "black"), { winner: "white", kind: "backgammon" }],
    ["black none off, one on its 18 point (white's 7): gammon", pos({}, { 6: 14, 18: 1 }, "black"), { winner: "white", kind: "gammon" }],
    ["black wins while white is on turn", pos({ 20: 15 }, {}, "white"), { winner: "black", kind: "backgammon" }],
  ] as const)("%s", (_why, position, expected) => {
    expect(gameResult(position)).toEqual(expected);
  });
});
