import { describe, expect, it } from "vitest";
import { pipCount } from "./pips";
import { initialPosition } from "./position";
import { positionFromPoints } from "./test-support";

describe("pipCount", () => {
  it("is 167 for each side at the start (the standard opening count)", () => {
    expect(pipCount(initialPosition("white"), "white")).toBe(167);
    expect(pipCount(initialPosition("white"), "black")).toBe(167);
  });

  it("counts a checker on the bar as 25 and reads each side in its own numbering", () => {
    // White: bar + 6 point; black: one checker on white's 20 point, which is black's 5 point.
    const pos = positionFromPoints({ 25: 1, 6: 2 }, { 20: 1 });
    expect(pipCount(pos, "white")).toBe(25 + 12);
    expect(pipCount(pos, "black")).toBe(5);
  });
});
