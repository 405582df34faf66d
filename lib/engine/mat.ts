/**
 * Match files in the Jellyfish .mat format, written exactly as GNU Backgammon 1.07's `export match mat` writes them
 * (a port of ExportMatchMat and ExportGameJF, export.c), and read back by `parseMat` (mat-parse.ts). The format's
 * details, with an example, are in docs/mat-format.md.
 *
 * A game is a list of records, one per gnubg move record: a played roll ("move"), a double, a take, a drop, an
 * accepted resignation, and a roll nobody played because the game ended by resignation first ("roll"). White is
 * gnubg's player 0, the left column; black is player 1, the right column (as in gnubg-id.ts). Checker moves are one
 * die each, in the mover's point numbers (25 = bar, 0 = off); they are written in gnubg's canonical order (source
 * point, then destination, both descending), which is how gnubg stores a play it imports, so a file made here and
 * exported again by gnubg comes out byte for byte the same — except in the two cases where gnubg's own layout would
 * not read back into gnubg (a resignation right after the other side's roll or while a double is pending), which we
 * write so that it does (docs/mat-format.md).
 *
 * @example
 *   const games = matGamesFromActions(5, actions); // from the match record
 *   makeMat({ matchLength: 5, players: { white: "alice", black: "bob" }, games, date: "2026-05-01" });
 *   // "; [EventDate \"2026.05.01\"]\n\n 5 point match\n\n Game 1\n alice : 0 …"
 */

import { apply } from "./match";
import { newMatch, resultMultiplier, type MatchAction, type ResignLevel } from "./match-state";
import { legalPlays, validatePlay } from "./moves";
import type { MoveSpec } from "./notation";
import { gameResult, initialPosition } from "./position";
import { describeFailure, opponentOf, type Color, type Dice, type Position } from "./types";

/** One gnubg move record of a game. `player` is who acted (for a resignation, the side that resigned). */
export type MatRecord =
  /** A roll and its play; `moves` one per die, [] when the roll could not be played. */
  | { readonly kind: "move"; readonly player: Color; readonly dice: Dice; readonly moves: readonly MoveSpec[] }
  /** A roll left unplayed because the game then ended by resignation (gnubg's MOVE_SETDICE). */
  | { readonly kind: "roll"; readonly player: Color; readonly dice: Dice }
  | { readonly kind: "double"; readonly player: Color }
  | { readonly kind: "take"; readonly player: Color }
  | { readonly kind: "drop"; readonly player: Color }
  | { readonly kind: "resign"; readonly player: Color; readonly level: ResignLevel };

export interface MatGame {
  readonly records: readonly MatRecord[];
}

export interface MatInput {
  /** Points to win the match; 0 for a money session (each game's points added up, as gnubg writes one). */
  readonly matchLength: number;
  readonly players: { readonly white: string; readonly black: string };
  readonly games: readonly MatGame[];
  /** "YYYY-MM-DD" (an ISO timestamp is cut to its date): written as `; [EventDate "YYYY.MM.DD"]`. */
  readonly date?: string;
  readonly event?: string;
  readonly site?: string;
}

/** gnubg keeps names in 32-byte buffers (MAX_NAME_LEN), so it reads at most 31 bytes of a name back. */
const MAX_NAME_BYTES = 31;

/** UTF-8 length of `text`, since gnubg pads the score line with printf("%-31s"), which counts bytes. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * A player name gnubg reads back unchanged: one line, single spaces, no ':' (the score line's separator) or ','
 * (gnubg cuts a name at ",<number>", GamesGrid's rating), at most 31 bytes; "White"/"Black" when nothing is left.
 */
export function matPlayerName(name: string, color: Color): string {
  let clean = name.replace(/[:,]/g, "_").replace(/\s+/g, " ").trim();
  while (utf8Length(clean) > MAX_NAME_BYTES) clean = Array.from(clean).slice(0, -1).join("").trimEnd();
  return clean === "" ? (color === "white" ? "White" : "Black") : clean;
}

/** Header text: one line, and no `"]` that would end gnubg's reading of the value early. */
function headerValue(text: string): string {
  return text.replace(/\s+/g, " ").replace(/"\]/g, '" ]').trim();
}

function eventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  return `${match[1]}.${match[2]}.${match[3]}`;
}

function pointsText(points: number): string {
  return `Wins ${points} point${points === 1 ? "" : "s"}`;
}

/**
 * Checker moves one per die: the moves as given when they already are (keeping the path a checker took), else the
 * legal play's own steps (for joined moves such as 24/13).
 */
function stepsOf(board: Position, dice: Dice, moves: readonly MoveSpec[]): { steps: MoveSpec[]; after: Position } {
  const play = validatePlay(board, dice, moves);
  if (!play.ok) throw new RangeError(`illegal play for ${board.turn} with ${dice[0]}-${dice[1]}: ${describeFailure(play)}`);
  const steps = moves.length === play.value.moves.length ? moves : play.value.moves;
  return { steps: steps.map(({ from, to }) => ({ from, to })), after: play.value.result };
}

/** gnubg's CanonicalMoveOrder: source point descending, then destination descending. */
export function canonicalOrder(moves: readonly MoveSpec[]): MoveSpec[] {
  return [...moves].sort((a, b) => b.from - a.from || b.to - a.to);
}

/**
 * FormatMovePlain (drawboard.c): "from/to" per die, "*" where the opponent had a checker before the play and no earlier
 * move landed, a space after each move but the fourth.
 */
function formatMovePlain(board: Position, moves: readonly MoveSpec[]): string {
  const opponent = board[opponentOf(board.turn)];
  let text = "";
  moves.forEach((m, i) => {
    text += `${m.from}/${m.to}`;
    if (m.to > 0 && (opponent[24 - m.to] ?? 0) > 0 && !moves.slice(0, i).some((earlier) => earlier.to === m.to)) text += "*";
    if (i < 3) text += " ";
  });
  return text;
}

const pad = (text: string, width: number) => text.padEnd(width, " ");
const spaces = (n: number) => " ".repeat(n);

/** ExportGameJF for one game: the " Game n" header, the score line, and the numbered two-column record. */
function writeGame(game: MatGame, number: number, names: { white: string; black: string }, score: Record<Color, number>): { text: string; winner: Color | null; points: number } {
  const scoreLeft = `${names.white} : ${score.white}`;
  let out = ` Game ${number}\n ${scoreLeft}${spaces(Math.max(0, 31 - utf8Length(scoreLeft)))}${names.black} : ${score.black}\n`;
  const first = game.records[0];
  let board = initialPosition(first?.player ?? "white");
  let fileCube = 1;
  let takenCube = 1;
  let result: { winner: Color; points: number } | null = null;
  let i = 0;
  let diceRolled = 0;
  for (const record of game.records) {
    if (result !== null) throw new RangeError(`game ${number} goes on after it ended`);
    // gnubg opens with an empty left column when player 1 acts first; it does so only for a move, but a game whose
    // first record is black's is only readable back with it.
    if (i === 0 && record.player === "black") {
      out += `  1)${spaces(29)}`;
      i++;
    }
    const odd = i & 1;
    let text: string;
    let over = 0;
    switch (record.kind) {
      case "move": {
        diceRolled = 0;
        if (record.player !== board.turn) throw new RangeError(`game ${number}: ${record.player} moved on ${board.turn}'s turn`);
        const { steps, after } = stepsOf(board, record.dice, record.moves);
        text = `${record.dice[0]}${record.dice[1]}: ${formatMovePlain(board, canonicalOrder(steps))}`;
        board = after;
        const ended = gameResult(after);
        if (ended) {
          over = resultMultiplier(ended.kind);
          result = { winner: ended.winner, points: over * takenCube };
        }
        break;
      }
      case "roll":
        text = `${record.dice[0]}${record.dice[1]}: `;
        diceRolled = 1;
        break;
      case "double":
        fileCube *= 2;
        text = ` Doubles => ${fileCube}`;
        break;
      case "take":
        takenCube = fileCube;
        text = " Takes";
        break;
      case "drop":
        text = ` Drops${odd ? "\n      " : spaces(23)}${pointsText(fileCube / 2)}`;
        result = { winner: opponentOf(record.player), points: takenCube };
        break;
      case "resign": {
        // gnubg writes level × the cube including an undecided double; the points are level × the cube in play,
        // which is also what gnubg's import reads back (docs/mat-format.md).
        const points = record.level * takenCube;
        const flip = odd ^ diceRolled;
        let lead = record.player === "black" ? (flip ? "\n" : "") + spaces(6) : odd ? (flip ? " " : spaces(24)) : flip ? " " : spaces(34);
        // After a roll by the side that did not resign, gnubg writes "Wins" on the roll's line, where its own import
        // reads it as part of the roll and loses the resignation; a line of its own in the winner's column reads back.
        if (diceRolled && record.player !== (odd ? "white" : "black")) lead = `\n${record.player === "black" ? spaces(6) : spaces(34)}`;
        text = `${lead}${pointsText(points)}\n`;
        result = { winner: opponentOf(record.player), points };
        break;
      }
    }
    if (i & 1 || record.kind === "resign") {
      out += text;
      if (record.kind !== "roll") out += "\n";
    } else if (record.kind !== "roll") {
      out += `${String((i >> 1) + 1).padStart(3)}) ${pad(text, 27)} `;
    } else {
      out += `${String((i >> 1) + 1).padStart(3)}) ${pad(text, 3)}`;
    }
    if (record.kind === "drop") out += i & 1 ? "\n" : "\n\n";
    if (over > 0) out += `${i & 1 ? spaces(34) : "\n      "}${pointsText(over * fileCube)}\n\n`;
    i++;
  }
  return { text: out, winner: result?.winner ?? null, points: result?.points ?? 0 };
}

/** The whole .mat file. Throws RangeError on records that do not make a legal game (a programmer error). */
export function makeMat(input: MatInput): string {
  const { matchLength } = input;
  // 0 is a money session: gnubg 1.07 exports one as " 0 point match" and imports that back as money.
  if (!Number.isInteger(matchLength) || matchLength < 0) throw new RangeError(`matchLength must be 0 (money) or a positive integer, got ${matchLength}`);
  const names = { white: matPlayerName(input.players.white, "white"), black: matPlayerName(input.players.black, "black") };
  let out = "";
  if (input.site !== undefined) out += `; [Site "${headerValue(input.site)}"]\n`;
  if (input.event !== undefined) out += `; [Event "${headerValue(input.event)}"]\n`;
  if (input.date !== undefined) out += `; [EventDate "${eventDate(input.date)}"]\n`;
  out += `\n ${matchLength} point match\n\n`;
  const score: Record<Color, number> = { white: 0, black: 0 };
  input.games.forEach((game, index) => {
    const written = writeGame(game, index + 1, names, score);
    out += written.text;
    if (written.winner) score[written.winner] += written.points;
  });
  return out;
}

/**
 * The games of a match record as .mat records, by folding the rules actions through `apply`. Declined resignations
 * leave no record (gnubg keeps none); a roll followed by an accepted resignation is a "roll" record, or a "move" with
 * no moves when the roll could not be played (gnubg reads an unplayable roll as played). A game still in progress is
 * included without its unplayed roll. Throws on actions the rules refuse: a stored record only holds accepted ones.
 */
export function matGamesFromActions(matchLength: number, actions: readonly MatchAction[]): MatGame[] {
  const games: MatGame[] = [];
  let records: MatRecord[] = [];
  let state = newMatch({ matchLength });
  let resignLevel: ResignLevel = 1;
  for (const [index, action] of actions.entries()) {
    const before = state;
    const next = apply(state, action);
    if (!next.ok) throw new Error(`action ${index + 1} (${action.type}) was refused: ${describeFailure(next)}`);
    state = next.value;
    // In the moving phase the dice are set and the player on roll has not played them yet.
    const dice = before.phase === "moving" && before.dice !== null ? highFirst(before.dice) : null;
    switch (action.type) {
      case "move":
        if (dice !== null) {
          const moves = action.moves.length === 0 ? [] : stepsOf(before.position, dice, action.moves).steps;
          records.push({ kind: "move", player: action.player, dice, moves });
        }
        break;
      case "double":
      case "take":
      case "drop":
        records.push({ kind: action.type, player: action.player });
        break;
      case "resign-offer":
        resignLevel = action.level;
        break;
      case "resign-accept":
        if (dice !== null && before.onRoll !== null) {
          const unplayable = legalPlays(before.position, dice).length === 0;
          records.push(unplayable ? { kind: "move", player: before.onRoll, dice, moves: [] } : { kind: "roll", player: before.onRoll, dice });
        }
        records.push({ kind: "resign", player: opponentOf(action.player), level: resignLevel });
        break;
      case "opening-roll":
      case "roll":
      case "resign-decline":
        break;
    }
    if (state.games.length > before.games.length) {
      games.push({ records });
      records = [];
    }
  }
  if (state.phase !== "opening" && state.phase !== "match-over") games.push({ records });
  return games;
}

/** gnubg writes the higher die first. */
function highFirst(dice: Dice): Dice {
  return dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
}
