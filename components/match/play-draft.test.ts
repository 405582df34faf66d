import { describe, expect, it } from "vitest";
import { nodeAfter, playTree } from "@/lib/engine/play-tree";
import { initialPosition } from "@/lib/engine/position";
import { positionFromPoints } from "@/lib/engine/test-support";
import type { CheckerMove } from "@/lib/engine/types";
import { destinations, diceShown, movableFrom } from "./play-draft";

const step = (from: number, to: number, die: number, hit = false): CheckerMove => ({ from, to, die: die as CheckerMove["die"], hit });
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

describe("the board's questions to the play tree", () => {
  // Expected sources and targets worked out by hand from the starting position (each side: 24:2, 13:5, 8:3, 6:5);
  // black holds white's 19, 17, 12 and 1 points (its 6, 8, 13 and 24), and gnubg's list for 6-5 is 24/13,
  // 24/18 13/8, 24/18 8/3, 13/8 13/7, 13/7 8/3, 13/2, 8/3 8/2 (lib/engine/fixtures, checked with `npm run bg`).
  it("offers, for 6-5 at the start, exactly the first steps of some legal play", () => {
    const tree = playTree(initialPosition("white"), [6, 5]);
    expect(sorted(movableFrom(tree))).toEqual([8, 13, 24]);
    // 24/19 is blocked (black's six point); 6/1 with the 5 and 6/0 are not in any legal play.
    expect(destinations(tree, 24).map((d) => d.to)).toEqual([18]);
    expect(sorted(destinations(tree, 13).map((d) => d.to))).toEqual([7, 8]);
    expect(sorted(destinations(tree, 8).map((d) => d.to))).toEqual([2, 3]);
  });

  it("lets a play's moves come in either order", () => {
    const tree = playTree(initialPosition("white"), [6, 5]);
    // gnubg lists "24/18 13/8" with 24/18 first; 13/8 first must work too.
    const after = nodeAfter(tree, [step(13, 8, 5)]);
    expect((after?.steps ?? []).map((s) => `${s.move.from}/${s.move.to}`).sort()).toEqual(["13/7", "24/18", "8/2"]);
    expect(nodeAfter(tree, [step(13, 8, 5), step(24, 18, 6)])?.play).not.toBeNull();
    expect(after?.play).toBeNull();
  });

  it("lets one checker travel by either die first when both intermediate points are open", () => {
    // White alone on its 24 point, black with nothing in the way: 24/13 may go via 18 or via 19.
    const tree = playTree(positionFromPoints({ 24: 1, 1: 14 }, { 2: 1 }), [6, 5]);
    expect(sorted(destinations(tree, 24).map((d) => d.to))).toEqual([18, 19]);
    expect(nodeAfter(tree, [step(24, 19, 5), step(19, 13, 6)])?.play).not.toBeNull();
    expect(nodeAfter(tree, [step(24, 18, 6), step(18, 13, 5)])?.play).not.toBeNull();
  });

  it("makes a checker on the bar enter first", () => {
    // White on the bar; black's checkers on white's 20 and 19 points are blots, so 6 and 5 both enter.
    const tree = playTree(positionFromPoints({ 25: 1, 13: 14 }, { 20: 1, 19: 1 }), [6, 5]);
    expect([...movableFrom(tree)]).toEqual([25]);
    const entries = destinations(tree, 25).flatMap((d) => d.choices.map((c) => `${c.from}/${c.to}${c.hit ? "*" : ""}`)).sort();
    expect(entries).toEqual(["25/19*", "25/20*"]);
  });

  it("bears off only in an order the rules allow", () => {
    // White: one checker on 8, one on 2, dice 6-2. Every legal play must move the checker on 8 first: nothing bears
    // off while it is outside the home board.
    const tree = playTree(positionFromPoints({ 8: 1, 2: 1 }, { 24: 1 }), [6, 2]);
    expect([...movableFrom(tree)]).toEqual([8]);
  });

  it("chooses the die by itself when both dice bear off to the same outcome", () => {
    // White: one checker on 2 and one on 1, dice 6-5: either die bears off from 2, and the other then bears off 1.
    const [off] = destinations(playTree(positionFromPoints({ 2: 1, 1: 1 }, { 24: 1 }), [6, 5]), 2);
    expect(off?.to).toBe(0);
    expect(off?.choices.map((c) => c.die)).toEqual([6]);
  });

  it("draws the position mid-play and counts the dice left", () => {
    const tree = playTree(initialPosition("black"), [3, 3]);
    const after = nodeAfter(tree, [step(8, 5, 3), step(8, 5, 3)]);
    expect(after?.position.black[7]).toBe(1);
    expect(after?.position.black[4]).toBe(2);
    expect(after?.position.white).toEqual(initialPosition("white").white);
    expect(diceShown([3, 3], after?.diceLeft ?? [])).toEqual({ values: [3, 3, 3, 3], used: [false, false, true, true] });
    const six = nodeAfter(playTree(initialPosition("white"), [6, 5]), [step(13, 8, 5)]);
    expect(diceShown([6, 5], six?.diceLeft ?? [])).toEqual({ values: [6, 5], used: [false, true] });
  });

  it("offers nothing when the roll cannot be played", () => {
    // White on the bar against black's closed board (white's 19-24 points held): 6-6 cannot enter.
    const closed = positionFromPoints({ 25: 1, 13: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 });
    const tree = playTree(closed, [6, 6]);
    expect(movableFrom(tree).size).toBe(0);
    expect(destinations(tree, 25)).toEqual([]);
    expect(tree.play).toBeNull();
  });

  it("offers nothing for steps the tree does not know", () => {
    const tree = playTree(initialPosition("white"), [6, 5]);
    const stale = nodeAfter(tree, [step(6, 1, 5)]);
    expect(stale).toBeNull();
    expect(movableFrom(stale).size).toBe(0);
    expect(destinations(stale, 13)).toEqual([]);
  });
});
