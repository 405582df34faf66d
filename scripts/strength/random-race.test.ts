import { describe, expect, it } from "vitest";
import { isRace } from "@/lib/analysis/contact";
import { backChecker } from "@/lib/analysis/contact";
import { randomGammonRace, randomRace, randomStragglerRace } from "./random-race";
import { seededRandom } from "./seeded-random";

describe("randomRace", () => {
  it("makes races only, fifteen checkers a side on the board, from close to lopsided", () => {
    const random = seededRandom(7);
    const gaps: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const pos = randomRace(random);
      expect(isRace(pos)).toBe(true);
      for (const color of ["white", "black"] as const) expect(pos[color].reduce((s, n) => s + n, 0)).toBe(15);
      expect(pos.white[24]).toBe(0);
      gaps.push(Math.abs(backChecker(pos.white) - backChecker(pos.black)));
    }
    expect(Math.min(...gaps)).toBe(0);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(10);
  });

  it("is the same race for the same seed", () => {
    expect(randomRace(seededRandom(3))).toEqual(randomRace(seededRandom(3)));
  });

  it("makes straggler races: checkers off on one side and a checker of it still outside home", () => {
    const random = seededRandom(11);
    for (let i = 0; i < 2000; i++) {
      const pos = randomStragglerRace(random);
      expect(isRace(pos)).toBe(true);
      const sides = [pos.white, pos.black].map((board) => ({ left: board.reduce((s, n) => s + n, 0), back: backChecker(board) }));
      const straggler = sides.find((side) => side.left < 15);
      expect(straggler).toBeDefined();
      expect(straggler!.left).toBeGreaterThanOrEqual(4);
      expect(straggler!.back).toBeGreaterThanOrEqual(7);
      expect(sides.filter((side) => side.left === 15)).toHaveLength(1);
    }
    expect(randomStragglerRace(seededRandom(5))).toEqual(randomStragglerRace(seededRandom(5)));
  });

  it("makes gammon races: one side home with checkers off or about to bear off, the other none off, some outside home", () => {
    const random = seededRandom(13);
    const offs = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const pos = randomGammonRace(random);
      expect(isRace(pos)).toBe(true);
      const sides = [pos.white, pos.black].map((board) => ({ left: board.reduce((s, n) => s + n, 0), back: backChecker(board) }));
      const behind = sides.find((side) => side.back >= 7);
      const ahead = sides.find((side) => side !== behind);
      expect(behind?.left).toBe(15);
      expect(behind?.back).toBeLessThanOrEqual(18);
      expect(ahead?.back).toBeLessThanOrEqual(6);
      offs.add(15 - (ahead?.left ?? 15));
    }
    expect([...offs].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(randomGammonRace(seededRandom(5))).toEqual(randomGammonRace(seededRandom(5)));
  });
});
