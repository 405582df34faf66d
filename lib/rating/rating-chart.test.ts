import { describe, expect, it } from "vitest";
import { ratingChart } from "./rating-chart";

const box = { width: 600, height: 200, padding: 30 };

describe("the rating chart's geometry", () => {
  it("spreads the matches evenly across and puts higher ratings higher, inside the frame", () => {
    const chart = ratingChart([1500, 1522.36, 1504.45], box);
    // 1500..1522.36, padded by a tenth of the spread (2.24) and rounded out to tens: 1490..1530.
    expect([chart.min, chart.max]).toEqual([1490, 1530]);
    expect(chart.points.map((p) => p.x)).toEqual([30, 300, 570]);
    // y = 30 + (1530 − r)·140/40: 1500 → 135, 1522.36 → 56.74, 1504.45 → 119.43.
    expect(chart.points.map((p) => p.y)).toEqual([135, 56.7, 119.4]);
    expect(chart.path).toBe("M30,135 L300,56.7 L570,119.4");
    expect(chart.yTicks.map((t) => t.value)).toEqual([1490, 1500, 1510, 1520, 1530]);
    for (const p of chart.points) expect(p.y).toBeGreaterThanOrEqual(30);
  });

  it("draws a lone point in the middle and nothing for no history", () => {
    expect(ratingChart([1500], box).points).toEqual([{ x: 300, y: 100, rating: 1500 }]);
    expect(ratingChart([], box).path).toBe("");
  });
});

describe("dateTickIndexes", () => {
  it("labels every point when there are few, else the first, the last and evenly spaced ones", async () => {
    const { dateTickIndexes } = await import("./rating-chart");
    expect(dateTickIndexes(0)).toEqual([]);
    expect(dateTickIndexes(3)).toEqual([0, 1, 2]);
    expect(dateTickIndexes(9)).toEqual([0, 2, 4, 6, 8]);
    expect(dateTickIndexes(100)).toEqual([0, 25, 50, 74, 99]);
  });
});
