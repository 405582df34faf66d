import { describe, expect, it } from "vitest";
import { english } from "@/i18n/english";
import { type SideStats, standardError, summarise } from "./judge-summary";

const side = (unforced: number, error: number, marked: Partial<SideStats["marked"]> = {}): SideStats => ({
  "unforced-moves": unforced,
  "total-moves": unforced + 5,
  "error-skill": error,
  marked: { "very bad": 0, bad: 0, doubtful: 0, unmarked: 0, ...marked },
});

describe("summarise adds up gnubg's per-game figures as gnubg's match statistics do", () => {
  it("gives the error rate and rating gnubg showed for the same two games", () => {
    // GNU Backgammon 1.07.001, two pubeval-vs-pubeval money games analysed at 0-ply: gnubg.match(statistics=True)
    // gave game 1's "moves" figures for player X below, and for the match 75 unforced moves, error-skill 1.9760992527,
    // 7 doubtful, 11 bad, 3 very bad (game 2's figures are those totals less game 1's); `show statistics match`
    // showed "Error rate mEMG -26.3" and "Chequerplay rating Beginner".
    const games = [side(21, 0.39974352717399597, { "very bad": 0, bad: 3, doubtful: 2 }), side(54, 1.5763557255268097, { "very bad": 3, bad: 8, doubtful: 5 })];
    const s = summarise(games);
    expect(s.unforcedMoves).toBe(75);
    expect(s.errorRate).toBeCloseTo(26.35, 2);
    expect(s.rating).toBe("beginner");
    // As the judge prints it: gnubg's English label, from messages/en.json.
    expect(english(`analysis.rating.${s.rating}`)).toBe("Beginner");
    expect([s.doubtful, s.errors, s.blunders]).toEqual([7, 11, 3]);
  });

  it("weights games by their unforced moves and gives an interval that shrinks with more games", () => {
    const two = summarise([side(10, 0.1), side(30, 0.1)]);
    expect(two.errorRate).toBeCloseTo(5, 10); // 0.2 EMG over 40 moves, not the mean of 10 and 3.33
    const many = summarise(Array.from({ length: 50 }, (_, i) => (i % 2 ? side(10, 0.1) : side(30, 0.1))));
    expect(many.errorRate).toBeCloseTo(5, 10);
    expect(many.interval95).toBeLessThan(two.interval95);
    expect(summarise([side(20, 0.1)]).interval95).toBe(0);
  });
});

describe("standardError", () => {
  it("is the sample standard deviation over the square root of n", () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations 32, sample variance 32/7, SE √(32/7/8) = √(4/7).
    expect(standardError([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(4 / 7), 12);
    expect(standardError([3, 3, 3])).toBe(0);
    expect(standardError([1])).toBe(0);
  });
});
