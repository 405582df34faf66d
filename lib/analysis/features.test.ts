import { describe, expect, it } from "vitest";
import { legalPlays } from "../engine/moves";
import { gameResult, initialPosition, makePosition } from "../engine/position";
import type { Position } from "../engine/types";
import { BLOCKADE_FEATURE_INPUT_COUNT, FEATURE_INPUT_COUNT, INPUT_COUNT } from "./encoding";
import { networkEvaluator } from "./evaluator";
import { escapingRollsFrom, sideFeatures } from "./features";
import { Network } from "./network";
import { batchAgainstOneByOne, seededSequence } from "./evaluator-test-support";
import { ROLLS } from "./search";

/** A board (index p − 1 for point p, 24 for the bar) from { point: checkers }. */
function board(points: Record<number, number>): number[] {
  const b = new Array<number>(25).fill(0);
  for (const [p, n] of Object.entries(points)) b[Number(p) - 1] = n;
  return b;
}

describe("sideFeatures", () => {
  it("counts the shots at a blot: 12 of 36 rolls hit a blot two pips away (the 11 rolls with a 2, and 1-1)", () => {
    const side = board({ 8: 1, 6: 14 });
    const other = board({ 19: 15 }); // the other side's 19 is this side's 6... and its 17 this side's 8
    expect(sideFeatures(side, other).shots).toBeCloseTo(12 / 36, 12);
    expect(sideFeatures(other, side).shots).toBe(0); // no blot of its own
  });

  it("lets a held point block a combination shot: 6 pips away through a blocked 3", () => {
    // The blot is on 10 (the other side's 15); the hitter is on its 21, six pips away. The blocker holds this side's
    // 7 (the hitter's 18), so 3-3 is blocked; 1-5, 2-4, 2-2 and 6s still hit.
    const side = board({ 10: 1, 7: 2, 1: 12 });
    const other = board({ 21: 15 });
    const f = sideFeatures(side, other);
    // 6s: 11 rolls; 1-5: 2; 2-4: 2; 2-2 (19, 17, 15): 1; 3-3 blocked at 18; 1-1 cannot reach. 16/36.
    expect(f.shots).toBeCloseTo(16 / 36, 12);
  });

  it("counts only the entering checker's shots while the hitter is on the bar", () => {
    // A blot on 5 (the hitter's 20, where a 5 enters) and the hitter's 19 held; its checker on 13 would hit with a
    // 12 but must enter first. 5s, 1-4 and 2-3 hit (entering on 24, 21, 23 or 22 and going on to 20): 15 rolls.
    const side = board({ 5: 1, 6: 14 });
    const other = board({ 25: 1, 13: 1, 24: 13 });
    expect(sideFeatures(side, other).shots).toBeCloseTo(15 / 36, 12);
    expect(sideFeatures(board({ 20: 1, 6: 14 }), other).shots).toBeCloseTo(1 / 36, 12); // only 5-5 reaches its 5 from the bar
  });

  it("counts the shots as a roll-by-roll walk of one checker does, on 400 positions from random play", () => {
    // The oracle walks each roll's paths: a checker of the hitter (only the one on the bar, if any) moves by one die,
    // then the other (or a double's die up to four times), stopping only on points the side does not hold, and hits
    // when it stops on a blot.
    const walkShots = (side: readonly number[], hitter: readonly number[]): number => {
      const sideAt = (q: number) => side[24 - q] ?? 0; // the side's checkers on the hitter's point q
      const froms = (hitter[24] ?? 0) > 0 ? [25] : Array.from({ length: 24 }, (_, i) => i + 1).filter((q) => (hitter[q - 1] ?? 0) > 0);
      let hits = 0;
      for (const { dice, weight } of ROLLS) {
        const [a, b] = dice;
        const orders = a === b ? [[a, a, a, a]] : [[a, b], [b, a]];
        const hit = froms.some((from) =>
          orders.some((steps) => {
            let at = from;
            for (const step of steps) {
              at -= step;
              if (at < 1 || sideAt(at) >= 2) return false;
              if (sideAt(at) === 1) return true;
            }
            return false;
          }),
        );
        if (hit) hits += weight;
      }
      return hits / 36;
    };
    const random = seededSequence(7);
    let pos: Position = initialPosition("white");
    let withShots = 0;
    for (let step = 0; step < 400; step++) {
      for (const [side, hitter] of [[pos.white, pos.black], [pos.black, pos.white]] as const) {
        const expected = walkShots(side, hitter);
        if (expected > 0) withShots++;
        expect(sideFeatures(side, hitter).shots, `${side.join(",")} against ${hitter.join(",")}`).toBeCloseTo(expected, 12);
      }
      const dice = ROLLS[Math.floor(random() * ROLLS.length)]?.dice ?? [1, 2];
      const plays = legalPlays(pos, dice);
      const next = plays[Math.floor(random() * plays.length)]?.result ?? { ...pos, turn: pos.turn === "white" ? "black" : "white" };
      pos = gameResult(next) === null ? next : initialPosition("white");
    }
    expect(withShots).toBeGreaterThan(200); // the walk met plenty of blots
  });

  it("measures escapes of the back checkers past the points held in the other side's half", () => {
    const start = initialPosition("white");
    // From 24 past the 8-point (this side's 17) to 16 or lower: 2-6, 3-5, 3-6, 4-5, 4-6, 5-6, 3-3, 4-4, 6-6.
    expect(sideFeatures(start.white, start.black).escapes).toBeCloseTo(15 / 36, 12);
    expect(sideFeatures(board({ 12: 1, 6: 14 }), start.black).escapes).toBe(1);
  });

  it("measures the longest prime", () => {
    expect(sideFeatures(board({ 4: 2, 5: 2, 6: 2, 7: 2, 9: 2, 13: 5 }), board({ 24: 15 })).prime).toBeCloseTo(4 / 6, 12);
    expect(sideFeatures(board({ 6: 15 }), board({ 24: 15 })).prime).toBeCloseTo(1 / 6, 12);
  });

  it("measures containment by the least escaping start: one point held, or a full prime", () => {
    const side = board({ 6: 15 });
    expect(sideFeatures(side, board({ 24: 2, 23: 13 })).contain).toBe(0); // only this side's 1 and 2, behind every start
    // Its 1 (this side's 24), right ahead of the bar: only 1-1 stops there.
    expect(sideFeatures(side, board({ 1: 15 })).contain).toBeCloseTo(1 / 36, 12);
    // The other side holds its 6 (this side's 19). The worst start is the bar, six pips behind it: non-doubles of 7
    // or more (9 pairs, 18 rolls), 4-4 and 5-5 pass; 2-2, 3-3 and 6-6 stop on it. 20 of 36 escape.
    expect(sideFeatures(side, board({ 6: 2, 24: 13 })).contain).toBeCloseTo(1 - 20 / 36, 12);
    // A six-point prime on this side's 13–18 holds a checker anywhere behind it.
    expect(sideFeatures(side, board({ 7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 24: 3 })).contain).toBe(1);
  });

  it("counts the escaping rolls as the rules move a lone checker, for 300 random blockades", () => {
    // The oracle: every legal play of the roll for a side with one checker left (the other fourteen off) on `from`,
    // against the other side's points held ahead of it; the checker escapes when some play leaves it past the farthest.
    const random = seededSequence(21);
    for (let trial = 0; trial < 300; trial++) {
      const from = 15 + Math.floor(random() * 11);
      const other = new Array<number>(25).fill(0);
      other[23] = 1; // a blot on this side's 1, out of the way, so that the other side is never empty
      let farthest = 0; // the farthest held point ahead, in pips
      let held = 0;
      for (let d = 1; d <= 12; d++) {
        if (random() < 0.35 && held++ < 7) {
          other[24 - (from - d)] = 2; // this side's point from − d is the other's 25 − (from − d)
          farthest = d;
        }
      }
      const side = new Array<number>(25).fill(0);
      side[from - 1] = 1;
      const pos = makePosition(side, other, "white");
      if (!pos.ok) throw new Error("bad test position");
      let escaping = 0;
      for (const { dice, weight } of ROLLS) {
        const passes = legalPlays(pos.value, dice).some((play) => play.result.white.findIndex((n) => n > 0) + 1 < from - farthest);
        if (passes) escaping += weight;
      }
      expect(escapingRollsFrom(other, from), `from ${from}, other ${other.join(",")}`).toBe(escaping);
    }
  });

  it("measures the share of rolls that dance on the other side's board", () => {
    expect(sideFeatures(board({ 6: 15 }), board({ 1: 2, 3: 2, 5: 3, 24: 8 })).dance).toBeCloseTo(9 / 36, 12);
    expect(sideFeatures(board({ 6: 15 }), board({ 1: 1, 24: 14 })).dance).toBe(0);
  });

  it("counts the pips each side must move to break contact", () => {
    const start = initialPosition("white");
    // Black's rearmost checker is on white's 1: white's 2×23 + 5×12 + 3×7 + 5×5 pips lie behind it.
    expect(sideFeatures(start.white, start.black).contact).toBeCloseTo(152 / 100, 12);
    expect(sideFeatures(board({ 6: 15 }), board({ 6: 15 })).contact).toBe(0); // a race
    // A checker on the bar is 25 − 18 pips behind a rearmost checker on the other side's 7 (this side's 18).
    expect(sideFeatures(board({ 25: 1, 6: 14 }), board({ 7: 1, 6: 14 })).contact).toBeCloseTo(7 / 100, 12);
  });
});

describe.each([
  ["features", FEATURE_INPUT_COUNT],
  ["blockade features", BLOCKADE_FEATURE_INPUT_COUNT],
])("a network with %s", (_name, inputs) => {
  const plain = Network.random(INPUT_COUNT, 10, seededSequence(3));
  const grown = plain.grown(inputs, 14, seededSequence(4));

  it("grows without changing what it says", () => {
    const a = networkEvaluator(plain);
    const b = networkEvaluator(grown);
    const pos = initialPosition("white");
    for (const play of legalPlays(pos, [6, 4])) {
      const pa = a(play.result);
      const pb = b(play.result);
      expect(pb.win).toBeCloseTo(pa.win, 12);
      expect(pb.loseGammon).toBeCloseTo(pa.loseGammon, 12);
    }
    expect(() => grown.grown(INPUT_COUNT, 14, seededSequence(5))).toThrow(/grow/);
  });

  it("values all the plays of a roll at once exactly as one by one, features included", () => {
    const evaluate = networkEvaluator(Network.random(inputs, 12, seededSequence(9)));
    // The positions of one random game, 60 plies at most.
    const positions: Position[] = [];
    let pos: Position = initialPosition("white");
    const dieRandom = seededSequence(11);
    for (let ply = 0; ply < 60 && !gameResult(pos); ply++) {
      positions.push(pos);
      const plays = legalPlays(pos, [(1 + Math.floor(dieRandom() * 6)) as 1, (1 + Math.floor(dieRandom() * 6)) as 1]);
      pos = plays.length > 0 ? (plays[Math.floor(dieRandom() * plays.length)]?.result ?? pos) : { ...pos, turn: pos.turn === "white" ? "black" : "white" };
    }
    const { results, worst } = batchAgainstOneByOne(evaluate, positions);
    expect(results.length).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1e-12);
  });
});
