import { describe, expect, it } from "vitest";
import { ESTIMATE_AFTER, remainingMs } from "./analysis-view";

describe("remainingMs", () => {
  it("is the time per decision so far times the decisions left", () => {
    // 10 of 40 decisions in 20 s: 2 s each, 30 left.
    expect(remainingMs(10, 40, 20_000)).toBe(60_000);
    expect(remainingMs(40, 40, 80_000)).toBe(0);
  });

  it("says nothing before the pace means something, or for figures that cannot be", () => {
    expect(remainingMs(ESTIMATE_AFTER - 1, 40, 9_000)).toBeNull();
    expect(remainingMs(ESTIMATE_AFTER, 40, 10_000)).toBe(70_000);
    expect(remainingMs(10, 5, 1_000)).toBeNull();
    expect(remainingMs(10, 40, -1)).toBeNull();
  });
});
