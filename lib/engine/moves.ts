/**
 * Legal plays and checking a play a person gave.
 *
 * legalPlays lists every distinct resulting position for the roll, as GNU Backgammon 1.07 does (see move-generator.ts):
 * enter from the bar first, use both dice (all four for doubles) when possible, else as many as possible, and the
 * larger die when only one can be played; bear off only with all checkers home. validatePlay accepts checker moves in
 * any order and any grouping (24/13 for 24/18 18/13, 8/4 8/4 for 8/4(2)) and says why a play is refused: a code, and a
 * `reason` (unique over the four codes, so a wrapping refusal can pass the values on) with the facts it needs.
 *
 * @example
 *   const pos = initialPosition("white");
 *   legalPlays(pos, [3, 1]).map((p) => p.notation); // ["24/23 24/21", "24/20", …, "8/5 6/5", …]
 *   validatePlay(pos, [6, 5], [{ from: 24, to: 13 }]); // ok(the play "24/13")
 *   validatePlay(pos, [6, 5], [{ from: 13, to: 8 }]);  // err ERR_NOT_ALL_DICE { reason: "bothDice" }
 */

import { findPlay, generatePlays, type PlayResult } from "./move-generator";
import type { MoveSpec } from "./notation";
import { swapTurn } from "./position";
import { bearsOff, diceToPlay, farthestPoint, isHit, isOpen, stepTarget } from "./steps";
import { BAR_INDEX, BAR_POINT, type Dice, type LegalPlay, OFF_POINT, type Position, type Result, err, ok, opponentOf } from "./types";

export type PlayErrorCode = "ERR_ILLEGAL_MOVE" | "ERR_NOT_ALL_DICE" | "ERR_LARGER_DIE" | "ERR_MUST_ENTER";

/**
 * A client asks for the same position's plays again and again (the match page on every render of the board, a bot
 * before it picks one), so the plays of the last few positions and rolls are kept and shared (callers must not change
 * them). Only a few: a WeakMap per position (the cache before) held a position's plays until a full garbage
 * collection even after the position was gone, because positions live through a player's think and so sit in V8's
 * old generation, whose weak keys only a full collection clears. The server does not list plays at all: it checks the
 * one it is sent (validatePlay) and asks whether a roll can be played (hasLegalPlay).
 */
const RECENT_PLAYS = 8;
const recentPlays: { pos: Position; roll: number; plays: readonly LegalPlay[] }[] = [];
let nextRecent = 0;

export function legalPlays(pos: Position, dice: Dice): readonly LegalPlay[] {
  const roll = dice[0] * 8 + dice[1];
  for (const entry of recentPlays) if (entry.pos === pos && entry.roll === roll) return entry.plays;
  const plays = Object.freeze(generatePlays(pos, dice));
  recentPlays[nextRecent] = { pos, roll, plays };
  nextRecent = (nextRecent + 1) % RECENT_PLAYS;
  return plays;
}

/**
 * Whether the roll can be played at all, without generating the plays: true exactly when legalPlays(pos, dice) is not
 * empty. A roll is unplayable only when no single checker can move by either die (one legal checker move is already
 * a play, or the start of one); so it is enough to look for one such move. The match server asks this after every
 * roll (a roll that cannot be played passes by itself) and keeps no plays in memory while a player thinks.
 */
export function hasLegalPlay(pos: Position, dice: Dice): boolean {
  const mover = pos[pos.turn];
  const opponent = pos[opponentOf(pos.turn)];
  // A point of the mover's numbering p (1..24) is the opponent's index 24 - p.
  const open = (point: number) => isOpen(opponent[24 - point] ?? 0);
  // A checker on the bar must enter first: nothing else can move.
  if ((mover[BAR_INDEX] ?? 0) > 0) return dice.some((die) => open(BAR_POINT - die));
  const back = farthestPoint(mover);
  for (const die of dice[0] === dice[1] ? [dice[0]] : dice) {
    for (let point = back; point >= 1; point--) {
      if ((mover[point - 1] ?? 0) === 0) continue;
      const to = point - die;
      if (to >= 1 ? open(to) : bearsOff(back, point, die)) return true;
    }
  }
  return false;
}

/** The play of a roll that cannot be played: nothing moves and the opponent is on turn. */
export function passPlay(pos: Position): LegalPlay {
  return { moves: [], notation: "", result: swapTurn(pos) };
}

interface Realization extends PlayResult {
  readonly diceUsed: readonly number[];
  /** Blots hit on points the specs do not name (gnubg would have written "21/18*\/17" for such a move). */
  readonly hiddenHits: number;
}

/**
 * Every way to play `specs` with the dice: each spec is one checker going from→to by one or more dice, specs in any
 * order, each step legal as gnubg's LegalMove judges it and bar checkers first.
 *
 * The search changes one pair of boards in place and undoes each step on the way back; only a complete way is copied.
 * (It copied both boards at every step: for a double that was most of the match server's garbage per move.)
 */
function realize(pos: Position, dice: Dice, specs: readonly MoveSpec[]): Realization[] {
  const pool = diceToPlay(dice);
  const search: RealizeSearch = {
    specs,
    pool,
    mover: [...pos[pos.turn]],
    opponent: [...pos[opponentOf(pos.turn)]],
    at: specs.map((s) => s.from),
    left: pool.map(() => true),
    used: [],
    out: [],
  };
  walk(search, 0);
  // The specs fix the mover's final board; only hidden hits change the result. Fewest first: "21/17" means the path
  // that hits nothing when there is one.
  return search.out.sort((a, b) => a.hiddenHits - b.hiddenHits);
}

/** The state of realize's search: the boards, where each spec's checker is, the dice still unused, those used. */
interface RealizeSearch {
  readonly specs: readonly MoveSpec[];
  readonly pool: readonly number[];
  readonly mover: number[];
  readonly opponent: number[];
  readonly at: number[];
  readonly left: boolean[];
  readonly used: number[];
  readonly out: Realization[];
}


/** Equal dice are interchangeable: only the first unused die of a value is tried. */
function firstUnused(pool: readonly number[], left: readonly boolean[], die: number): number {
  for (let k = 0; k < pool.length; k++) if (pool[k] === die && left[k]) return k;
  return -1;
}

function walk(search: RealizeSearch, hiddenHits: number): void {
  const { specs, pool, mover, opponent, at, left, used } = search;
  let complete = true;
  for (let i = 0; i < at.length; i++) if (at[i] !== specs[i]?.to) complete = false;
  if (complete) {
    search.out.push({ mover: [...mover], opponent: [...opponent], diceUsed: [...used], hiddenHits });
    return;
  }
  for (let i = 0; i < at.length; i++) {
    const from = at[i] ?? OFF_POINT;
    const target = specs[i]?.to ?? OFF_POINT;
    if (from === target) continue;
    for (let d = 0; d < pool.length; d++) {
      const die = pool[d] ?? 0;
      // A step past the spec's target (or bearing off when it names a point) is not this spec's: skipped before the
      // rules are asked, which is most of the search.
      if (Math.max(from - die, OFF_POINT) < target || firstUnused(pool, left, die) !== d) continue;
      const dest = stepTarget(mover, opponent, from, die);
      if (dest === -1) continue;
      const hit = dest !== OFF_POINT && isHit(opponent[24 - dest] ?? 0);
      mover[from - 1] = (mover[from - 1] ?? 0) - 1;
      if (hit) {
        opponent[24 - dest] = 0;
        opponent[BAR_INDEX] = (opponent[BAR_INDEX] ?? 0) + 1;
      }
      if (dest !== OFF_POINT) mover[dest - 1] = (mover[dest - 1] ?? 0) + 1;
      at[i] = dest;
      left[d] = false;
      used.push(die);
      walk(search, hit && dest !== target ? hiddenHits + 1 : hiddenHits);
      used.pop();
      left[d] = true;
      at[i] = from;
      if (dest !== OFF_POINT) mover[dest - 1] = (mover[dest - 1] ?? 0) - 1;
      if (hit) {
        opponent[BAR_INDEX] = (opponent[BAR_INDEX] ?? 0) - 1;
        opponent[24 - dest] = 1;
      }
      mover[from - 1] = (mover[from - 1] ?? 0) + 1;
    }
  }
}

function formatSpec(s: MoveSpec): string {
  const point = (p: number) => (p === BAR_POINT ? "bar" : p === OFF_POINT ? "off" : String(p));
  return `${point(s.from)}/${point(s.to)}`;
}

/** Why specs that cannot be played at all are refused, checked in the order a person would want to hear it. */
function explainUnplayable(pos: Position, dice: Dice, specs: readonly MoveSpec[]): Result<never, PlayErrorCode> {
  const mover = pos[pos.turn];
  const opponent = pos[opponentOf(pos.turn)];
  const roll = `${dice[0]}-${dice[1]}`;
  const onBar = mover[BAR_INDEX] ?? 0;
  const fromBar = specs.filter((s) => s.from === BAR_POINT).length;
  if (onBar > 0 && fromBar < onBar && specs.some((s) => s.from !== BAR_POINT)) {
    return err("ERR_MUST_ENTER", { reason: "enterFirst" });
  }
  for (const s of specs) {
    const leaving = specs.filter((o) => o.from === s.from).length;
    const arriving = specs.filter((o) => o.to === s.from).length;
    if (leaving > (mover[s.from - 1] ?? 0) + arriving) {
      return err("ERR_ILLEGAL_MOVE", s.from === BAR_POINT ? { reason: "noCheckerOnBar" } : { reason: "noChecker", point: s.from });
    }
  }
  const diceCount = diceToPlay(dice).length;
  if (specs.length > diceCount) return err("ERR_ILLEGAL_MOVE", { reason: "tooManyMoves", dice: roll, moves: diceCount });
  for (const s of specs) {
    if (s.to === OFF_POINT && farthestPoint(mover) > 6) {
      return err("ERR_ILLEGAL_MOVE", { reason: "bearOffEarly" });
    }
    if (s.to !== OFF_POINT && !isOpen(opponent[24 - s.to] ?? 0)) return err("ERR_ILLEGAL_MOVE", { reason: "blocked", point: s.to });
    if (s.to !== OFF_POINT && realize(pos, dice, [s]).length === 0 && !specs.some((o) => o.to === s.from)) {
      return err("ERR_ILLEGAL_MOVE", { reason: "cannotPlay", move: formatSpec(s), dice: roll });
    }
  }
  return err("ERR_ILLEGAL_MOVE", { reason: "notLegal", play: specs.map(formatSpec).join(" "), dice: roll });
}

/**
 * The legal play that the checker moves produce, or why they are refused. With no legal play the only accepted
 * answer is no moves, which gives passPlay(pos).
 */
export function validatePlay(pos: Position, dice: Dice, moves: readonly MoveSpec[]): Result<LegalPlay, PlayErrorCode> {
  const roll = `${dice[0]}-${dice[1]}`;
  const unplayable = () => err("ERR_ILLEGAL_MOVE", { reason: "noMove", dice: roll });
  for (const s of moves) {
    if (!Number.isInteger(s.from) || !Number.isInteger(s.to) || s.from > BAR_POINT || s.to < OFF_POINT || s.to >= s.from) {
      if (!hasLegalPlay(pos, dice)) return unplayable();
      return err("ERR_ILLEGAL_MOVE", { reason: "notAMove", move: formatSpec(s) });
    }
  }
  // Every board the moves can leave (fewest hidden hits first), looked up among the legal plays' boards: only the
  // play found is built.
  const ways = moves.length === 0 ? [] : realize(pos, dice, moves);
  const { count, movesPerPlay: needed, play } = findPlay(pos, dice, ways);
  if (count === 0) return moves.length === 0 ? ok(passPlay(pos)) : unplayable();
  if (play) return ok(play);
  if (ways.length === 0 && moves.length > 0) return explainUnplayable(pos, dice, moves);
  const most = ways.reduce((best, w) => (w.diceUsed.length > best.length ? w.diceUsed : best), [] as readonly number[]);
  if (most.length < needed) {
    return err("ERR_NOT_ALL_DICE", dice[0] !== dice[1] && needed === 2 ? { reason: "bothDice" } : { reason: "moveCount", moves: needed, dice: roll });
  }
  if (needed === 1 && dice[0] !== dice[1]) return err("ERR_LARGER_DIE", { reason: "largerDie", die: Math.max(dice[0], dice[1]) });
  return err("ERR_ILLEGAL_MOVE", { reason: "notLegal", play: moves.map(formatSpec).join(" "), dice: roll });
}
