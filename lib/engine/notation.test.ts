import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePositionId } from "./gnubg-id";
import { legalPlays } from "./moves";
import { type MoveSpec, makeNotation, parseNotation } from "./notation";
import { describeFailure, type CheckerMove, type Dice, type DieValue } from "./types";

const move = (from: number, to: number, hit = false): CheckerMove => ({ from, to, die: Math.min(6, from - to) as DieValue, hit });

describe("makeNotation writes what GNU Backgammon 1.07 writes", () => {
  // Expected strings are gnubg 1.07 `hint` output for positions in fixtures/gnubg-notation.jsonl (named by case).
  it.each([
    ["opening 3-1 (spec line 1)", [move(6, 5), move(8, 5)], "8/5 6/5"],
    ["one checker, two dice, no hit: intermediate point elided (must use both dice)", [move(24, 18), move(18, 13)], "24/13"],
    ["a hit on the way keeps the point (hit on the way)", [move(13, 7, true), move(7, 1), move(13, 7), move(13, 7)], "13/7*/1 13/7(2)"],
    ["identical moves counted; the star once per point (two checkers hit the same blot point)", [move(6, 2, true), move(6, 2), move(8, 4), move(8, 4)], "8/4(2) 6/2*(2)"],
    ["entering with a hit (enter hitting)", [move(25, 22, true), move(13, 12)], "bar/22* 13/12"],
    ["entering, hitting and moving on (enter hitting)", [move(25, 22, true), move(22, 21)], "bar/22*/21"],
    ["bearing off (bear off with the higher die)", [move(5, 0), move(3, 1)], "5/off 3/1"],
    ["coming home and bearing off is one move (come home then bear off)", [move(7, 6), move(6, 0)], "7/off"],
    ["hit and cover: only the first arrival is starred (hit and cover)", [move(22, 20), move(24, 20, true)], "24/20* 22/20"],
    ["three hits on one journey (several blots with 3-3)", [move(13, 10, true), move(10, 7, true), move(7, 4, true), move(4, 1)], "13/10*/7*/4*/1"],
    ["two checkers over the same hit points (several blots with 3-3)", [move(13, 10, true), move(10, 7, true), move(13, 10), move(10, 7)], "13/10*/7*(2)"],
    ["no move", [], ""],
  ] as const)("%s", (_name, moves, expected) => {
    expect(makeNotation([...moves])).toBe(expected);
  });

  it("refuses more than four moves (a programmer error)", () => {
    expect(() => makeNotation([move(6, 5), move(6, 5), move(6, 5), move(6, 5), move(6, 5)])).toThrow(RangeError);
  });
});

describe("parseNotation", () => {
  it.each([
    ["24/18 13/11", [[24, 18], [13, 11]]],
    ["24-18 13-11", [[24, 18], [13, 11]]],
    ["24/18, 13/11", [[24, 18], [13, 11]]],
    ["  24/18,13/11  ", [[24, 18], [13, 11]]],
    ["bar/22*", [[25, 22]]],
    ["BAR/22", [[25, 22]]],
    ["b/22", [[25, 22]]],
    ["25/22", [[25, 22]]],
    ["6/off", [[6, 0]]],
    ["6/OFF", [[6, 0]]],
    ["6/0", [[6, 0]]],
    ["8/5(2)", [[8, 5], [8, 5]]],
    ["8/5x2", [[8, 5], [8, 5]]],
    ["6/2*(4)", [[6, 2], [6, 2], [6, 2], [6, 2]]],
    ["13/7*/1", [[13, 7], [7, 1]]],
    ["13/10*/7*(2)", [[13, 10], [10, 7], [13, 10], [10, 7]]],
    ["24/13", [[24, 13]]],
    ["", []],
  ] as const)("reads %j", (text, pairs) => {
    expect(parseNotation(text)).toEqual({ ok: true, value: pairs.map(([from, to]) => ({ from, to })) });
  });

  it.each([
    ["24 18", { reason: "unreadable", token: "24" }],
    ["24/18/", { reason: "unreadable", token: "24/18/" }],
    ["18/24", { reason: "backwards", token: "18/24", from: "18", to: "24" }],
    ["26/20", { reason: "notAPoint", point: "26", token: "26/20" }],
    ["off/3", { reason: "backwards", token: "off/3", from: "off", to: "3" }],
    ["8/5(5)", { reason: "repeats", token: "8/5(5)", count: 5 }],
    ["8/5(0)", { reason: "repeats", token: "8/5(0)", count: 0 }],
    ["x/5", { reason: "unreadable", token: "x/5" }],
    ["bar/22**", { reason: "unreadable", token: "bar/22**" }],
  ])("rejects %j", (text, values) => {
    expect(parseNotation(text)).toEqual({ ok: false, code: "ERR_BAD_NOTATION", values });
  });
});

describe("make → parse round trip", () => {
  /** Checkers leaving minus checkers arriving, per point: what a play does, however its moves are grouped. */
  const flow = (moves: readonly MoveSpec[]) => {
    const net = new Array<number>(26).fill(0);
    for (const m of moves) {
      net[m.from] = (net[m.from] ?? 0) + 1;
      net[m.to] = (net[m.to] ?? 0) - 1;
    }
    return net;
  };

  it("keeps the checker flow of every legal play of the spec fixture (gnubg-legal-moves.jsonl)", () => {
    const lines = readFileSync(new URL("./fixtures/gnubg-legal-moves.jsonl", import.meta.url), "utf8").trim().split("\n");
    let plays = 0;
    for (const line of lines) {
      const c = JSON.parse(line) as { pos: string; dice: [number, number] };
      const pos = decodePositionId(c.pos);
      if (!pos.ok) throw new Error(describeFailure(pos));
      for (const play of legalPlays(pos.value, c.dice as unknown as Dice)) {
        const parsed = parseNotation(makeNotation(play.moves));
        expect(parsed.ok && flow(parsed.value)).toEqual(flow(play.moves));
        plays++;
      }
    }
    expect(plays).toBeGreaterThan(6000);
  });

  it("gives back the very moves when no two moves chain", () => {
    const moves = [move(24, 18), move(13, 11)];
    const parsed = parseNotation(makeNotation(moves));
    expect(parsed).toEqual({ ok: true, value: moves.map(({ from, to }) => ({ from, to })) });
  });
});
