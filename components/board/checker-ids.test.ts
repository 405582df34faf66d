import { describe, expect, it } from "vitest";
import { initialPosition } from "@/lib/engine/position";
import { countsOf, placeCheckers } from "./checker-ids";

const START = initialPosition("white").white;

describe("checker ids", () => {
  it("counts the checkers off from the fifteen", () => {
    // The starting board holds all fifteen (24:2, 13:5, 8:3, 6:5): none off, the bar empty.
    const counts = countsOf(START);
    expect(counts[0]).toBe(0);
    expect(counts[25]).toBe(0);
    expect([counts[24], counts[13], counts[8], counts[6]]).toEqual([2, 5, 3, 5]);
    expect(countsOf([1, ...new Array<number>(24).fill(0)])[0]).toBe(14);
  });

  it("gives the moved checker its old id and leaves the others in place", () => {
    const first = placeCheckers(null, countsOf(START), "w");
    expect(new Set(first.map((c) => c.id)).size).toBe(15);
    // 13/7: the top checker of the 13 point (index 4) moves; nothing else changes.
    const after = [...START];
    after[12] = 4;
    after[6] = 1;
    const next = placeCheckers(first, countsOf(after), "w");
    const moved = first.find((c) => c.location === 13 && c.index === 4);
    expect(next.find((c) => c.id === moved?.id)).toEqual({ id: moved?.id, location: 7, index: 0 });
    for (const checker of first.filter((c) => c.id !== moved?.id)) expect(next).toContainEqual(checker);
  });

  it("sends a hit checker from its point to the bar", () => {
    const board = new Array<number>(25).fill(0);
    board[4] = 1;
    board[0] = 14;
    const first = placeCheckers(null, countsOf(board), "b");
    const hit = [...board];
    hit[4] = 0;
    hit[24] = 1;
    const next = placeCheckers(first, countsOf(hit), "b");
    const blot = first.find((c) => c.location === 5);
    expect(next.find((c) => c.id === blot?.id)?.location).toBe(25);
  });
});
