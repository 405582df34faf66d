import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../scripts/bot/random";
import { legalPlays } from "../engine/moves";
import type { Dice, DieValue } from "../engine/types";
import { bearoffBoard, bearoffIndex } from "./bearoff-index";
import { MAX_ROLL_RESULTS, ROLLS, createBearoffMoves } from "./bearoff-moves";
import { boardsUpTo, homePosition } from "./bearoff-test-support";

const moves = createBearoffMoves();
const out = new Int32Array(MAX_ROLL_RESULTS);

/** The result boards of a roll by lib/engine's legalPlays (which matches GNU Backgammon 1.07's move generator). */
function engineResults(home: readonly number[], d1: number, d2: number): number[] {
  const plays = legalPlays(homePosition(home), [d1, d2] as unknown as Dice);
  return [...new Set(plays.map((p) => bearoffIndex(p.result.white.slice(0, 6))))].sort((a, b) => a - b);
}

function fastResults(home: readonly number[], d1: number, d2: number): number[] {
  const n = moves.rollResults(bearoffIndex(home), d1, d2, out);
  return [...out.subarray(0, n)].sort((a, b) => a - b);
}

function mismatches(boards: readonly number[][]): string[] {
  const wrong: string[] = [];
  for (const home of boards) {
    for (const [d1, d2] of ROLLS) {
      const expected = engineResults(home, d1 as DieValue, d2 as DieValue).join();
      if (fastResults(home, d1, d2).join() !== expected) wrong.push(`[${home.join()}] ${d1}-${d2}`);
    }
  }
  return wrong;
}

describe("bear-off plays", () => {
  it("lists the 21 rolls with weights adding up to 36", () => {
    expect(ROLLS).toHaveLength(21);
    expect(ROLLS.reduce((sum, [, , w]) => sum + w, 0)).toBe(36);
  });

  it("reach the same boards as lib/engine's legalPlays for every board of up to 4 checkers", () => {
    const boards = boardsUpTo(4).filter((b) => b.some((n) => n > 0));
    expect(boards).toHaveLength(209);
    expect(mismatches(boards)).toEqual([]);
  });

  it("reach the same boards as lib/engine's legalPlays for 300 random boards of 5 to 15 checkers", () => {
    const random = mulberry32(19);
    const boards: number[][] = [];
    while (boards.length < 300) {
      const home = bearoffBoard(Math.floor(random() * 54_264));
      if (home.reduce((a, b) => a + b, 0) >= 5) boards.push(home);
    }
    expect(mismatches(boards)).toEqual([]);
  });

  it("records board contents and pip counts", () => {
    const index = bearoffIndex([3, 0, 2, 0, 0, 1]);
    expect([...moves.boards.subarray(index * 6, index * 6 + 6)]).toEqual([3, 0, 2, 0, 0, 1]);
    expect(moves.pips[index]).toBe(3 + 6 + 6);
  });
});
