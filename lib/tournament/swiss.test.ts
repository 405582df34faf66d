import { describe, expect, it } from "vitest";
import { firstSwissRound, pairSwissRound, swissStandings, type PlayedRound } from "./swiss";

const ORDER = ["a", "b", "c", "d", "e"];

describe("Swiss (docs/tournaments.md, section 5)", () => {
  it("pairs round 1 down the draw order, the last of an odd field with the bye", () => {
    expect(firstSwissRound(ORDER)).toEqual([
      { white: "a", black: "b" },
      { white: "c", black: "d" },
      { white: "e", black: null },
    ]);
  });

  it("ranks by points, then Buchholz, then the draw number", () => {
    const round1: PlayedRound = { pairings: firstSwissRound(ORDER), winners: ["b", "c", "e"] };
    expect(swissStandings(ORDER, [round1]).map((row) => [row.player, row.points, row.buchholz])).toEqual([
      // b, c and e have a point; b and c beat someone with none; e's bye adds nothing. b before c by number.
      ["b", 1, 0],
      ["c", 1, 0],
      ["e", 1, 0],
      ["a", 0, 1],
      ["d", 0, 1],
    ]);
  });

  it("gives the bye to the lowest player without one, and pairs down the standings without rematches", () => {
    const round1: PlayedRound = { pairings: firstSwissRound(ORDER), winners: ["b", "c", "e"] };
    const round2 = pairSwissRound(ORDER, [round1], new Set());
    // Standings b, c, e, a, d: the bye to d (lowest, none yet); b–c, then e–a.
    expect(round2).toEqual([
      { white: "b", black: "c" },
      { white: "e", black: "a" },
      { white: "d", black: null },
    ]);
    const round3 = pairSwissRound(ORDER, [round1, { pairings: round2, winners: ["b", "a", "d"] }], new Set());
    // Points: b 2, a 1, c 1, d 1, e 1 → by Buchholz; nobody meets anyone twice, and e (who had the bye) cannot get it.
    const met = new Set([...round1.pairings, ...round2].filter((p) => p.black).map((p) => [p.white, p.black].sort().join("")));
    for (const pairing of round3) if (pairing.black) expect(met.has([pairing.white, pairing.black].sort().join(""))).toBe(false);
    const bye = round3.find((p) => p.black === null)?.white;
    expect(bye === "e" || bye === "d").toBe(false);
  });

  it("leaves out players who withdrew, and allows a rematch only when no other pairing exists", () => {
    const round1: PlayedRound = { pairings: firstSwissRound(["a", "b", "c", "d"]), winners: ["a", "c"] };
    const without = pairSwissRound(["a", "b", "c", "d"], [round1], new Set(["c"]));
    expect(without.some((p) => p.white === "c" || p.black === "c")).toBe(false);
    // Two players, two rounds: the second is necessarily a rematch.
    const two: PlayedRound = { pairings: firstSwissRound(["a", "b"]), winners: ["b"] };
    expect(pairSwissRound(["a", "b"], [two], new Set())).toEqual([{ white: "b", black: "a" }]);
  });
});
