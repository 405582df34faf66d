import { describe, expect, it } from "vitest";
import { legalPlays } from "@/lib/engine/moves";
import { initialPosition } from "@/lib/engine/position";
import { positionFromPoints } from "@/lib/engine/test-support";
import type { CheckerMove, Color, Dice, Position } from "@/lib/engine/types";
import { buildDraft, destinations, diceLeft, isComplete, movableFrom, nextSteps, positionAfter } from "./play-draft";

/** The legal plays as the server sends them (server/match/match-service.ts playOptions: notation and moves). */
function draftFor(position: Position, mover: Color, dice: Dice) {
  const plays = legalPlays(position, dice).map((p) => ({ notation: p.notation, moves: p.moves }));
  return buildDraft(position, mover, dice, plays);
}

const step = (from: number, to: number, die: number, hit = false): CheckerMove => ({ from, to, die: die as CheckerMove["die"], hit });

describe("buildDraft from the server's legal plays", () => {
  // Expected sources and targets worked out by hand from the starting position (each side: 24:2, 13:5, 8:3, 6:5);
  // black holds white's 19, 17, 12 and 1 points (its 6, 8, 13 and 24), and gnubg's list for 6-5 is 24/13,
  // 24/18 13/8, 24/18 8/3, 13/8 13/7, 13/7 8/3, 13/2, 8/3 8/2 (lib/engine/fixtures, checked with `npm run bg`).
  it("offers, for 6-5 at the start, exactly the first steps of some legal play", () => {
    const draft = draftFor(initialPosition("white"), "white", [6, 5]);
    expect([...movableFrom(draft, [])].sort((a, b) => a - b)).toEqual([8, 13, 24]);
    // 24/19 is blocked (black's six point); 6/1 with the 5 and 6/0 are not in any legal play.
    expect(destinations(draft, [], 24).map((d) => d.to)).toEqual([18]);
    expect(destinations(draft, [], 13).map((d) => d.to).sort((a, b) => a - b)).toEqual([7, 8]);
    expect(destinations(draft, [], 8).map((d) => d.to).sort((a, b) => a - b)).toEqual([2, 3]);
  });

  it("lets a play's moves come in either order", () => {
    const draft = draftFor(initialPosition("white"), "white", [6, 5]);
    // gnubg lists "24/18 13/8" with 24/18 first; 13/8 first must work too.
    expect(nextSteps(draft, [step(13, 8, 5)]).map((s) => `${s.from}/${s.to}`).sort()).toEqual(["13/7", "24/18", "8/2"]);
    expect(isComplete(draft, [step(13, 8, 5), step(24, 18, 6)])).toBe(true);
    expect(isComplete(draft, [step(13, 8, 5)])).toBe(false);
  });

  it("lets one checker travel by either die first when both intermediate points are open", () => {
    // White alone on its 24 point, black with nothing in the way: 24/13 may go via 18 or via 19.
    const position = positionFromPoints({ 24: 1, 1: 14 }, { 2: 1 });
    const draft = draftFor(position, "white", [6, 5]);
    expect(destinations(draft, [], 24).map((d) => d.to).sort((a, b) => a - b)).toEqual([18, 19]);
    expect(isComplete(draft, [step(24, 19, 5), step(19, 13, 6)])).toBe(true);
    expect(isComplete(draft, [step(24, 18, 6), step(18, 13, 5)])).toBe(true);
  });

  it("makes a checker on the bar enter first", () => {
    // White on the bar; black's checkers on white's 20 and 19 points are blots, so 6 and 5 both enter.
    const position = positionFromPoints({ 25: 1, 13: 14 }, { 20: 1, 19: 1 });
    const draft = draftFor(position, "white", [6, 5]);
    expect([...movableFrom(draft, [])]).toEqual([25]);
    const entries = destinations(draft, [], 25).map((d) => d.choices.map((c) => `${c.from}/${c.to}${c.hit ? "*" : ""}`)).flat().sort();
    expect(entries).toEqual(["25/19*", "25/20*"]);
  });

  it("bears off only in an order the rules allow", () => {
    // White: one checker on 8, one on 2, dice 6-2. Every legal play leaves one checker on 2 (8/2 2/off, or 8/6/off),
    // and each must move the checker on 8 first: nothing bears off while it is outside the home board.
    const position = positionFromPoints({ 8: 1, 2: 1 }, { 24: 1 });
    const draft = draftFor(position, "white", [6, 2]);
    // Bearing off from 2 before 8 is home is not allowed, so only the checker on 8 may start.
    expect([...movableFrom(draft, [])]).toEqual([8]);
  });

  it("chooses the die by itself when both dice bear off to the same outcome", () => {
    // White: one checker on 2 and one on 1, dice 6-5: either die bears off from 2, and the other then bears off 1.
    const draft = draftFor(positionFromPoints({ 2: 1, 1: 1 }, { 24: 1 }), "white", [6, 5]);
    const [off] = destinations(draft, [], 2);
    expect(off?.to).toBe(0);
    expect(off?.choices.map((c) => c.die)).toEqual([6]);
  });

  it("draws the position mid-play and counts the dice left", () => {
    const draft = draftFor(initialPosition("black"), "black", [3, 3]);
    const done = [step(8, 5, 3), step(8, 5, 3)];
    const after = positionAfter(draft, done);
    expect(after.black[7]).toBe(1);
    expect(after.black[4]).toBe(2);
    expect(after.white).toEqual(initialPosition("white").white);
    expect(diceLeft([3, 3], done)).toEqual([3, 3]);
    expect(diceLeft([6, 5], [step(13, 8, 5)])).toEqual([6]);
  });

  it("offers nothing when the server sent no legal play", () => {
    const draft = buildDraft(initialPosition("white"), "white", [6, 6], []);
    expect(nextSteps(draft, [])).toEqual([]);
    expect(isComplete(draft, [])).toBe(false);
  });
});
