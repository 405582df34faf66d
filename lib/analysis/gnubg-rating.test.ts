import { describe, expect, it } from "vitest";
import { gnubgRating } from "./gnubg-rating";

describe("gnubgRating", () => {
  it("rates an error rate per decision with gnubg's arThrsRating bands, a label applying below its threshold", () => {
    // gnubg 1.07 analysis.c: arThrsRating { 1e38, 0.035, 0.026, 0.018, 0.012, 0.008, 0.005, 0.002 }, Awful! … Supernatural.
    expect([0.0019, 0.002, 0.0049, 0.005, 0.0079, 0.008, 0.015, 0.02, 0.0263, 0.035].map(gnubgRating)).toEqual([
      "supernatural", "worldClass", "worldClass", "expert", "expert", "advanced", "intermediate", "casual", "beginner", "awful",
    ]);
  });
});
