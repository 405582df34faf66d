import { describe, expect, it } from "vitest";
import { isRace } from "@/lib/analysis/contact";
import type { Position } from "@/lib/engine";
import { randomPrimePosition } from "./random-prime";
import { seededRandom } from "./seeded-random";

/** The lowest point (in `side`'s own numbering) of its longest run of held points, and the run's length. */
function longestPrime(side: readonly number[]): { front: number; length: number } {
  let best = { front: 0, length: 0 };
  for (let p = 1, run = 0; p <= 24; p++) {
    run = (side[p - 1] ?? 0) >= 2 ? run + 1 : 0;
    if (run > best.length) best = { front: p - run + 1, length: run };
  }
  return best;
}

describe("randomPrimePosition", () => {
  it("makes contact positions with a prime of 4–6 points and 1–3 of the other side's checkers behind it", () => {
    const random = seededRandom(17);
    const lengths = new Set<number>();
    let onBar = 0;
    for (let i = 0; i < 2000; i++) {
      const pos: Position = randomPrimePosition(random);
      expect(isRace(pos)).toBe(false);
      for (const side of [pos.white, pos.black]) expect(side.reduce((s, n) => s + n, 0)).toBe(15);
      // One side primes, and the other has checkers behind it: on the primer's points below the prime, or on the bar
      // (the trapped side's spread may make a run of its own, so each side is tried as the primer).
      const traps = [
        [pos.white, pos.black],
        [pos.black, pos.white],
      ].flatMap(([primer, trapped]) => {
        const { front, length } = longestPrime(primer as number[]);
        let behind = (trapped as number[])[24] ?? 0;
        for (let q = 1; q < front; q++) behind += (trapped as number[])[24 - q] ?? 0;
        return length >= 4 && behind >= 1 ? [{ length, onBar: ((trapped as number[])[24] ?? 0) > 0 }] : [];
      });
      expect(traps.length).toBeGreaterThanOrEqual(1);
      lengths.add(Math.min(traps[0]?.length ?? 0, 6));
      if (traps.some((trap) => trap.onBar)) onBar++;
    }
    expect([...lengths].sort()).toEqual([4, 5, 6]);
    expect(onBar).toBeGreaterThan(100);
    expect(randomPrimePosition(seededRandom(5))).toEqual(randomPrimePosition(seededRandom(5)));
  });
});
