/**
 * Starting positions for contact training (scripts/train.ts --prime-starts): one side holds a prime and checkers of the
 * other side are trapped behind it, some on the bar. The contact network values such positions worst — on the choosing
 * set (docs/benchmarks.md) a tenth of the positions carry four tenths of its 2-ply equity error, nearly all of them
 * primes and traps — and self-play from the opening reaches them too seldom to learn them, as ordinary races seldom
 * reached the end of a gammon race (random-race.ts randomGammonRace, which did help the race network).
 *
 * The priming side holds 4–6 consecutive points (two checkers each), the lowest of them its 2- to 8-point, and spreads
 * its other checkers over its points 1–13. The trapped side has 1–3 checkers on the points behind the prime (a fifth
 * of the time one of them on the bar) and the rest on its own points 1–18 that are free, more of them nearer home.
 * Every checker is on the board (none off); the side on roll is drawn too.
 *
 * @example
 *   const pos = randomPrimePosition(seededRandom(1)); // contact, a prime of 4–6 points, 1–3 checkers behind it
 */
import { type Color, type Position, makePosition } from "@/lib/engine";

const BAR = 24;

export function randomPrimePosition(random: () => number): Position {
  const length = 4 + Math.floor(random() * 3);
  const front = 2 + Math.floor(random() * 7);
  const primer = new Array<number>(25).fill(0);
  const trapped = new Array<number>(25).fill(0);
  for (let p = front; p < front + length; p++) primer[p - 1] = 2;
  // The trapped checkers first, on the primer's points 1..front−1 (the trapped side's 24..26−front), so that the
  // primer's spare checkers go around them.
  const behind = 1 + Math.floor(random() * 3);
  for (let k = 0; k < behind; k++) {
    if (k === 0 && random() < 0.2) trapped[BAR] = (trapped[BAR] ?? 0) + 1;
    else trapped[24 - (1 + Math.floor(random() * (front - 1)))]! += 1;
  }
  const trappedAt = (primerPoint: number) => (trapped[24 - primerPoint] ?? 0) > 0;
  for (let left = 15 - 2 * length; left > 0; ) {
    const p = 1 + Math.floor(random() * 13);
    if (trappedAt(p)) continue;
    primer[p - 1]! += 1;
    left--;
  }
  // The trapped side's other checkers on its points 1..18 not held by the primer, weighted toward its home board.
  for (let left = 15 - behind; left > 0; ) {
    const r = 1 + Math.floor(18 * Math.pow(random(), 1.6));
    if ((primer[24 - r] ?? 0) > 0) continue;
    trapped[r - 1]! += 1;
    left--;
  }
  const turn: Color = random() < 0.5 ? "white" : "black";
  const made = random() < 0.5 ? makePosition(primer, trapped, turn) : makePosition(trapped, primer, turn);
  if (!made.ok) throw new Error(`a random prime position broke the rules: ${made.code}`);
  return made.value;
}
