/**
 * The bear-off database against GNU Backgammon 1.07 (lib/analysis/fixtures/gnubg-bearoff-one-sided.jsonl, 313 boards,
 * written by scripts/gnubg/bearoff-fixtures.py from gnubg's own gnubg_os0.bd and from its makebearoff -n; see the
 * fixtures README).
 *
 * What can be compared, and how closely:
 * - gnubg_os0.bd stores P(n rolls) as 16-bit integers (× 65535), each position's rounded from its children's rounded
 *   ones, so its entries drift from the exact values by a few quanta. Our exact values are compared at 12 quanta.
 * - To check the chain itself exactly, the test runs our chain (our plays, our policy) with gnubg's integer arithmetic
 *   (makebearoff.c: sums of 16-bit children, (x + 18) / 36, the rounding remainder put on the mode, plays ranked by
 *   Σ n·P16(n), the first in gnubg's move order on a tie — lib/engine's legalPlays gives that order) and requires
 *   gnubg's 16-bit entries bit for bit. They agree for all 313 boards, both distributions: the same chain and policy,
 *   so our float64 values differ from gnubg's only by gnubg's rounding.
 * - makebearoff -n computes the expected rolls recursively in float32 (about 7 significant digits): compared at a
 *   relative 5e-7, i.e. better than 1e-6 absolute for every mean below 2 rolls and float32's own precision above (the
 *   largest difference seen is 2.0e-6 on a mean near 7; 2.9e-7 relative).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { legalPlays } from "../engine/moves";
import type { Dice } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { BEAROFF_POSITIONS, bearoffBoard, bearoffIndex } from "./bearoff-index";
import { MAX_ROLL_RESULTS, ROLLS, createBearoffMoves } from "./bearoff-moves";
import { homePosition } from "./bearoff-test-support";

interface Fixture {
  gnubgIndex: number;
  home: number[];
  distribution16: number[];
  firstOff16: number[];
  ndMean: number;
  ndStdDev: number;
  ndFirstOffMean: number;
}

const fixtures = readFileSync(new URL("./fixtures/gnubg-bearoff-one-sided.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Fixture);
const db = BearoffDatabase.build();
const QUANTUM = 1 / 65535;

/** Ours as gnubg indexes it: entry n = P(exactly n rolls), n = 0 … 31. */
function byRolls(dist: readonly number[], empty: boolean): number[] {
  const out = new Array<number>(32).fill(0);
  if (empty) out[0] = 1;
  dist.forEach((p, n) => (out[n + 1] = p));
  return out;
}

/** Our chain run with makebearoff.c's 16-bit arithmetic: 64 words per board (all off, then first checker off). */
function quantisedChain(): Uint16Array {
  const moves = createBearoffMoves();
  const q = new Uint16Array(BEAROFF_POSITIONS * 64);
  const rank = new Float64Array(BEAROFF_POSITIONS * 2); // Σ n·P16(n) of each distribution, gnubg's RollsOS
  const order = Array.from({ length: BEAROFF_POSITIONS }, (_, i) => i).sort((a, b) => (moves.pips[a] ?? 0) - (moves.pips[b] ?? 0));
  const results = new Int32Array(MAX_ROLL_RESULTS);
  const sums = new Float64Array(64);
  for (const b of order) {
    if (b === 0) {
      q[0] = q[32] = 0xffff;
      continue;
    }
    let checkers = 0;
    for (let i = 0; i < 6; i++) checkers += moves.boards[b * 6 + i] ?? 0;
    sums.fill(0);
    if (checkers < 15) sums[32] = 0xffff * 36;
    for (const [d1, d2, weight] of ROLLS) {
      const n = moves.rollResults(b, d1, d2, results);
      const pick = (t: 0 | 1) => {
        let best = 0;
        let bestRank = Infinity;
        let tied = 0;
        for (let k = 0; k < n; k++) {
          const c = results[k] ?? 0;
          const r = rank[c * 2 + t] ?? 0;
          if (r < bestRank) [best, bestRank, tied] = [c, r, 1];
          else if (r === bestRank) tied++;
        }
        // A rank of 0 is a checker already off: every such result has the same distribution, so order cannot matter.
        if (tied === 1 || bestRank === 0) return best;
        const inGnubgOrder = legalPlays(homePosition(bearoffBoard(b)), [d1, d2] as unknown as Dice).map((p) => bearoffIndex(p.result.white.slice(0, 6)));
        return inGnubgOrder.find((c) => rank[c * 2 + t] === bestRank) ?? 0;
      };
      const best = pick(0);
      const firstBest = checkers === 15 ? pick(1) : 0;
      for (let i = 0; i < 31; i++) {
        sums[i + 1] = (sums[i + 1] ?? 0) + weight * (q[best * 64 + i] ?? 0);
        if (checkers === 15) sums[33 + i] = (sums[33 + i] ?? 0) + weight * (q[firstBest * 64 + 32 + i] ?? 0);
      }
    }
    for (const base of [0, 32]) {
      let total = 0;
      let mode = 0;
      for (let i = 0; i < 32; i++) {
        const v = Math.floor(((sums[base + i] ?? 0) + 18) / 36);
        q[b * 64 + base + i] = v;
        total += v;
        if (v > (q[b * 64 + base + mode] ?? 0)) mode = i;
      }
      q[b * 64 + base + mode] = (q[b * 64 + base + mode] ?? 0) - (total - 0xffff);
      let r = 0;
      for (let i = 1; i < 32; i++) r += i * (q[b * 64 + base + i] ?? 0);
      rank[b * 2 + base / 32] = r;
    }
  }
  return q;
}

describe("bear-off database against GNU Backgammon 1.07", () => {
  it("has a few hundred fixtures spread over the whole database, 15-checker boards among them", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(300);
    expect(fixtures.filter((f) => f.home.reduce((a, b) => a + b, 0) === 15).length).toBeGreaterThan(50);
  });

  it("run with gnubg's 16-bit arithmetic, our chain gives gnubg_os0.bd's entries bit for bit", () => {
    const q = quantisedChain();
    const wrong = fixtures.filter((f) => {
      const b = bearoffIndex(f.home);
      return [...q.subarray(b * 64, b * 64 + 32)].join() !== f.distribution16.join() || [...q.subarray(b * 64 + 32, b * 64 + 64)].join() !== f.firstOff16.join();
    });
    expect(wrong.map((f) => f.home)).toEqual([]);
  });

  it("gives gnubg's stored distributions to within 12 of its 1/65535 quanta (its own rounding drift)", () => {
    for (const f of fixtures) {
      const ours = byRolls(db.distribution(f.home), f.gnubgIndex === 0);
      const first = byRolls(db.firstOffDistribution(f.home), f.home.reduce((a, b) => a + b, 0) < 15);
      for (let n = 0; n < 32; n++) {
        expect(Math.abs((ours[n] ?? 0) - (f.distribution16[n] ?? 0) * QUANTUM)).toBeLessThanOrEqual(12 * QUANTUM);
        expect(Math.abs((first[n] ?? 0) - (f.firstOff16[n] ?? 0) * QUANTUM)).toBeLessThanOrEqual(2 * QUANTUM);
      }
    }
  });

  it("gives makebearoff's float32 expected rolls and standard deviations to 5e-7 relative (1e-6 absolute below 2 rolls)", () => {
    for (const f of fixtures) {
      const scale = Math.max(1, f.ndMean);
      expect(Math.abs(db.expectedRolls(f.home) - f.ndMean)).toBeLessThanOrEqual(5e-7 * scale);
      expect(Math.abs(db.expectedRollsToFirstOff(f.home) - f.ndFirstOffMean)).toBeLessThanOrEqual(5e-7 * Math.max(1, f.ndFirstOffMean));
      const dist = db.distribution(f.home);
      const mean = db.expectedRolls(f.home);
      const sd = Math.sqrt(dist.reduce((s, p, n) => s + p * (n + 1 - mean) ** 2, 0));
      // gnubg takes the standard deviation as sqrt(E[X²] − E[X]²) in float32, which cancels digits: 1.2e-5 at worst.
      expect(Math.abs(sd - f.ndStdDev)).toBeLessThanOrEqual(5e-5);
    }
  });
});
