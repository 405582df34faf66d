import { describe, expect, it } from "vitest";
import { BEAROFF_POSITIONS, bearoffBoard, bearoffIndex, isBearoffBoard } from "./bearoff-index";

/** Every board of up to 15 checkers on 6 points, by brute force (nested loops), independent of the index. */
function allBoards(): number[][] {
  const boards: number[][] = [];
  const walk = (prefix: number[], left: number) => {
    if (prefix.length === 6) return void boards.push(prefix);
    for (let k = 0; k <= left; k++) walk([...prefix, k], left - k);
  };
  walk([], 15);
  return boards;
}

describe("bear-off index", () => {
  const boards = allBoards();

  it("counts C(21, 6) = 54,264 boards, the size of GNU Backgammon's one-sided database (gnubg_os0.bd header)", () => {
    expect(boards).toHaveLength(54_264);
    expect(BEAROFF_POSITIONS).toBe(54_264);
  });

  it("numbers every board densely and without collisions, and the inverse gives the board back", () => {
    const seen = new Uint8Array(BEAROFF_POSITIONS);
    const wrong: string[] = [];
    for (const board of boards) {
      const index = bearoffIndex(board);
      if (!(index >= 0 && index < BEAROFF_POSITIONS)) wrong.push(`[${board.join()}] → ${index}`);
      seen[index] = (seen[index] ?? 0) + 1;
      if (bearoffBoard(index).join() !== board.join()) wrong.push(`[${board.join()}] ↔ ${index}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.every((n) => n === 1)).toBe(true);
  });

  it("starts with the empty board and the 1-point stacks, as its doc says", () => {
    expect(bearoffIndex([0, 0, 0, 0, 0, 0])).toBe(0);
    expect(bearoffIndex([1, 0, 0, 0, 0, 0])).toBe(1);
    expect(bearoffIndex([15, 0, 0, 0, 0, 0])).toBe(15);
    expect(bearoffIndex([0, 0, 0, 0, 0, 15])).toBe(BEAROFF_POSITIONS - 1);
  });

  it("rejects what is not a home board", () => {
    expect(isBearoffBoard([0, 0, 0, 0, 0, 16])).toBe(false);
    expect(isBearoffBoard([8, 8, 0, 0, 0, 0])).toBe(false);
    expect(isBearoffBoard([1, 0, 0, 0, 0])).toBe(false);
    expect(isBearoffBoard([1, -1, 0, 0, 0, 0])).toBe(false);
    expect(isBearoffBoard([0.5, 0, 0, 0, 0, 0])).toBe(false);
    expect(() => bearoffIndex([0, 0, 0, 0, 0, 16])).toThrow(RangeError);
    expect(() => bearoffBoard(BEAROFF_POSITIONS)).toThrow(RangeError);
  });
});
