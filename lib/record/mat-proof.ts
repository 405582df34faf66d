/**
 * The proofs inside an exported .mat file (docs/mat-format.md, "The dice's proofs"): the match's audit bundle written
 * as header comments gnubg reads past — `; [FairDice Key "value"]`, one roll a line — so that the file alone lets
 * anyone verify its dice, with the game record (its dice, and the lines whose digest the site signed) taken from the
 * file's own moves. Every value written is from a closed alphabet (hex, decimal, client seeds and ids of
 * [A-Za-z0-9_-], names as the hex of their UTF-8), so nothing in it can end a line or a quote early.
 *
 * @example
 *   const text = withProof(makeMat(input), bundle);  // the .mat with its proof lines after the header
 *   const read = proofFromMat(text);                 // ok({ bundle, record, recordLines, lineProblem, movesProblem })
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { AuditBundle, AuditBundleV2, AuditBundleV3, BundleRoll, GameHeads, ProofSeat, RecordTurn } from "../dice";
import { parseMat } from "../engine/mat-parse";
import { err, ok, type FailureValues, type Result } from "../engine/types";
import { recordLinesOf } from "./record-lines";

const KEY = "FairDice";
/** A line of ours: `; [FairDice` then an optional key, then the quoted value. */
const LINE = /^; \[FairDice(?: ([A-Za-z]+))? "([^"]*)"\]$/;
const HEX64 = /^[0-9a-f]{64}$/;
const WORD = /^[A-Za-z0-9_-]{1,64}$/;
const ROLL = /^(\d{1,7}) (\d{1,3}) (opening|turn) (white|black|-) ([1-6])([1-6])(?: ([0-9a-f]{32}|-) ([0-9a-f]{32}|-)(?: ([0-9a-f]{64}|-) ([0-9a-f]{64}|-))?)?$/;
/** fair-dice-v3: a game's heads, "game white's,… black's,…" (each "-" for none). */
const CHAINS = /^([1-9]\d{0,2}) (-|[0-9a-f]{64}(?:,[0-9a-f]{64}){0,15}) (-|[0-9a-f]{64}(?:,[0-9a-f]{64}){0,15})$/;
const SEAT = /^(white|black) (?:-|(person|guest|computer) ([A-Za-z0-9_-]{1,64}) ((?:[0-9a-f]{2}){1,200}))$/;
const END = /^(finished|cancelled|abandoned|timeout) (white|black|-) (\d{1,3}) (\d{1,3}) (\d{1,3}) (\d{1,7})$/;
const SIGNATURE = /^(fg-ed25519-[0-9a-f]{16}) ([0-9a-f]{128})$/;

const line = (key: string | null, value: string) => `; [${KEY}${key ? ` ${key}` : ""} "${value}"]`;

/** The bundle of any protocol a .mat carries. */
export type MatBundle = (AuditBundle | AuditBundleV2 | AuditBundleV3) & { readonly transparency?: unknown };

type Pair = { readonly white?: string; readonly black?: string };

/** A roll: v1's five fields, v2's salts after them, v3's values after those. */
function rollLine(roll: BundleRoll & { readonly salts?: Pair; readonly values?: Pair }): string {
  const base = `${roll.nonce} ${roll.game} ${roll.kind} ${roll.player ?? "-"} ${roll.dice[0]}${roll.dice[1]}`;
  const salts = roll.salts || roll.values ? ` ${roll.salts?.white ?? "-"} ${roll.salts?.black ?? "-"}` : "";
  const values = roll.values ? ` ${roll.values.white ?? "-"} ${roll.values.black ?? "-"}` : "";
  return `${base}${salts}${values}`;
}

function headsValue(heads: readonly string[] | undefined): string {
  return heads && heads.length > 0 ? heads.join(",") : "-";
}

function seatValue(color: "white" | "black", seat: ProofSeat | null): string {
  return seat ? `${color} ${seat.kind} ${seat.id} ${bytesToHex(utf8ToBytes(seat.name))}` : `${color} -`;
}

/**
 * The bundle as proof lines: protocol, match, commitment, seeds, client seeds, then (a signed v2 or v3 proof) the
 * seats, the end and the record's digest, (v3) one line per game's chain heads, one line per roll (v3: with its
 * values after its salts), the signature, and the match's transparency log entries with proofs.
 */
export function proofLines(bundle: MatBundle): string[] {
  const lines = [line(null, bundle.protocol), line("Match", bundle.matchId), line("Commitment", bundle.commitment)];
  if (bundle.protocol !== "fair-dice-v1") {
    lines.push(line("MatchLength", String(bundle.matchLength)), line("ChainLength", String(bundle.chainLength)));
    for (const [game, seed] of Object.entries(bundle.gameSeeds).sort(([a], [b]) => Number(a) - Number(b))) lines.push(line("GameSeed", `${game} ${seed}`));
    if (bundle.computer) lines.push(line("Computer", bundle.computer));
  }
  lines.push(line("ServerSeed", bundle.serverSeed ?? "-"), line("ClientSeeds", `${bundle.clientSeeds.white} ${bundle.clientSeeds.black}`));
  if (bundle.protocol !== "fair-dice-v1") {
    if (bundle.seats) lines.push(line("Seat", seatValue("white", bundle.seats.white)), line("Seat", seatValue("black", bundle.seats.black)));
    const end = bundle.end;
    if (end !== undefined) lines.push(line("End", end ? `${end.reason} ${end.winner ?? "-"} ${end.score.white} ${end.score.black} ${end.games} ${end.rolls}` : "-"));
    if (bundle.recordDigest) lines.push(line("Record", bundle.recordDigest));
  }
  if (bundle.protocol === "fair-dice-v3") {
    for (const [game, heads] of Object.entries(bundle.chains).sort(([a], [b]) => Number(a) - Number(b))) lines.push(line("Chains", `${game} ${headsValue(heads.white)} ${headsValue(heads.black)}`));
  }
  for (const roll of bundle.rolls) lines.push(line("Roll", rollLine(roll)));
  if (bundle.protocol !== "fair-dice-v1" && bundle.signature) lines.push(line("Signature", `${bundle.signature.keyId} ${bundle.signature.value}`));
  // The match's entries in the public transparency log with their proofs (docs/transparency-log.md, section 9b), as
  // the hex of their JSON: outside the signed statement, since each proof carries its own signed head.
  if (bundle.transparency) lines.push(line("Log", bytesToHex(utf8ToBytes(JSON.stringify(bundle.transparency)))));
  return lines;
}

/** The .mat text with the proof lines after its header comments (before the blank line and " N point match"). */
export function withProof(mat: string, bundle: MatBundle): string {
  const lines = mat.split("\n");
  let at = 0;
  while (at < lines.length && (lines[at] ?? "").startsWith(";")) at++;
  return [...lines.slice(0, at), ...proofLines(bundle), ...lines.slice(at)].join("\n");
}

/** Why the proofs of a .mat could not be read: the first proof line that does not parse, or repeats an earlier one. */
export interface ProofLineProblem {
  readonly line: number;
  readonly problem: "unreadable" | "repeated";
  /** The line's key ("GameSeed", "Roll", …; "protocol" for the line without one). */
  readonly key: string;
}

/** What a .mat file's proofs and moves say, for the verifier (lib/record/mat-verify.ts). */
export interface MatProof {
  /** The bundle the proof lines spell, as JSON for the verifier to check like any bundle. */
  readonly bundle: Record<string, unknown>;
  /** Set when the proof lines cannot be trusted to spell a bundle at all: the bundle-format check fails with it. */
  readonly lineProblem: ProofLineProblem | null;
  /** The record of the moves (null when the rules refuse them: `movesProblem` says where). */
  readonly record: RecordTurn[] | null;
  /** The moves as canonical record lines (lib/record/record-lines.ts), whose digest a signed proof carries. */
  readonly recordLines: string[] | null;
  readonly movesProblem: FailureValues | null;
}

/** Keys that appear once; GameSeed and Chains once per game, Seat once per seat, Roll once per nonce. */
function uniqueKeyOf(key: string | undefined, value: string): string {
  switch (key) {
    case "GameSeed":
    case "Chains":
    case "Seat":
    case "Roll":
      return `${key} ${value.split(" ", 1)[0] ?? ""}`;
    default:
      return key ?? "protocol";
  }
}

/** Reads one proof line into the fields; false when its value is not of its key's form. */
function readLine(
  key: string | undefined,
  value: string,
  fields: Record<string, unknown>,
  gameSeeds: Record<string, string>,
  rolls: Record<string, unknown>[],
  chains: Record<string, GameHeads>,
): boolean {
  switch (key) {
    case undefined:
      if (value !== "fair-dice-v1" && value !== "fair-dice-v2" && value !== "fair-dice-v3") return false;
      fields.protocol = value;
      return true;
    case "Match":
    case "Computer":
      if (!WORD.test(value)) return false;
      fields[key === "Match" ? "matchId" : "computer"] = value;
      return true;
    case "Commitment":
    case "Record":
      if (!HEX64.test(value)) return false;
      fields[key === "Commitment" ? "commitment" : "recordDigest"] = value;
      return true;
    case "MatchLength":
    case "ChainLength":
      if (!/^\d{1,3}$/.test(value)) return false;
      fields[key === "MatchLength" ? "matchLength" : "chainLength"] = Number(value);
      return true;
    case "GameSeed": {
      // Game numbers as the bundle's keys: decimal without leading zeros ("01" is no game number).
      const seed = /^([1-9]\d{0,2}) ([0-9a-f]{64})$/.exec(value);
      if (!seed) return false;
      gameSeeds[seed[1] ?? ""] = seed[2] ?? "";
      return true;
    }
    case "Chains": {
      const heads = CHAINS.exec(value);
      if (!heads) return false;
      const [, game = "", white = "-", black = "-"] = heads;
      chains[game] = { ...(white !== "-" && { white: white.split(",") }), ...(black !== "-" && { black: black.split(",") }) };
      return true;
    }
    case "ServerSeed":
      if (value !== "-" && !HEX64.test(value)) return false;
      fields.serverSeed = value === "-" ? null : value;
      return true;
    case "ClientSeeds": {
      const [white, black, extra] = value.split(" ");
      if (!white || !black || extra !== undefined || !WORD.test(white) || !WORD.test(black)) return false;
      fields.clientSeeds = { white, black };
      return true;
    }
    case "Seat": {
      const seat = SEAT.exec(value);
      if (!seat) return false;
      const [, color = "", kind, id, name = ""] = seat;
      const seats = (fields.seats ??= { white: null, black: null }) as Record<string, unknown>;
      if (kind === undefined) {
        seats[color] = null;
        return true;
      }
      try {
        seats[color] = { kind, id, name: new TextDecoder("utf-8", { fatal: true }).decode(hexToBytes(name)) };
        return true;
      } catch {
        return false;
      }
    }
    case "End": {
      if (value === "-") {
        fields.end = null;
        return true;
      }
      const end = END.exec(value);
      if (!end) return false;
      const [, reason, winner, white, black, games, count] = end;
      fields.end = { reason, winner: winner === "-" ? null : winner, score: { white: Number(white), black: Number(black) }, games: Number(games), rolls: Number(count) };
      return true;
    }
    case "Log":
      // Read as it is; the log's checks (lib/transparency/bundle-log.ts) judge its contents.
      try {
        if (!/^(?:[0-9a-f]{2})+$/.test(value)) return false;
        fields.transparency = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(hexToBytes(value))) as unknown;
        return true;
      } catch {
        return false;
      }
    case "Signature": {
      const signature = SIGNATURE.exec(value);
      if (!signature) return false;
      fields.signature = { keyId: signature[1], value: signature[2] };
      return true;
    }
    case "Roll": {
      const roll = ROLL.exec(value);
      if (!roll) return false;
      const [, nonce, game, kind, player, die1, die2, white, black, whiteValue, blackValue] = roll;
      const entry: Record<string, unknown> = { nonce: Number(nonce), game: Number(game), kind, player: player === "-" ? null : player, dice: [Number(die1), Number(die2)] };
      if (white !== undefined) entry.salts = { ...(white !== "-" && { white }), ...(black !== "-" && { black }) };
      if (whiteValue !== undefined) entry.values = { ...(whiteValue !== "-" && { white: whiteValue }), ...(blackValue !== "-" && { black: blackValue }) };
      rolls.push(entry);
      return true;
    }
    default:
      // A key of a later version: ignored, as gnubg ignores ours.
      return true;
  }
}

/**
 * The bundle the proof lines of a .mat spell and the game record of its moves: one turn per roll played or left
 * unplayed, in order, the opening move by its opener. A .mat writes a roll's higher die first, so the record keeps
 * each roll's two dice but not their order (the record-dice check compares them as a pair: lib/dice/record.ts, source
 * "mat"). ERR_BAD_MAT only for a file with no proof line at all; a proof line that cannot be read or repeats an earlier
 * one (two GameSeed lines for one game: which would count?) is `lineProblem`, and moves the rules refuse are
 * `movesProblem` — the file is then "not verified", with the check and the line named.
 */
export function proofFromMat(text: string): Result<MatProof, "ERR_BAD_MAT"> {
  const fields: Record<string, unknown> = {};
  const gameSeeds: Record<string, string> = {};
  const rolls: Record<string, unknown>[] = [];
  const chains: Record<string, GameHeads> = {};
  const seen = new Set<string>();
  let lineProblem: ProofLineProblem | null = null;
  let any = false;
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n|\r/);
  for (const [index, raw] of lines.entries()) {
    if (!raw.startsWith(`; [${KEY}`)) continue;
    any = true;
    if (lineProblem) continue;
    const match = LINE.exec(raw);
    const [, key, value = ""] = match ?? [];
    const unique = uniqueKeyOf(key, value);
    if (!match || !readLine(key, value, fields, gameSeeds, rolls, chains)) lineProblem = { line: index + 1, problem: "unreadable", key: key ?? "protocol" };
    else if (seen.has(unique)) lineProblem = { line: index + 1, problem: "repeated", key: key ?? "protocol" };
    seen.add(unique);
  }
  if (!any || (fields.protocol === undefined && lineProblem === null)) return err("ERR_BAD_MAT", { reason: "noProof", line: 1 });
  const bundle: Record<string, unknown> = { ...fields, rolls };
  if (fields.protocol === "fair-dice-v2" || fields.protocol === "fair-dice-v3") {
    bundle.gameSeeds = gameSeeds;
    bundle.computer ??= null;
  }
  if (fields.protocol === "fair-dice-v3") bundle.chains = chains;
  const parsed = parseMat(text);
  if (!parsed.ok) return ok({ bundle, lineProblem, record: null, recordLines: null, movesProblem: parsed.values ?? { reason: "unreadable" } });
  const record: RecordTurn[] = parsed.value.games.flatMap((game, index) =>
    game.records.flatMap((entry): RecordTurn[] => (entry.kind === "move" || entry.kind === "roll" ? [{ game: index + 1, player: entry.player, dice: [entry.dice[0], entry.dice[1]] }] : [])),
  );
  return ok({ bundle, lineProblem, record, recordLines: recordLinesOf(parsed.value.games), movesProblem: null });
}
