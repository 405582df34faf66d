/**
 * Reading a Jellyfish .mat match file, as GNU Backgammon 1.07's `import mat` reads one (ImportMatVariation, ImportGame
 * and ParseMatMove in import.c): the same header comments, the same split of each line into the left (white, gnubg's
 * player 0) and right (black) column, and the same reading of an empty roll and of "Wins". Unlike gnubg it checks every
 * play with the rules engine and refuses the file, with the line, at the first thing that does not fit.
 *
 * @example
 *   const parsed = parseMat(text);
 *   if (parsed.ok) makeMat(parsed.value) === text; // for files gnubg or makeMat wrote
 */

import { resultMultiplier, type ResignLevel } from "./match-state";
import { canonicalOrder, type MatGame, type MatInput, type MatRecord } from "./mat";
import { legalPlays, validatePlay } from "./moves";
import { parseNotation } from "./notation";
import { gameResult, initialPosition } from "./position";
import { err, ok, opponentOf, type Color, type Dice, type DieValue, type Failed, type Position, type Result } from "./types";

export interface ParsedMatGame extends MatGame {
  /** The number after "Game". */
  readonly number: number;
  /** The score line: the score before the game. */
  readonly score: { readonly white: number; readonly black: number };
  /** How the game ended, or null when the file stops before it does. */
  readonly result: { readonly winner: Color; readonly points: number } | null;
}

export interface ParsedMat extends MatInput {
  readonly games: readonly ParsedMatGame[];
}

type Bad = Failed<"ERR_BAD_MAT">;

/** `; [Key "value"]` header comments gnubg reads; others are comments. */
function headerComment(line: string, into: { date?: string; event?: string; site?: string }): void {
  const match = /^[;#]\s*\[(Site|Event|EventDate) "(.*)"\]/.exec(line);
  if (!match) return;
  const value = match[2] ?? "";
  if (match[1] === "Site") into.site = value;
  if (match[1] === "Event") into.event = value;
  const date = /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/.exec(value);
  if (match[1] === "EventDate" && date) into.date = `${date[1]}-${date[2]?.padStart(2, "0")}-${date[3]?.padStart(2, "0")}`;
}

/** The score line " alice : 0                      bob : 3", read as gnubg does: a name ends at its colon. */
function scoreLine(line: string): { names: [string, string]; score: [number, number] } | null {
  const match = /^\s*([^:]*?)\s*:\s*(\d+)\s+([^:]*?)\s*:\s*(\d+)/.exec(line);
  if (!match) return null;
  return { names: [match[1] ?? "", match[3] ?? ""], score: [Number(match[2]), Number(match[4])] };
}

/** ImportGame's split of a record line into the left column (after "n)") and the right column, if any. */
export function splitColumns(line: string): [string, string | null] {
  const first = line.indexOf(":");
  const second = first < 0 ? -1 : line.indexOf(":", first + 1);
  let left = line;
  let right: string | null = null;
  if (second > 3) {
    left = line.slice(0, second - 3);
    right = line.slice(second - 2);
  } else if (line.length > 15 && line.indexOf("  ", 15) >= 0) {
    const at = line.indexOf("  ", 15);
    left = line.slice(0, at);
    right = line.slice(at + 1);
  }
  const paren = left.indexOf(")");
  return [paren >= 0 ? left.slice(paren + 1) : left, right];
}

/** One game being read: the board, the cube, and the records so far. */
interface GameReader {
  board: Position | null;
  cube: number;
  doubled: boolean;
  records: MatRecord[];
  result: { winner: Color; points: number } | null;
}

function levelFor(points: number, cube: number): ResignLevel {
  return points <= cube ? 1 : points <= 2 * cube ? 2 : 3;
}

/** ParseMatMove: one column's text for `player` on line `line`; why it does not fit, or null when it fitted. */
function readPart(text: string, player: Color, game: GameReader, line: number): Bad | null {
  const part = text.trim();
  if (part === "") return null;
  const roll = /^([1-6])([1-6]):(.*)$/.exec(part);
  if (game.result !== null && !/^wins?\b/i.test(part)) return err("ERR_BAD_MAT", { reason: "afterEnd", line, part });
  if (roll) {
    const dice: Dice = [Number(roll[1]) as DieValue, Number(roll[2]) as DieValue];
    game.board ??= initialPosition(player);
    const board = game.board;
    if (board.turn !== player) return err("ERR_BAD_MAT", { reason: "wrongTurn", line, player, turn: board.turn });
    const written = (roll[3] ?? "").trim();
    if (written === "" && legalPlays(board, dice).length > 0) {
      game.records.push({ kind: "roll", player, dice });
      return null;
    }
    const moves = parseNotation(written);
    if (!moves.ok) return err("ERR_BAD_MAT", { reason: "unreadableMoves", line, moves: written });
    const play = validatePlay(board, dice, moves.value);
    if (!play.ok) return err("ERR_BAD_MAT", { reason: "illegalPlay", line, player, play: written, dice: `${dice[0]}${dice[1]}` });
    game.records.push({ kind: "move", player, dice, moves: canonicalOrder(moves.value) });
    game.board = play.value.result;
    const ended = gameResult(play.value.result);
    if (ended) game.result = { winner: ended.winner, points: resultMultiplier(ended.kind) * game.cube };
    return null;
  }
  const word = part.toLowerCase();
  if (/^(double|beaver|raccoon)/.test(word)) {
    game.records.push({ kind: "double", player });
    game.doubled = true;
  } else if (word.startsWith("take")) {
    if (!game.doubled) return err("ERR_BAD_MAT", { reason: "takeWithoutDouble", line });
    game.records.push({ kind: "take", player });
    game.cube *= 2;
    game.doubled = false;
  } else if (word.startsWith("drop")) {
    if (!game.doubled) return err("ERR_BAD_MAT", { reason: "dropWithoutDouble", line });
    game.records.push({ kind: "drop", player });
    game.result = { winner: opponentOf(player), points: game.cube };
  } else if (word.startsWith("win")) {
    const points = Number.parseInt(word.slice(4), 10);
    if (!(points > 0)) return err("ERR_BAD_MAT", { reason: "unreadablePoints", line, part });
    if (game.result === null) {
      // Neither a bear-off nor a drop ended the game: the loser resigned, the level read from the points as gnubg does.
      const level = levelFor(points, game.cube);
      game.records.push({ kind: "resign", player: opponentOf(player), level });
      game.result = { winner: player, points: level * game.cube };
    } else if (game.result.winner !== player) {
      return err("ERR_BAD_MAT", { reason: "wrongWinner", line, part, player, winner: game.result.winner });
    }
  } else if (!word.startsWith("resign")) {
    return err("ERR_BAD_MAT", { reason: "unreadable", line, part });
  }
  return null;
}

/** Reads a .mat file; ERR_BAD_MAT names the first line that does not fit. */
export function parseMat(text: string): Result<ParsedMat, "ERR_BAD_MAT"> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n|\r/);
  const info: { date?: string; event?: string; site?: string } = {};
  let at = 0;
  let matchLength = -1;
  for (; at < lines.length && matchLength < 0; at++) {
    const line = lines[at] ?? "";
    if (line.startsWith(";") || line.startsWith("#")) headerComment(line, info);
    else matchLength = Number(/^\s*(\d+)\s+[Pp]oint\s+[Mm]atch/.exec(line)?.[1] ?? -1);
  }
  if (matchLength < 1) return err("ERR_BAD_MAT", { reason: "noMatchLine", line: at });
  const games: ParsedMatGame[] = [];
  let players: [string, string] = ["", ""];
  while (at < lines.length) {
    const header = /Game (\d+)/.exec(lines[at] ?? "");
    at++;
    if (!header) continue;
    while (at < lines.length && (lines[at] ?? "").trim() === "") at++;
    const scores = scoreLine(lines[at] ?? "");
    if (!scores) return err("ERR_BAD_MAT", { reason: "noScoreLine", line: at + 1 });
    players = scores.names;
    at++;
    const game: GameReader = { board: null, cube: 1, doubled: false, records: [], result: null };
    for (; at < lines.length && !(lines[at] ?? "").includes("Game "); at++) {
      const line = lines[at] ?? "";
      if (line.trim() === "") continue;
      const [left, right] = splitColumns(line);
      const problem = readPart(left, "white", game, at + 1) ?? (right === null ? null : readPart(right, "black", game, at + 1));
      if (problem !== null) return problem;
    }
    games.push({
      number: Number(header[1]),
      score: { white: scores.score[0], black: scores.score[1] },
      records: game.records,
      result: game.result,
    });
  }
  return ok({ matchLength, players: { white: players[0], black: players[1] }, games, ...info });
}
