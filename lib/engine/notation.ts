/**
 * Move notation as GNU Backgammon writes it, and a forgiving parser for what people type.
 *
 * makeNotation is a port of FormatMove (gnubg 1.07, drawboard.c): moves sorted by source point, then destination,
 * both descending; consecutive moves of one checker joined ("24/13"), keeping an intermediate point only where it
 * hit ("13/7*\/1"); identical moves counted ("8/5(2)"); "*" after a point where a blot stood before the play, once
 * per point.
 *
 * @example
 *   makeNotation([{ from: 8, to: 5, die: 3, hit: false }, { from: 6, to: 5, die: 1, hit: false }]); // "8/5 6/5"
 *   parseNotation("b/22*, 6/off");  // ok([{ from: 25, to: 22 }, { from: 6, to: 0 }])
 *   parseNotation("8/5(2)");        // ok([{ from: 8, to: 5 }, { from: 8, to: 5 }])
 */

import { BAR_POINT, type CheckerMove, OFF_POINT, type Result, err, ok } from "./types";

/** A checker's journey as a person names it: from a point (25 = bar) to a point (0 = off), maybe over several dice. */
export interface MoveSpec {
  readonly from: number;
  readonly to: number;
}

/** Point names indexed by point number: 0 is "off", 25 the bar. */
const POINT_TEXT: readonly string[] = ["off", ...Array.from({ length: 24 }, (_, i) => String(i + 1)), "bar"];
/** "from/to" for every pair of point numbers, index from * 26 + to, so that common moves cost no concatenation. */
const MOVE_TEXT: readonly string[] = Array.from({ length: 26 * 26 }, (_, k) => `${POINT_TEXT[Math.floor(k / 26)]}/${POINT_TEXT[k % 26]}`);
const REPEAT_TEXT: readonly string[] = ["", "", "(2)", "(3)", "(4)"];

// Scratch rows for formatSteps (at most four moves; a joined path holds at most five points).
const PATH_STRIDE = 5;
const rowFrom = new Int8Array(4);
const rowTo = new Int8Array(4);
const path = new Int8Array(4 * PATH_STRIDE);
const pathLength = new Int8Array(4);
const alive = new Uint8Array(4);
const repeats = new Uint8Array(4);

/**
 * The core of makeNotation over plain numbers, for the move generator: `from[k]`/`to[k]` in the mover's point
 * numbers (25 bar, 0 off) for k < count, `blots` a bit mask of the points where an opposing blot stood before the play.
 */
export function formatSteps(from: ArrayLike<number>, to: ArrayLike<number>, count: number, blots: number): string {
  // Insertion sort, source then destination descending (gnubg's CompareMovesSimple).
  for (let k = 0; k < count; k++) {
    const f = from[k] ?? 0;
    const t = to[k] ?? 0;
    let i = k;
    for (; i > 0; i--) {
      const pf = rowFrom[i - 1] ?? 0;
      if (pf > f || (pf === f && (rowTo[i - 1] ?? 0) >= t)) break;
      rowFrom[i] = pf;
      rowTo[i] = rowTo[i - 1] ?? 0;
    }
    rowFrom[i] = f;
    rowTo[i] = t;
  }
  for (let i = 0; i < count; i++) {
    path[i * PATH_STRIDE] = rowFrom[i] ?? 0;
    path[i * PATH_STRIDE + 1] = rowTo[i] ?? 0;
    pathLength[i] = 2;
    alive[i] = 1;
    repeats[i] = 1;
  }
  // Join moves of one checker; a later row is never extended before it is joined, so it is still [from, to].
  for (let i = 0; i < count; i++) {
    for (let j = i; j < count; j++) {
      if (!alive[i] || !alive[j]) continue;
      const last = i * PATH_STRIDE + (pathLength[i] ?? 2) - 1;
      const joint = path[last] ?? 0;
      if (joint !== path[j * PATH_STRIDE]) continue;
      if (blots & (1 << joint)) {
        // Hit on the way: keep the intermediate point.
        path[last + 1] = path[j * PATH_STRIDE + 1] ?? 0;
        pathLength[i] = (pathLength[i] ?? 2) + 1;
      } else {
        path[last] = path[j * PATH_STRIDE + 1] ?? 0;
      }
      alive[j] = 0;
    }
  }
  // Count identical paths.
  for (let i = 0; i < count; i++) {
    if (!alive[i]) continue;
    for (let j = i + 1; j < count; j++) {
      if (!alive[j] || pathLength[j] !== pathLength[i]) continue;
      let same = true;
      for (let k = 0; k < (pathLength[i] ?? 0) && same; k++) same = path[i * PATH_STRIDE + k] === path[j * PATH_STRIDE + k];
      if (same) {
        repeats[i] = (repeats[i] ?? 1) + 1;
        alive[j] = 0;
      }
    }
  }
  let starred = 0;
  let text = "";
  for (let i = 0; i < count; i++) {
    if (!alive[i]) continue;
    const base = i * PATH_STRIDE;
    const length = pathLength[i] ?? 2;
    if (text !== "") text += " ";
    const dest = path[base + length - 1] ?? 0;
    if (length === 2) {
      text += MOVE_TEXT[(path[base] ?? 0) * 26 + dest];
    } else {
      text += POINT_TEXT[path[base] ?? 0];
      for (let k = 1; k < length - 1; k++) {
        const point = path[base + k] ?? 0;
        text += "/" + POINT_TEXT[point] + "*";
        starred |= 1 << point;
      }
      text += "/" + POINT_TEXT[dest];
    }
    if (dest !== 0 && blots & (1 << dest) && !(starred & (1 << dest))) {
      text += "*";
      starred |= 1 << dest;
    }
    text += REPEAT_TEXT[repeats[i] ?? 1];
  }
  return text;
}

/** gnubg's notation for a play; "" for no move. The moves may come in any order. */
export function makeNotation(moves: readonly CheckerMove[]): string {
  if (moves.length > 4) throw new RangeError(`a play has at most four moves, got ${moves.length}`);
  // A blot stood before the play exactly where some move hit: a landing point can only hold one opposing checker.
  let blots = 0;
  for (const m of moves) if (m.hit) blots |= 1 << m.to;
  return formatSteps(
    moves.map((m) => m.from),
    moves.map((m) => m.to),
    moves.length,
    blots,
  );
}

function parsePoint(text: string): number | null {
  if (text === "bar" || text === "b") return BAR_POINT;
  if (text === "off" || text === "o") return OFF_POINT;
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= BAR_POINT ? n : null;
}

const TOKEN = /^((?:bar|off|b|o|\d+)\*?(?:[/-](?:bar|off|b|o|\d+)\*?)+)(?:\((\d)\)|x(\d))?$/;

/**
 * Reads "24/18 13/11", "24-18", "bar/22*", "b/22", "25/22", "6/off", "6/0", "8/5(2)", "8/5x2", "13/7*\/1", separated by
 * spaces or commas, any case. A chain a/b/c gives the moves a/b and b/c. "" gives no moves.
 */
export function parseNotation(text: string): Result<MoveSpec[], "ERR_BAD_NOTATION"> {
  const moves: MoveSpec[] = [];
  const tokens = text.toLowerCase().split(/[\s,]+/).filter((t) => t !== "");
  for (const token of tokens) {
    const match = TOKEN.exec(token);
    if (!match) return err("ERR_BAD_NOTATION", { reason: "unreadable", token });
    const points: number[] = [];
    for (const raw of (match[1] ?? "").split(/[/-]/)) {
      const point = parsePoint(raw.replace("*", ""));
      if (point === null) return err("ERR_BAD_NOTATION", { reason: "notAPoint", point: raw, token });
      points.push(point);
    }
    const segments: MoveSpec[] = [];
    for (let k = 1; k < points.length; k++) {
      const from = points[k - 1] ?? 0;
      const to = points[k] ?? 0;
      if (to >= from) return err("ERR_BAD_NOTATION", { reason: "backwards", token, from: POINT_TEXT[from] ?? "", to: POINT_TEXT[to] ?? "" });
      segments.push({ from, to });
    }
    const count = Number(match[2] ?? match[3] ?? "1");
    if (count < 1 || count > 4) return err("ERR_BAD_NOTATION", { reason: "repeats", token, count });
    for (let c = 0; c < count; c++) moves.push(...segments);
  }
  return ok(moves);
}

/**
 * A roll as backgammon players write it: the higher die first ("6-1", never "1-6"), as gnubg does. The roll log keeps
 * the dice in the order they were drawn (the fair-dice protocols need it); what a player reads puts the high die first.
 */
export function rollText(dice: readonly number[]): string {
  const [a = 0, b = 0] = dice;
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}
