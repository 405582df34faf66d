/**
 * Starting positions for training the race network (scripts/train.ts --race): random races, the sides past each
 * other, from close ones to lopsided ones where the side behind still has all fifteen checkers far from home and plays
 * to save the gammon. Each side's rearmost checker is drawn first (their point numbers add up to 24 at most, so no
 * hit is possible), then its other fourteen checkers spread over the points up to it, more of them nearer home, as
 * in a race that comes out of a game. No checker is off yet; the side on roll is drawn too.
 *
 * Such races never have a checker off beside a checker outside home: that takes a hit while bearing off, so it only
 * comes out of contact (a side bore off against an anchor, was hit, and its last checkers are still coming round when
 * the contact ends). randomStragglerRace makes those: one side with 1–11 checkers off, one or two stragglers outside
 * its home board and the rest home, against an ordinary race side.
 *
 * Nor do they often reach the end of a gammon race: the side ahead bearing off while the side behind, none off yet,
 * still brings its last checkers home. The side behind must start far behind and stay behind to get there, and the race
 * network valued such races worst (a gammon chance of 0.54 where gnubg says 0.91, with one roll left to come home and
 * bear a checker off). randomGammonRace starts there: one side all home with 0–13 checkers off, the other with none
 * off and 1–6 checkers outside home, up to its 18-point.
 *
 * @example
 *   const pos = randomRace(seededRandom(1)); // isRace(pos) === true
 *   randomStragglerRace(seededRandom(1)); // a race where one side has checkers off and one still outside home
 *   randomGammonRace(seededRandom(1)); // one side home and bearing off, the other still coming home, none off
 */
import { type Color, type Position, makePosition } from "@/lib/engine";

/**
 * Adds `count` checkers to `side` on points 1..top, weighted toward the low points: point p by (top − p + 1)^skew, a
 * skew drawn per side, so some races are compact and some spread out.
 */
function spreadHomeward(side: number[], top: number, count: number, random: () => number): void {
  const skew = 0.3 + 1.7 * random();
  const weights = Array.from({ length: top }, (_, i) => Math.pow(top - i, skew));
  const total = weights.reduce((s, w) => s + w, 0);
  for (let k = 0; k < count; k++) {
    let r = random() * total;
    let p = 0;
    while (p < top - 1 && r >= (weights[p] as number)) r -= weights[p++] as number;
    side[p] = (side[p] ?? 0) + 1;
  }
}

/** 15 checkers on points 1..back (index p − 1), one of them on `back`, the rest weighted toward the low points. */
function raceSide(back: number, random: () => number): number[] {
  const side = new Array<number>(25).fill(0);
  side[back - 1] = 1;
  spreadHomeward(side, back, 14, random);
  return side;
}

export function randomRace(random: () => number): Position {
  // Rearmost points: one side's from 7 to 22, the other's from 7 (or less when there is no room) to 24 minus it.
  const first = 7 + Math.floor(random() * 16);
  const room = 24 - first;
  const second = room >= 7 ? 7 + Math.floor(random() * (room - 6)) : 1 + Math.floor(random() * room);
  const whiteFirst = random() < 0.5;
  const white = raceSide(whiteFirst ? first : second, random);
  const black = raceSide(whiteFirst ? second : first, random);
  const turn: Color = random() < 0.5 ? "white" : "black";
  const made = makePosition(white, black, turn);
  if (!made.ok) throw new Error(`a random race broke the rules: ${made.code}`);
  return made.value;
}

/** A side with `off` checkers borne off, `stragglers` of the rest on points 7..back (one on `back`), the others home. */
function stragglerSide(back: number, off: number, stragglers: number, random: () => number): number[] {
  const side = new Array<number>(25).fill(0);
  side[back - 1] = 1;
  for (let k = 1; k < stragglers; k++) side[6 + Math.floor(random() * (back - 6))]! += 1;
  spreadHomeward(side, 6, 15 - off - stragglers, random);
  return side;
}

export function randomStragglerRace(random: () => number): Position {
  const back = 7 + Math.floor(random() * 12); // 7..18
  const off = 1 + Math.floor(random() * 11);
  const stragglers = 15 - off >= 2 && random() < 0.3 ? 2 : 1;
  const otherBack = 1 + Math.floor(random() * (24 - back));
  const whiteStraggles = random() < 0.5;
  const straggling = stragglerSide(back, off, stragglers, random);
  const other = raceSide(otherBack, random);
  const turn: Color = random() < 0.5 ? "white" : "black";
  const made = whiteStraggles ? makePosition(straggling, other, turn) : makePosition(other, straggling, turn);
  if (!made.ok) throw new Error(`a random straggler race broke the rules: ${made.code}`);
  return made.value;
}

export function randomGammonRace(random: () => number): Position {
  const ahead = new Array<number>(25).fill(0);
  spreadHomeward(ahead, 6, 15 - Math.floor(random() * 14), random);
  // The rearmost up to the 18-point: the side ahead is all home (its points 1–6 are this side's 19–24), so no contact.
  const behind = stragglerSide(7 + Math.floor(random() * 12), 0, 1 + Math.floor(random() * 6), random);
  const turn: Color = random() < 0.5 ? "white" : "black";
  const made = random() < 0.5 ? makePosition(ahead, behind, turn) : makePosition(behind, ahead, turn);
  if (!made.ok) throw new Error(`a random gammon race broke the rules: ${made.code}`);
  return made.value;
}
