import { describe, expect, it } from "vitest";
import { BAR_X, BOARD_WIDTH, MIDDLE, PLAY_BOTTOM, checkerCentre, locationAt, pointColumn } from "./board-geometry";

describe("board geometry, seen from the viewer's side", () => {
  it("lays the points out counter-clockwise from the bottom right, as on a real board", () => {
    // 1 bottom right, 12 bottom left, 13 top left, 24 top right; the bar between 6|7 and 18|19.
    const at = (p: number) => pointColumn(p);
    expect(at(1).top).toBe(false);
    expect(at(12).top).toBe(false);
    expect(at(13).top).toBe(true);
    expect(at(24).top).toBe(true);
    expect(at(1).x).toBeGreaterThan(at(6).x);
    expect(at(6).x).toBeGreaterThan(BAR_X);
    expect(at(7).x).toBeLessThan(BAR_X);
    expect(at(12).x).toBeLessThan(at(7).x);
    expect(at(13).x).toBe(at(12).x);
    expect(at(24).x).toBe(at(1).x);
  });

  it("finds every point, the bar and the tray back from a point inside them (drops)", () => {
    for (let point = 1; point <= 24; point++) {
      const { x, y } = checkerCentre(point, 2, true);
      expect(locationAt(x, y)).toBe(point);
    }
    expect(locationAt(BAR_X, MIDDLE + 40)).toBe(25);
    expect(locationAt(BOARD_WIDTH - 5, PLAY_BOTTOM - 10)).toBe(0);
    expect(locationAt(5, MIDDLE)).toBeNull();
  });

  it("stacks checkers from the edge toward the middle, at most five deep", () => {
    expect(checkerCentre(1, 1, true).y).toBeLessThan(checkerCentre(1, 0, true).y);
    expect(checkerCentre(24, 1, true).y).toBeGreaterThan(checkerCentre(24, 0, true).y);
    expect(checkerCentre(1, 7, true)).toEqual(checkerCentre(1, 4, true));
  });
});
