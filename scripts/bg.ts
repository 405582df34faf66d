/**
 * Command-line access to the rules engine, speaking GNU Backgammon's Position IDs.
 *
 *   npm run --silent bg -- legal POSID D1 D2     the position drawn, pip counts, and every legal play
 *   npm run --silent bg -- legal --batch         stdin lines "POSID D1 D2" → one JSON line each, in order:
 *     {"pos":"4HPwATDgc/ABMA","dice":[3,1],"moves":[{"move":"8/5 6/5","result":"<POSID>"}, …]}
 *
 * `eval`, `best` and `cube` (the analysis engine: probabilities, the chosen play, the cube decision) live in
 * scripts/bg/, see their docs.
 *
 * A Position ID has the player on roll encoded second (gnubg's convention); each result is the Position ID after the
 * play with the opponent on roll. Plays come in gnubg's generation order; "moves" is [] when the roll cannot be
 * played. In batch mode a bad line (a blank one too) gets {"error":"…"} on its own line and the tool goes on.
 *
 *   npm run --silent bg -- bearoff POSID | --batch   bear-off distribution of the side on roll (scripts/bg/bearoff.ts)
 *
 * Exit codes: 0 done; 2 wrong usage (unknown command, wrong arguments, a bad POSID or dice in single mode).
 *
 * @example
 *   printf '4HPwATDgc/ABMA 3 1\n' | npm run --silent bg -- legal --batch
 */
import { createInterface } from "node:readline";
import { englishError } from "@/i18n/english";
import {
  type Dice,
  type Position,
  decodePositionId,
  encodePositionId,
  legalPlays,
  opponentOf,
  pipCount,
  borneOff,
} from "@/lib/engine";
import { bearoffCommand } from "./bg/bearoff";
import { bestCommand } from "./bg/best";
import { cubeCommand } from "./bg/cube";
import { evalCommand } from "./bg/eval";

const USAGE = [
  "usage: npm run --silent bg -- legal POSID D1 D2",
  "       npm run --silent bg -- legal --batch  < lines of \"POSID D1 D2\"",
  "       npm run --silent bg -- eval POSID [--ply N] | eval --batch [--ply N]",
  "       npm run --silent bg -- best POSID D1 D2 [--ply N] | best --batch [--ply N]",
  "       npm run --silent bg -- cube POSID MATCHID [--ply N] | cube --batch [--ply N]",
  "       npm run --silent bg -- bearoff POSID | bearoff --batch",
].join("\n");

type Parsed = { ok: true; pos: Position; id: string; dice: Dice } | { ok: false; error: string };

function parseDie(text: string | undefined): number | null {
  return text !== undefined && /^[1-6]$/.test(text) ? Number(text) : null;
}

function parseRequest(id: string | undefined, d1: string | undefined, d2: string | undefined): Parsed {
  if (id === undefined) return { ok: false, error: "expected POSID D1 D2" };
  const decoded = decodePositionId(id, "white");
  if (!decoded.ok) return { ok: false, error: englishError(decoded.code, decoded.values) };
  const a = parseDie(d1);
  const b = parseDie(d2);
  if (a === null || b === null) return { ok: false, error: `dice must be two numbers 1-6, got "${d1 ?? ""}" "${d2 ?? ""}"` };
  return { ok: true, pos: decoded.value, id, dice: [a, b] as unknown as Dice };
}

function answer(request: Parsed & { ok: true }) {
  return {
    pos: request.id,
    dice: [...request.dice],
    moves: legalPlays(request.pos, request.dice).map((p) => ({ move: p.notation, result: encodePositionId(p.result) })),
  };
}

function batchLine(line: string): string {
  const fields = line.trim().split(/\s+/);
  const got = line.trim() === "" ? "an empty line" : `"${line}"`;
  const request = fields.length === 3 ? parseRequest(fields[0], fields[1], fields[2]) : { ok: false as const, error: `expected "POSID D1 D2", got ${got}` };
  return JSON.stringify(request.ok ? answer(request) : { error: request.error });
}

async function batch(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out: string[] = [];
  for await (const line of lines) {
    out.push(batchLine(line));
    if (out.length >= 1000) {
      process.stdout.write(`${out.join("\n")}\n`);
      out = [];
    }
  }
  if (out.length > 0) process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}

/** gnubg-style text board from the view of the player on roll: X on roll moving 24 → 1, O the opponent. */
function drawBoard(pos: Position): string {
  const mover = pos[pos.turn];
  const opponent = pos[opponentOf(pos.turn)];
  const cell = (point: number, row: number): string => {
    const mine = mover[point - 1] ?? 0;
    const theirs = opponent[24 - point] ?? 0;
    const count = mine || theirs;
    const mark = mine ? "X" : "O";
    if (count === 0 || row >= Math.min(count, 5)) return "  ";
    return row === 4 && count > 5 ? String(count).padStart(2) : ` ${mark}`;
  };
  const half = (points: number[], row: number) => points.map((p) => cell(p, row)).join(" ");
  const top = { left: [13, 14, 15, 16, 17, 18], right: [19, 20, 21, 22, 23, 24] };
  const bottom = { left: [12, 11, 10, 9, 8, 7], right: [6, 5, 4, 3, 2, 1] };
  const lines = [" +13-14-15-16-17-18------19-20-21-22-23-24-+"];
  for (let row = 0; row < 5; row++) lines.push(` |${half(top.left, row)} |   |${half(top.right, row)} |`);
  lines.push(` |                  |BAR|                  |   O on bar: ${opponent[24] ?? 0}, X on bar: ${mover[24] ?? 0}`);
  for (let row = 4; row >= 0; row--) lines.push(` |${half(bottom.left, row)} |   |${half(bottom.right, row)} |`);
  lines.push(" +12-11-10--9--8--7-------6--5--4--3--2--1-+");
  return lines.join("\n");
}

function single(args: readonly string[]): number {
  const request = parseRequest(args[0], args[1], args[2]);
  if (!request.ok || args.length !== 3) {
    process.stderr.write(`bg: ${request.ok ? "expected exactly POSID D1 D2" : request.error}\n${USAGE}\n`);
    return 2;
  }
  const { pos } = request;
  const them = opponentOf(pos.turn);
  const result = answer(request);
  const out = [
    `Position ID ${request.id}, X on roll with ${request.dice.join("-")}`,
    drawBoard(pos),
    `Pips: X ${pipCount(pos, pos.turn)}, O ${pipCount(pos, them)}. Borne off: X ${borneOff(pos, pos.turn)}, O ${borneOff(pos, them)}.`,
    result.moves.length === 0 ? "No legal play: the roll is forfeited." : `${result.moves.length} legal plays:`,
    ...result.moves.map((m, i) => `${String(i + 1).padStart(4)}. ${m.move.padEnd(24)} → ${m.result}`),
  ];
  process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}

async function main(args: readonly string[]): Promise<number> {
  if (args[0] === "legal" && args[1] === "--batch" && args.length === 2) return batch();
  if (args[0] === "legal" && args[1] !== "--batch") return single(args.slice(1));
  if (args[0] === "eval") return evalCommand(args.slice(1));
  if (args[0] === "best") return bestCommand(args.slice(1));
  if (args[0] === "cube") return cubeCommand(args.slice(1));
  if (args[0] === "bearoff") return bearoffCommand(args.slice(1));
  process.stderr.write(`bg: ${args.length === 0 ? "no command given" : `unknown usage "${args.join(" ")}"`}\n${USAGE}\n`);
  return 2;
}

// A promise, not a top-level await: the tests run this file as a CommonJS bundle (tests/support/server-bundle.ts).
// A failure still ends the process as an unhandled rejection, with its stack.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
