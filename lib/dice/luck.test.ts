import { describe, expect, it } from "vitest";
import { diceLuck, EXPECTED_PIPS_PER_ROLL, wilsonInterval } from "./luck";

describe("the Wilson score interval", () => {
  // Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven methods", Statistics in
  // Medicine 17 (1998) 857–872, table II, method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("gives %i of %i the published interval [%d, %d]", (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it("stays inside [0, 1], is [0, 1] with no trials, and refuses impossible counts", () => {
    expect(wilsonInterval(10, 10).high).toBeLessThanOrEqual(1);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 2)).toThrow(RangeError);
  });
});

describe("dice luck", () => {
  it("says 'as expected' when 1/6 is inside the interval, and averages the pips", () => {
    // 100 of 600 rolls are doubles: exactly 1/6. 4,900 pips: exactly 49/6 a roll.
    const luck = diceLuck({ rolls: 600, doubles: 100, pips: 4900 });
    expect(luck.doublesRate).toBeCloseTo(1 / 6, 10);
    expect(luck.pipsPerRoll).toBeCloseTo(EXPECTED_PIPS_PER_ROLL, 10);
    expect(EXPECTED_PIPS_PER_ROLL).toBeCloseTo(8.1667, 4);
    expect(luck.verdict).toBe("as expected");
  });

  it("names a rate whose whole interval is above or below 1/6, and refuses to judge a handful of rolls", () => {
    expect(diceLuck({ rolls: 600, doubles: 140, pips: 5000 }).verdict).toBe("more doubles");
    expect(diceLuck({ rolls: 600, doubles: 70, pips: 4700 }).verdict).toBe("fewer doubles");
    expect(diceLuck({ rolls: 35, doubles: 20, pips: 400 }).verdict).toBe("too few rolls");
    expect(diceLuck({ rolls: 0, doubles: 0, pips: 0 })).toMatchObject({ doublesRate: null, pipsPerRoll: null, verdict: "too few rolls" });
  });
});
