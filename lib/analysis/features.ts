/**
 * Hand-made inputs for the network, beside the raw board of encoding.ts: what a raw encoding makes a small network
 * learn slowly, because it depends on the two boards together and on the dice (Tesauro added such features to
 * TD-Gammon; GNU Backgammon's contact net has some twenty-five per side). Per side, seen from that side:
 *
 * - `shots`: the share of the 36 rolls on which the other side can hit at least one of this side's blots, moving one
 *   checker (direct and combination shots, each landing point open; with checkers on the bar only the entering
 *   checker is counted). The chance of being hit next roll is most of what a blot costs.
 * - `escapes`: the share of the 36 rolls on which this side's rearmost checker can move past every point the other
 *   side holds in its own half of the board (its home and outer boards) ahead of the checker: out to the outfield.
 *   1 when there is nothing left to pass there.
 * - `prime`: this side's longest run of held points (two or more checkers), over 6.
 *
 * The blockade features (networks with BLOCKADE_FEATURE_INPUT_COUNT inputs: the positions where the network and gnubg
 * differ most are primes and traps), per side, seen from that side:
 *
 * - `contain`: how well the other side's points hold a checker of this side anywhere in the other side's half or on
 *   the bar: 1 − the least, over starting points 15–25, share of rolls on which a checker there passes every point the
 *   other side holds among the twelve ahead of it. A full prime anywhere in front gives 1, nothing held gives 0.
 * - `dance`: the share of rolls on which a checker of this side sent to the bar would not enter now: (points the
 *   other side holds in its home board / 6)². What a hit costs grows with it.
 * - `contact`: the pips this side's checkers must still move to pass the other side's rearmost checker (the race
 *   begins when none must), over 100: how far it is from breaking contact.
 *
 * They are not linear in the raw inputs, so the network cannot get them from its first layer alone.
 *
 * @example
 *   const f = sideFeatures(pos[pos.turn], pos[opponentOf(pos.turn)]);
 *   f.shots; // 0 with no blot
 */

/** Features per side, written after the raw inputs: side on roll first, then the other side. */
export const FEATURES_PER_SIDE = 3;
/** Blockade features per side, after those (side on roll first again) in the networks that have them. */
export const BLOCKADE_FEATURES_PER_SIDE = 3;

export interface SideFeatures {
  readonly shots: number;
  readonly escapes: number;
  readonly prime: number;
}

/** The 21 distinct rolls: a ≤ b, weight 1 for doubles and 2 otherwise (out of 36). */
const ROLL_A: number[] = [];
const ROLL_B: number[] = [];
const ROLL_WEIGHT: number[] = [];
for (let a = 1; a <= 6; a++) {
  for (let b = a; b <= 6; b++) {
    ROLL_A.push(a);
    ROLL_B.push(b);
    ROLL_WEIGHT.push(a === b ? 1 : 2);
  }
}

// Scratch boards in the mover's coordinates (index = the mover's point number, 25 = bar), reused by every call.
const blocked = new Uint8Array(26);
const target = new Uint8Array(26);
const blotPoints = new Int32Array(25);
// encodeFeatures runs for every play searched: its values go through one array, not one made per call.
const featureValues = new Float64Array(2 * (FEATURES_PER_SIDE + BLOCKADE_FEATURES_PER_SIDE));

/**
 * The escape table, table[mask]: of the 36 rolls, how many take a lone checker past every blocked point among the
 * twelve ahead of it, each stop open. Bit j of `mask` is the point 12 − j pips ahead (so that a board's held points, as bits in point order,
 * give the mask of a start by one shift). Points beyond the twelve count as open. Built on first use: only networks
 * with the blockade features need it, and no committed one has them, so the site's start-up does not pay for it.
 */
function buildEscapeTable(): Uint8Array {
  const table = new Uint8Array(4096);
  for (let mask = 0; mask < 4096; mask++) {
    const isBlocked = (distance: number): boolean => distance <= 12 && (mask & (1 << (12 - distance))) !== 0;
    let farthest = 0; // the farthest blocked point ahead
    for (let d = 1; d <= 12; d++) if (isBlocked(d)) farthest = d;
    let rolls = 0;
    for (let r = 0; r < 21; r++) {
      const a = ROLL_A[r] as number;
      const b = ROLL_B[r] as number;
      let passes = false;
      if (a === b) {
        for (let step = 1; step <= 4 && !isBlocked(step * a); step++) {
          if (step * a > farthest) {
            passes = true;
            break;
          }
        }
      } else {
        passes = [a, b].some((first) => !isBlocked(first) && (first > farthest || (a + b > farthest && !isBlocked(a + b))));
      }
      if (passes) rolls += ROLL_WEIGHT[r] as number;
    }
    table[mask] = rolls;
  }
  return table;
}

let escapeTable: Uint8Array | null = null;

/**
 * True when a checker on the mover's point `from` can travel with the dice (a, b) and stop on a point marked in
 * `target`, every point it stops on on the way open (not `blocked`). One checker only; doubles move up to four times.
 */
function reaches(from: number, a: number, b: number): boolean {
  if (a === b) {
    let at = from;
    for (let step = 0; step < 4; step++) {
      at -= a;
      if (at < 1 || blocked[at]) return false;
      if (target[at]) return true;
    }
    return false;
  }
  const viaA = from - a;
  const viaB = from - b;
  const both = from - a - b;
  if (viaA >= 1 && !blocked[viaA]) {
    if (target[viaA]) return true;
    if (both >= 1 && !blocked[both] && target[both]) return true;
  }
  if (viaB >= 1 && !blocked[viaB]) {
    if (target[viaB]) return true;
    if (both >= 1 && !blocked[both] && target[both]) return true;
  }
  return false;
}

/**
 * The ways to hit at each distance 1–24 with one checker, by roll: SHOT_WAY_LISTS[d] lists [roll index, stop, stop, …]
 * where the roll hits at distance d if every stop (pips from the hitter's point) is open. A die of d hits directly
 * (no stop); a + b = d hits through a or through b (two ways); a double hits at 2a, 3a, 4a through each lesser
 * multiple. Listing them per distance lets `shots` look only at the (hitter, blot) pairs that exist.
 */
const SHOT_WAY_LISTS: number[][][] = Array.from({ length: 25 }, () => []);
for (let r = 0; r < 21; r++) {
  const a = ROLL_A[r] as number;
  const b = ROLL_B[r] as number;
  if (a === b) {
    for (let k = 1; k <= 4; k++) SHOT_WAY_LISTS[k * a]?.push([r, ...Array.from({ length: k - 1 }, (_, i) => (i + 1) * a)]);
  } else {
    (SHOT_WAY_LISTS[a] as number[][]).push([r]);
    (SHOT_WAY_LISTS[b] as number[][]).push([r]);
    (SHOT_WAY_LISTS[a + b] as number[][]).push([r, a], [r, b]);
  }
}
/** The same, flat: distance d's ways are at SHOT_WAYS[SHOT_START[d] … SHOT_START[d + 1]), each as roll, stop count, stops. */
const SHOT_START = new Int32Array(26);
const SHOT_WAYS = Int8Array.from(
  SHOT_WAY_LISTS.flatMap((ways, d) => {
    const flat = ways.flatMap((way) => [way[0] as number, way.length - 1, ...way.slice(1)]);
    SHOT_START[d + 1] = (SHOT_START[d] as number) + flat.length;
    return flat;
  }),
);
/** Rolls as bits (bit r = roll r): the doubles' bits count 1 of 36, the others 2. */
const DOUBLE_BITS = ROLL_A.reduce((bits, a, r) => (a === ROLL_B[r] ? bits | (1 << r) : bits), 0);
const ALL_ROLLS = (1 << 21) - 1;

function bitCount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

/**
 * `hitting` (rolls as bits) with the rolls that hit one of the first `blots` of blotPoints from the hitter's point
 * `from`, the side's held points in `blocked`.
 */
function hitFrom(from: number, blots: number, hitting: number): number {
  let hits = hitting;
  for (let i = 0; i < blots; i++) {
    const distance = from - (blotPoints[i] as number); // at most 24: from ≤ 25, a blot ≥ 1
    if (distance <= 0) break;
    for (let w = SHOT_START[distance] as number, end = SHOT_START[distance + 1] as number; w < end; ) {
      const bit = 1 << (SHOT_WAYS[w] as number);
      const stops = SHOT_WAYS[w + 1] as number;
      let open = (hits & bit) === 0;
      for (let k = 0; k < stops && open; k++) open = blocked[from - (SHOT_WAYS[w + 2 + k] as number)] === 0;
      if (open) hits |= bit;
      w += 2 + stops;
    }
  }
  return hits;
}

/**
 * The share of rolls on which `hitter` (its own board) hits a blot of `side`, moving one checker (the module doc).
 * Boards are 25 entries, index p − 1 for the owner's point p and 24 for its bar; the side's point p is the hitter's
 * 25 − p. A roll hits when, for some hitter point and blot below it, one of its ways at their distance is open.
 */
function shots(side: ArrayLike<number>, hitter: ArrayLike<number>): number {
  // The blots in the hitter's numbering, lowest first: only hitter checkers above the lowest can hit.
  let blots = 0;
  for (let q = 1; q <= 24; q++) {
    const mine = side[24 - q] ?? 0; // the side's point 25 − q, in the hitter's numbering q
    blocked[q] = mine >= 2 ? 1 : 0;
    if (mine === 1) blotPoints[blots++] = q;
  }
  if (blots === 0) return 0;
  const lowestBlot = blotPoints[0] as number;
  let hitting = 0;
  // With checkers on the bar only the entering checker (from 25) can hit.
  if ((hitter[24] ?? 0) > 0) hitting = hitFrom(25, blots, hitting);
  else for (let from = 24; from > lowestBlot && hitting !== ALL_ROLLS; from--) if ((hitter[from - 1] ?? 0) > 0) hitting = hitFrom(from, blots, hitting);
  return (2 * bitCount(hitting & ~DOUBLE_BITS) + bitCount(hitting & DOUBLE_BITS)) / 36;
}

/** The share of rolls on which the side's rearmost checker passes every point `other` holds on its half ahead of it. */
function escapes(side: ArrayLike<number>, other: ArrayLike<number>): number {
  let back = 0;
  for (let i = 24; i >= 0; i--) {
    if ((side[i] ?? 0) > 0) {
      back = i + 1; // 25 = bar
      break;
    }
  }
  if (back <= 13) return 1;
  let lowestHeld = 0;
  for (let p = 1; p <= 24; p++) {
    const theirs = other[24 - p] ?? 0; // the other side's checkers on this side's point p
    blocked[p] = theirs >= 2 ? 1 : 0;
    if (theirs >= 2 && p < back && p >= 13 && lowestHeld === 0) lowestHeld = p;
  }
  if (lowestHeld === 0) return 1;
  for (let p = 1; p <= 24; p++) target[p] = p < lowestHeld && !blocked[p] ? 1 : 0;
  let rolls = 0;
  for (let r = 0; r < 21; r++) if (reaches(back, ROLL_A[r] as number, ROLL_B[r] as number)) rolls += ROLL_WEIGHT[r] as number;
  return rolls / 36;
}

/** The side's longest run of points with two or more checkers, over 6 (at most 1). */
function prime(side: ArrayLike<number>): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < 24; i++) {
    run = (side[i] ?? 0) >= 2 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return Math.min(longest, 6) / 6;
}

/** Bit i set: `other` holds this side's point i + 1 (its own 24 − i). */
function heldBits(other: ArrayLike<number>): number {
  let held = 0;
  for (let i = 0; i < 24; i++) if ((other[23 - i] ?? 0) >= 2) held |= 1 << i;
  return held;
}

/** Of the 36 rolls, those that take a lone checker on `from` (15–25) past the points held among the twelve ahead. */
function escapingRolls(held: number, from: number): number {
  // The twelve ahead are from − 12 … from − 1: bits from − 13 … from − 2, the nearest in the mask's bit 11.
  escapeTable ??= buildEscapeTable();
  return escapeTable[(held >>> (from - 13)) & 0xfff] as number;
}

/** escapingRolls for a lone checker of this side on `from` (15–25: 25 is the bar) against `other`'s points. */
export function escapingRollsFrom(other: ArrayLike<number>, from: number): number {
  return escapingRolls(heldBits(other), from);
}

/** 1 − the least share of rolls that passes the points `other` holds, over the side's starting points 15–25. */
function contain(other: ArrayLike<number>): number {
  const held = heldBits(other);
  if (held >>> 2 === 0) return 0; // nothing held ahead of any start: the twelve ahead of 15 begin at 3
  let least = 36;
  for (let from = 15; from <= 25; from++) least = Math.min(least, escapingRolls(held, from));
  return 1 - least / 36;
}

/** The share of rolls on which a checker of this side on the bar stays there: (other's home points held / 6)². */
function dance(other: ArrayLike<number>): number {
  let closed = 0;
  for (let i = 0; i < 6; i++) if ((other[i] ?? 0) >= 2) closed++;
  return (closed * closed) / 36;
}

/** The pips `side` must move before none of its checkers is behind `other`'s rearmost one, over 100. */
function contact(side: ArrayLike<number>, other: ArrayLike<number>): number {
  // The other side's rearmost checker on its point q (25: bar) is on this side's 25 − q.
  let otherBack = 0;
  for (let i = 24; i >= 0; i--) {
    if ((other[i] ?? 0) > 0) {
      otherBack = i + 1;
      break;
    }
  }
  const passAt = 25 - otherBack; // this side's checkers above this point have it still ahead of them
  let pips = 0;
  for (let p = passAt + 1; p <= 25; p++) pips += (side[p - 1] ?? 0) * (p - passAt);
  return pips / 100;
}

/** The features of `side` against `other` (boards as in lib/engine: index p − 1 for point p, 24 for the bar). */
export function sideFeatures(side: ArrayLike<number>, other: ArrayLike<number>): SideFeatures & BlockadeFeatures {
  return { shots: shots(side, other), escapes: escapes(side, other), prime: prime(side), contain: contain(other), dance: dance(other), contact: contact(side, other) };
}

export interface BlockadeFeatures {
  readonly contain: number;
  readonly dance: number;
  readonly contact: number;
}

/**
 * Appends the non-zero features of both sides to the sparse input (idx, val) from position `n`: from `base` the side
 * on roll's three, the other side's three, then with `blockade` the side on roll's blockade features and the other
 * side's. Returns the new count.
 */
export function encodeFeatures(onRoll: ArrayLike<number>, other: ArrayLike<number>, base: number, idx: Int32Array, val: Float64Array, n: number, blockade = false): number {
  featureValues[0] = shots(onRoll, other);
  featureValues[1] = escapes(onRoll, other);
  featureValues[2] = prime(onRoll);
  featureValues[3] = shots(other, onRoll);
  featureValues[4] = escapes(other, onRoll);
  featureValues[5] = prime(other);
  if (blockade) {
    featureValues[6] = contain(other);
    featureValues[7] = dance(other);
    featureValues[8] = contact(onRoll, other);
    featureValues[9] = contain(onRoll);
    featureValues[10] = dance(onRoll);
    featureValues[11] = contact(other, onRoll);
  }
  const features = blockade ? 2 * (FEATURES_PER_SIDE + BLOCKADE_FEATURES_PER_SIDE) : 2 * FEATURES_PER_SIDE;
  let count = n;
  for (let f = 0; f < features; f++) {
    const v = featureValues[f] as number;
    if (v === 0) continue;
    idx[count] = base + f;
    val[count++] = v;
  }
  return count;
}
