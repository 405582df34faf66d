/**
 * The legal-play generator: a port of GNU Backgammon 1.07's GenerateMoves (eval.c), so that the set of plays and the
 * move sequence kept for each resulting position (and so its notation) are gnubg's.
 *
 * gnubg walks the checkers from the back (point 24) to the front for the first die, then the second, then again with
 * the dice swapped; for doubles each later move starts no further back than the one before. A play is kept only if it
 * uses as many dice and as many pips of dice as any play (so the larger die when only one die can be played); the
 * first sequence found for a resulting position is the one kept.
 *
 * Speed: the search runs on one Int8Array of boards with an incrementally updated Zobrist hash, results are
 * deduplicated in an open-addressing table and compared word by word; objects are made only for the final plays.
 *
 * @example
 *   generatePlays(initialPosition("white"), [3, 1]).length; // 16
 */

import { formatSteps } from "./notation";
import type { CheckerMove, Color, Dice, DieValue, LegalPlay, Position, SideBoard } from "./types";
import { bearsOff, isHit, isOpen } from "./steps";

/**
 * One board: bytes 0..24 the opponent's points 1..24 and bar, 25..49 the mover's (gnubg's anBoard[0] and anBoard[1]),
 * padded to 52 bytes so that a board is 13 aligned 32-bit words.
 */
const STRIDE = 52;
const WORDS = STRIDE / 4;
const MOVER = 25;
const BAR = 24;
/** Per move of a sequence: source index, destination index (negative = off), die, hit flag. */
const STEP = 4;
const MAX_COUNT = 16;

const boards = new Int8Array(STRIDE * 5);
const boardWords = new Int32Array(boards.buffer);
const hashes = new Int32Array(5);
const roll = new Int8Array(4);
const steps = new Int8Array(STEP * 4);
let isDouble = false;
let maxMoves = 0;
let maxPips = 0;
let found = 0;

/** Zobrist keys, one per (board cell, checker count); a fixed xorshift sequence, so every run hashes alike. */
const ZOBRIST = new Int32Array(STRIDE * MAX_COUNT);
{
  let x = 0x2545f491;
  for (let k = 0; k < ZOBRIST.length; k++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    ZOBRIST[k] = x;
  }
}

let capacity = 0;
let savedBoards = new Int8Array(0);
let savedWords = new Int32Array(0);
let savedSteps = new Int8Array(0);
let savedCount = new Uint8Array(0);
let savedHash = new Int32Array(0);

/** Open-addressing table of saved entries (index + 1); a slot counts only if its stamp is the current epoch. */
let tableMask = 0;
let table = new Int32Array(0);
let stamps = new Int32Array(0);
let epoch = 0;

function growSaved(): void {
  const next = Math.max(256, capacity * 2);
  const b = new Int8Array(next * STRIDE);
  b.set(savedBoards);
  const s = new Int8Array(next * STEP * 4);
  s.set(savedSteps);
  const c = new Uint8Array(next);
  c.set(savedCount);
  const h = new Int32Array(next);
  h.set(savedHash);
  savedBoards = b;
  savedWords = new Int32Array(b.buffer);
  savedSteps = s;
  savedCount = c;
  savedHash = h;
  capacity = next;
  table = new Int32Array(next * 4);
  stamps = new Int32Array(next * 4);
  tableMask = next * 4 - 1;
  epoch = 1;
  for (let e = 0; e < found; e++) insert(e);
}

function insert(entry: number): void {
  let slot = (savedHash[entry] ?? 0) & tableMask;
  while (stamps[slot] === epoch) slot = (slot + 1) & tableMask;
  stamps[slot] = epoch;
  table[slot] = entry + 1;
}

function sameAsSaved(word: number, entry: number): boolean {
  const base = entry * WORDS;
  for (let k = 0; k < WORDS; k++) if (boardWords[word + k] !== savedWords[base + k]) return false;
  return true;
}

/** gnubg's SaveMoves for complete plays: keeps only plays with the most dice and pips, one per resulting position. */
function save(moves: number, pips: number, depth: number): void {
  if (moves < maxMoves || pips < maxPips) return;
  if (moves > maxMoves || pips > maxPips) {
    found = 0;
    epoch++;
  }
  maxMoves = moves;
  maxPips = pips;
  const hash = hashes[depth] ?? 0;
  const word = depth * WORDS;
  let slot = hash & tableMask;
  while (stamps[slot] === epoch) {
    const entry = (table[slot] ?? 0) - 1;
    if (savedHash[entry] === hash && sameAsSaved(word, entry)) return;
    slot = (slot + 1) & tableMask;
  }
  if (found === capacity) growSaved();
  const to = found * WORDS;
  for (let k = 0; k < WORDS; k++) savedWords[to + k] = boardWords[word + k] ?? 0;
  const stepsTo = found * STEP * 4;
  for (let k = 0; k < STEP * moves; k++) savedSteps[stepsTo + k] = steps[k] ?? 0;
  savedCount[found] = moves;
  savedHash[found] = hash;
  insert(found);
  found++;
}

/**
 * gnubg's LegalMove: the landing point is open, or a legal bear-off (steps.ts's rules; indices here are 0-based, so
 * point = index + 1).
 */
function legalMove(at: number, src: number, die: number): boolean {
  const dest = src - die;
  if (dest >= 0) return isOpen(boards[at + 23 - dest] ?? 0);
  let back = 24;
  while (back > 0 && (boards[at + MOVER + back] ?? 0) === 0) back--;
  return bearsOff(back + 1, src + 1, die);
}

/** Adds `delta` checkers to cell `cell` of the board at offset `at` and returns the updated hash. */
function change(at: number, cell: number, delta: number, hash: number): number {
  const before = boards[at + cell] ?? 0;
  const after = before + delta;
  boards[at + cell] = after;
  const z = cell * MAX_COUNT;
  return hash ^ (ZOBRIST[z + before] ?? 0) ^ (ZOBRIST[z + after] ?? 0);
}

/** Plays one checker by one die onto a copy of the board at `depth` (gnubg's ApplySubMove), then searches on. */
function step(depth: number, src: number, die: number, pips: number, nextPip: number): void {
  const from = depth * WORDS;
  for (let k = 0; k < WORDS; k++) boardWords[from + WORDS + k] = boardWords[from + k] ?? 0;
  const next = (depth + 1) * STRIDE;
  const dest = src - die;
  let hash = change(next, MOVER + src, -1, hashes[depth] ?? 0);
  let hit = 0;
  if (dest >= 0) {
    if (isHit(boards[next + 23 - dest] ?? 0)) {
      hash = change(next, 23 - dest, -1, hash);
      hash = change(next, BAR, 1, hash);
      hit = 1;
    }
    hash = change(next, MOVER + dest, 1, hash);
  }
  hashes[depth + 1] = hash;
  const s = depth * STEP;
  steps[s] = src;
  steps[s + 1] = dest;
  steps[s + 2] = die;
  steps[s + 3] = hit;
  if (search(depth + 1, nextPip, pips + die)) save(depth + 1, pips + die, depth + 1);
}

/** gnubg's GenerateMovesSub: true when the sequence so far cannot be extended (so the caller saves it). */
function search(depth: number, fromPip: number, pips: number): boolean {
  if (depth > 3) return true;
  const die = roll[depth] ?? 0;
  if (die === 0) return true;
  const at = depth * STRIDE;
  if ((boards[at + MOVER + BAR] ?? 0) > 0) {
    // A checker on the bar enters first, on the opponent's point `die` (the mover's 25 - die).
    const open = isOpen(boards[at + die - 1] ?? 0);
    if (open) step(depth, BAR, die, pips, 23);
    return !open;
  }
  let used = false;
  for (let i = fromPip; i >= 0; i--) {
    if ((boards[at + MOVER + i] ?? 0) > 0 && legalMove(at, i, die)) {
      step(depth, i, die, pips, isDouble ? i : 23);
      used = true;
    }
  }
  return !used;
}

/** One side of a saved board as a plain array; a literal, because it allocates once and packed, unlike push. */
function boardOf(entry: number, offset: number): number[] {
  const b = savedBoards;
  const i = entry * STRIDE + offset;
  // prettier-ignore
  return [
    b[i] ?? 0, b[i + 1] ?? 0, b[i + 2] ?? 0, b[i + 3] ?? 0, b[i + 4] ?? 0, b[i + 5] ?? 0, b[i + 6] ?? 0,
    b[i + 7] ?? 0, b[i + 8] ?? 0, b[i + 9] ?? 0, b[i + 10] ?? 0, b[i + 11] ?? 0, b[i + 12] ?? 0, b[i + 13] ?? 0,
    b[i + 14] ?? 0, b[i + 15] ?? 0, b[i + 16] ?? 0, b[i + 17] ?? 0, b[i + 18] ?? 0, b[i + 19] ?? 0, b[i + 20] ?? 0,
    b[i + 21] ?? 0, b[i + 22] ?? 0, b[i + 23] ?? 0, b[i + 24] ?? 0,
  ];
}

/** All legal plays for `pos.turn`, one per resulting position, in gnubg's generation order; [] if none. */
export function generatePlays(pos: Position, dice: Dice): LegalPlay[] {
  const { opponent, turn, nextTurn } = searchPlays(pos, dice);
  const plays = new Array<LegalPlay>(found);
  for (let e = 0; e < found; e++) plays[e] = buildPlay(e, opponent, turn, nextTurn);
  return plays;
}

/** The boards a play leaves: the mover's and the opponent's 25 counts (points 1..24, then the bar). */
export interface PlayResult {
  readonly mover: readonly number[];
  readonly opponent: readonly number[];
}

/** What `findPlay` found: how many legal plays the roll has, how many moves each uses, and the one asked for. */
export interface FoundPlay {
  readonly count: number;
  readonly movesPerPlay: number;
  readonly play: LegalPlay | null;
}

/**
 * The legal play (as generatePlays would give it) that leaves the first of `results` that any legal play leaves, built
 * alone. Checking the one play a player sent needs no others: building all of them (for a double, hundreds of plays
 * with their boards and notation) made most of the match server's garbage, once per move.
 */
export function findPlay(pos: Position, dice: Dice, results: readonly PlayResult[]): FoundPlay {
  const { opponent, turn, nextTurn } = searchPlays(pos, dice);
  const count = found;
  const movesPerPlay = count > 0 ? maxMoves : 0;
  for (const result of results) {
    const entry = savedEntryOf(result);
    if (entry >= 0) return { count, movesPerPlay, play: buildPlay(entry, opponent, turn, nextTurn) };
  }
  return { count, movesPerPlay, play: null };
}

/** Runs gnubg's search for `pos` and `dice`; the plays are left in the saved entries 0..found-1. */
function searchPlays(pos: Position, dice: Dice): { opponent: SideBoard; turn: Color; nextTurn: Color } {
  const turn = pos.turn;
  const nextTurn: Color = turn === "white" ? "black" : "white";
  const mover = pos[turn];
  const opponent: SideBoard = pos[nextTurn];
  let hash = 0;
  for (let k = 0; k < 25; k++) {
    const o = opponent[k] ?? 0;
    const m = mover[k] ?? 0;
    boards[k] = o;
    boards[MOVER + k] = m;
    hash ^= (ZOBRIST[k * MAX_COUNT + o] ?? 0) ^ (ZOBRIST[(MOVER + k) * MAX_COUNT + m] ?? 0);
  }
  hashes[0] = hash;
  const [d0, d1] = dice;
  isDouble = d0 === d1;
  roll[0] = d0;
  roll[1] = d1;
  roll[2] = roll[3] = isDouble ? d0 : 0;
  maxMoves = maxPips = found = 0;
  if (capacity === 0) growSaved();
  epoch++;
  search(0, 23, 0);
  if (!isDouble) {
    roll[0] = d1;
    roll[1] = d0;
    search(0, 23, 0);
  }
  return { opponent, turn, nextTurn };
}

const wanted = new Int8Array(STRIDE);
const wantedWords = new Int32Array(wanted.buffer);

/** The saved entry whose board is `result` (looked up by its Zobrist hash, as `save` files it), or -1. */
function savedEntryOf(result: PlayResult): number {
  let hash = 0;
  for (let k = 0; k < 25; k++) {
    const o = result.opponent[k] ?? 0;
    const m = result.mover[k] ?? 0;
    if (o < 0 || o >= MAX_COUNT || m < 0 || m >= MAX_COUNT) return -1;
    wanted[k] = o;
    wanted[MOVER + k] = m;
    hash ^= (ZOBRIST[k * MAX_COUNT + o] ?? 0) ^ (ZOBRIST[(MOVER + k) * MAX_COUNT + m] ?? 0);
  }
  let slot = hash & tableMask;
  while (stamps[slot] === epoch) {
    const entry = (table[slot] ?? 0) - 1;
    if (savedHash[entry] === hash && sameWords(entry)) return entry;
    slot = (slot + 1) & tableMask;
  }
  return -1;
}

function sameWords(entry: number): boolean {
  const base = entry * WORDS;
  for (let k = 0; k < WORDS; k++) if (wantedWords[k] !== savedWords[base + k]) return false;
  return true;
}

const froms = new Int8Array(4);
const tos = new Int8Array(4);

/**
 * Notation by move sequence: the same few thousand sequences recur across positions, and a lookup is cheaper than
 * formatting. The key packs each move's from, to and hit flag into 13 bits (4 moves fit a double exactly).
 */
const notationCache = new Map<number, string>();
const NOTATION_CACHE_LIMIT = 100_000;

function notationOf(count: number, blots: number, key: number): string {
  let text = notationCache.get(key);
  if (text === undefined) {
    text = formatSteps(froms, tos, count, blots);
    if (notationCache.size >= NOTATION_CACHE_LIMIT) notationCache.clear();
    notationCache.set(key, text);
  }
  return text;
}

/** The play of saved entry `e`: its moves in the mover's point numbers, its notation and the position it leaves. */
function buildPlay(e: number, opponent: SideBoard, turn: Color, nextTurn: Color): LegalPlay {
  const count = savedCount[e] ?? 0;
  const moves = new Array<CheckerMove>(count);
  let blots = 0;
  let key = 0;
  for (let m = 0; m < count; m++) {
    const s = (e * 4 + m) * STEP;
    const from = (savedSteps[s] ?? 0) + 1;
    const dest = savedSteps[s + 1] ?? 0;
    const to = dest < 0 ? 0 : dest + 1;
    const hit = savedSteps[s + 3] === 1;
    if (hit) blots |= 1 << to;
    froms[m] = from;
    tos[m] = to;
    key = (key * 64 + from) * 128 + to * 2 + (hit ? 1 : 0);
    moves[m] = { from, to, die: (savedSteps[s + 2] ?? 1) as DieValue, hit };
  }
  const newMover = boardOf(e, MOVER);
  const newOpponent = blots === 0 ? opponent : boardOf(e, 0);
  const result: Position =
    turn === "white" ? { white: newMover, black: newOpponent, turn: nextTurn } : { white: newOpponent, black: newMover, turn: nextTurn };
  return { moves, notation: notationOf(count, blots, key), result };
}
