/**
 * GNU Backgammon's Position ID and Match ID (gnubg 1.07 manual, "A technical description of the Position ID" and
 * "… of the Match ID"): bit strings packed least significant bit first into bytes, then base64 without padding.
 *
 * Position ID: for the player NOT on roll and then the player on roll, for points 1..24 and the bar, one 1-bit per
 * checker and a 0-bit after each point: 80 bits, 14 characters. The ID does not say whose turn it is.
 *
 * Match ID: 12 characters; the 66 documented bits plus, in gnubg 1.07, a 67th bit "Jacoby rule off" (matchid.c:
 * `SetBits(auchKey, 66, 1, !fJacoby)`), and gnubg writes the higher die first. Colours map to gnubg's players by their
 * index in COLORS: white is gnubg player 0 ("O", drawn at the top of gnubg's text board; SGF's White = O = 0), black
 * is player 1 ("X", the bottom player). Exports of matches (.mat) must use the same mapping.
 *
 * @example
 *   encodePositionId(initialPosition("white")); // "4HPwATDgc/ABMA"
 *   decodeMatchId("cAkAAAAAAAAA");                // ok({ …, onRoll: "black", gameState: "playing", … })
 */

import { makePosition } from "./position";
import { COLORS, type Color, type Position, type Result, type SideBoard, err, ok, opponentOf } from "./types";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const POSITION_ID_LENGTH = 14;
const MATCH_ID_LENGTH = 12;

/** Base64 of `bytes` (zero-padded to whole groups of three), cut to `chars` characters: gnubg writes no padding. */
function toBase64(bytes: Uint8Array, chars: number): string {
  let out = "";
  for (let i = 0; out.length < chars; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET.charAt(group >> 18) + ALPHABET.charAt((group >> 12) & 63) + ALPHABET.charAt((group >> 6) & 63) + ALPHABET.charAt(group & 63);
  }
  return out.slice(0, chars);
}

/** Decodes `text` to `byteCount` bytes; null if a character is not base64 or the bits past the bytes are not zero. */
function fromBase64(text: string, byteCount: number): Uint8Array | null {
  const bytes = new Uint8Array(byteCount + 1);
  for (let c = 0; c < text.length; c++) {
    const v = ALPHABET.indexOf(text[c] ?? "");
    if (v < 0) return null;
    for (let b = 0; b < 6; b++) {
      const bit = c * 6 + b;
      if ((v >> (5 - b)) & 1) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (1 << (7 - (bit & 7)));
    }
  }
  if (bytes[byteCount] !== 0) return null;
  return bytes.subarray(0, byteCount);
}

/** gnubg's 80-bit position key: per side, per point, a 1-bit for each checker then a 0-bit. */
function positionKey(first: SideBoard, second: SideBoard): Uint8Array {
  const bytes = new Uint8Array(10);
  let bit = 0;
  for (const side of [first, second]) {
    for (let i = 0; i < 25; i++) {
      for (let n = side[i] ?? 0; n > 0; n--, bit++) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (1 << (bit & 7));
      bit++;
    }
  }
  return bytes;
}

/** The two sides of a position key, or null when the bits are not exactly 50 counts followed by zeros. */
function sidesFromKey(bytes: Uint8Array): [number[], number[]] | null {
  const counts: number[] = [];
  let bit = 0;
  const at = (b: number) => ((bytes[b >> 3] ?? 0) >> (b & 7)) & 1;
  while (counts.length < 50) {
    let n = 0;
    while (bit < 80 && at(bit) === 1) {
      n++;
      bit++;
    }
    if (bit >= 80) return null;
    bit++;
    counts.push(n);
  }
  for (; bit < 80; bit++) if (at(bit) === 1) return null;
  return [counts.slice(0, 25), counts.slice(25)];
}

export function encodePositionId(pos: Position): string {
  return toBase64(positionKey(pos[opponentOf(pos.turn)], pos[pos.turn]), POSITION_ID_LENGTH);
}

/**
 * The position of a Position ID, with `turn` (default white) as the player on roll, i.e. the side encoded second.
 * Rejects IDs that gnubg would not write: bad characters, a bit string that is not 50 counts, or an invalid position.
 */
export function decodePositionId(id: string, turn: Color = "white"): Result<Position, "ERR_BAD_POSITION_ID"> {
  const text = id.trim();
  if (text.length !== POSITION_ID_LENGTH) {
    return err("ERR_BAD_POSITION_ID", { reason: "length", id: text, length: text.length, expected: POSITION_ID_LENGTH });
  }
  const bytes = fromBase64(text, 10);
  const sides = bytes && sidesFromKey(bytes);
  if (!sides) return err("ERR_BAD_POSITION_ID", { reason: "notAnId", id: text });
  const [notOnRoll, onRoll] = sides;
  const made = turn === "white" ? makePosition(onRoll, notOnRoll, turn) : makePosition(notOnRoll, onRoll, turn);
  // `problem`: which rule of makePosition the decoded boards break (the message selects on it).
  if (!made.ok) return err("ERR_BAD_POSITION_ID", { reason: "notAPosition", id: text, problem: made.code });
  return made;
}

export type MatchGameState = "none" | "playing" | "over" | "resigned" | "dropped";

const GAME_STATES: readonly MatchGameState[] = ["none", "playing", "over", "resigned", "dropped"];

export interface MatchIdFields {
  /** 1, 2, 4, … 2^15. */
  readonly cubeValue: number;
  /** null while the cube is centred. */
  readonly cubeOwner: Color | null;
  /** The player who rolls (gnubg's dice owner). */
  readonly onRoll: Color;
  readonly crawford: boolean;
  readonly gameState: MatchGameState;
  /** The player who must decide now (differs from onRoll while a double or resignation is answered). */
  readonly turn: Color;
  readonly doubled: boolean;
  /** 0 none, 1 single game, 2 gammon, 3 backgammon offered. */
  readonly resign: 0 | 1 | 2 | 3;
  /** [0, 0] before the roll. Encoded higher die first, as gnubg does; decoded as stored. */
  readonly dice: readonly [number, number];
  /** 0 for money play. */
  readonly matchLength: number;
  readonly score: { readonly white: number; readonly black: number };
  /**
   * The Jacoby rule is in effect. Absent means what a fresh gnubg writes: on for money play, off in a match; decoding
   * sets it only when the bit says otherwise, so decode(encode(f)) gives back fields that leave it out.
   */
  readonly jacoby?: boolean;
}

/** Bit fields of the Match ID in order: [name, width]. */
const LAYOUT = [
  ["cube", 4],
  ["owner", 2],
  ["onRoll", 1],
  ["crawford", 1],
  ["state", 3],
  ["turn", 1],
  ["doubled", 1],
  ["resign", 2],
  ["die0", 3],
  ["die1", 3],
  ["length", 15],
  ["score0", 15],
  ["score1", 15],
  ["noJacoby", 1],
] as const;

type FieldName = (typeof LAYOUT)[number][0];

const CENTRED_OWNER = 3;

function playerOf(color: Color): number {
  return COLORS.indexOf(color);
}

function colorOf(player: number): Color {
  return COLORS[player] ?? "white";
}

function isUint(n: number, bits: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < 2 ** bits;
}

/** Encodes the fields; throws RangeError for values gnubg cannot represent (a programmer error). */
export function encodeMatchId(m: MatchIdFields): string {
  const log2 = Math.log2(m.cubeValue);
  const [d0, d1] = m.dice[0] >= m.dice[1] ? m.dice : [m.dice[1], m.dice[0]];
  const jacoby = m.jacoby ?? m.matchLength === 0;
  const values: Record<FieldName, number> = {
    cube: log2,
    owner: m.cubeOwner === null ? CENTRED_OWNER : playerOf(m.cubeOwner),
    onRoll: playerOf(m.onRoll),
    crawford: m.crawford ? 1 : 0,
    state: GAME_STATES.indexOf(m.gameState),
    turn: playerOf(m.turn),
    doubled: m.doubled ? 1 : 0,
    resign: m.resign,
    die0: d0,
    die1: d1,
    length: m.matchLength,
    score0: m.score.white,
    score1: m.score.black,
    noJacoby: jacoby ? 0 : 1,
  };
  const bytes = new Uint8Array(9);
  let bit = 0;
  for (const [name, width] of LAYOUT) {
    const v = values[name];
    if (!isUint(v, width) || (name.startsWith("die") && v > 6)) throw new RangeError(`Match ID field ${name} = ${v} out of range`);
    for (let k = 0; k < width; k++, bit++) if ((v >> k) & 1) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (1 << (bit & 7));
  }
  return toBase64(bytes, MATCH_ID_LENGTH);
}

export function decodeMatchId(id: string): Result<MatchIdFields, "ERR_BAD_MATCH_ID"> {
  const text = id.trim();
  if (text.length !== MATCH_ID_LENGTH) return err("ERR_BAD_MATCH_ID", { reason: "length", id: text, expected: MATCH_ID_LENGTH });
  const bytes = fromBase64(text, 9);
  if (!bytes) return err("ERR_BAD_MATCH_ID", { reason: "notBase64", id: text });
  const v = {} as Record<FieldName, number>;
  let bit = 0;
  for (const [name, width] of LAYOUT) {
    let n = 0;
    for (let k = 0; k < width; k++, bit++) n |= (((bytes[bit >> 3] ?? 0) >> (bit & 7)) & 1) << k;
    v[name] = n;
  }
  if (((bytes[8] ?? 0) >> 3) !== 0) return err("ERR_BAD_MATCH_ID", { reason: "extraBits", id: text });
  if (v.owner === 2) return err("ERR_BAD_MATCH_ID", { reason: "cubeOwner", id: text });
  const gameState = GAME_STATES[v.state];
  if (gameState === undefined) return err("ERR_BAD_MATCH_ID", { reason: "gameState", id: text, state: v.state });
  if (v.die0 > 6 || v.die1 > 6 || (v.die0 === 0) !== (v.die1 === 0)) return err("ERR_BAD_MATCH_ID", { reason: "dice", id: text, dice: `${v.die0}-${v.die1}` });
  // gnubg's MatchFromKey checks these too.
  if (v.length > 0 && (v.score0 > v.length || v.score1 > v.length)) return err("ERR_BAD_MATCH_ID", { reason: "score", id: text, length: v.length });
  if (v.length === 0 && v.crawford === 1) return err("ERR_BAD_MATCH_ID", { reason: "crawfordMoney", id: text });
  const jacoby = v.noJacoby === 0;
  return ok({
    cubeValue: 2 ** v.cube,
    cubeOwner: v.owner === CENTRED_OWNER ? null : colorOf(v.owner),
    onRoll: colorOf(v.onRoll),
    crawford: v.crawford === 1,
    gameState,
    turn: colorOf(v.turn),
    doubled: v.doubled === 1,
    resign: v.resign as 0 | 1 | 2 | 3,
    dice: [v.die0, v.die1],
    matchLength: v.length,
    score: { white: v.score0, black: v.score1 },
    ...(jacoby === (v.length === 0) ? {} : { jacoby }),
  });
}
