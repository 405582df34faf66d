/**
 * The proofs inside an exported .mat file (docs/mat-format.md, "The dice's proofs"): the match's audit bundle written
 * as header comments gnubg reads past — `; [FairDice Key "value"]`, one roll a line — so that the file alone lets
 * anyone verify its dice, with the game record taken from the file's own moves. Every value written is from a closed
 * alphabet (hex, decimal, client seeds and ids of [A-Za-z0-9_-]), so nothing in it can end a line or a quote early.
 *
 * @example
 *   const text = withProof(makeMat(input), bundle);  // the .mat with its proof lines after the header
 *   const read = proofFromMat(text);                 // ok({ bundle, record }): verify(read.value.bundle, read.value.record)
 */
import type { AuditBundle, AuditBundleV2, BundleRoll, RecordTurn } from "../dice";
import { parseMat } from "../engine/mat-parse";
import { err, ok, type Failed, type Result } from "../engine/types";

const KEY = "FairDice";
/** A line of ours: `; [FairDice` then an optional key, then the quoted value. */
const LINE = /^; \[FairDice(?: ([A-Za-z]+))? "([^"]*)"\]$/;
const HEX64 = /^[0-9a-f]{64}$/;
const WORD = /^[A-Za-z0-9_-]{1,64}$/;
const ROLL = /^(\d{1,7}) (\d{1,3}) (opening|turn) (white|black|-) ([1-6])([1-6])(?: ([0-9a-f]{32}|-) ([0-9a-f]{32}|-))?$/;

const line = (key: string | null, value: string) => `; [${KEY}${key ? ` ${key}` : ""} "${value}"]`;

function rollLine(roll: BundleRoll & { readonly salts?: { readonly white?: string; readonly black?: string } }): string {
  const base = `${roll.nonce} ${roll.game} ${roll.kind} ${roll.player ?? "-"} ${roll.dice[0]}${roll.dice[1]}`;
  return roll.salts ? `${base} ${roll.salts.white ?? "-"} ${roll.salts.black ?? "-"}` : base;
}

/** The bundle as proof lines: protocol, match, commitment, seeds, client seeds, then one line per roll. */
export function proofLines(bundle: AuditBundle | AuditBundleV2): string[] {
  const lines = [line(null, bundle.protocol), line("Match", bundle.matchId), line("Commitment", bundle.commitment)];
  if (bundle.protocol === "fair-dice-v2") {
    lines.push(line("MatchLength", String(bundle.matchLength)), line("ChainLength", String(bundle.chainLength)));
    for (const [game, seed] of Object.entries(bundle.gameSeeds).sort(([a], [b]) => Number(a) - Number(b))) lines.push(line("GameSeed", `${game} ${seed}`));
    if (bundle.computer) lines.push(line("Computer", bundle.computer));
  }
  lines.push(line("ServerSeed", bundle.serverSeed ?? "-"), line("ClientSeeds", `${bundle.clientSeeds.white} ${bundle.clientSeeds.black}`));
  for (const roll of bundle.rolls) lines.push(line("Roll", rollLine(roll)));
  return lines;
}

/** The .mat text with the proof lines after its header comments (before the blank line and " N point match"). */
export function withProof(mat: string, bundle: AuditBundle | AuditBundleV2): string {
  const lines = mat.split("\n");
  let at = 0;
  while (at < lines.length && (lines[at] ?? "").startsWith(";")) at++;
  return [...lines.slice(0, at), ...proofLines(bundle), ...lines.slice(at)].join("\n");
}

const bad = (line: number): Failed<"ERR_BAD_MAT"> => err("ERR_BAD_MAT", { reason: "proofLine", line });

/**
 * The bundle the proof lines of a .mat spell (as JSON, for the verifier to check like any bundle) and the game record
 * of its moves: one turn per roll played or left unplayed, in order, the opening move by its opener. A .mat writes a
 * roll's higher die first, so the record keeps each roll's two dice but not their order (the record-dice check
 * compares them as a pair: lib/dice/record.ts, source "mat").
 */
export function proofFromMat(text: string): Result<{ readonly bundle: Record<string, unknown>; readonly record: RecordTurn[] }, "ERR_BAD_MAT"> {
  const fields: Record<string, unknown> = {};
  const gameSeeds: Record<string, string> = {};
  const rolls: Record<string, unknown>[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n|\r/);
  for (const [index, raw] of lines.entries()) {
    if (!raw.startsWith(`; [${KEY}`)) continue;
    const number = index + 1;
    const match = LINE.exec(raw);
    if (!match) return bad(number);
    const [, key, value = ""] = match;
    switch (key) {
      case undefined:
        if (value !== "fair-dice-v1" && value !== "fair-dice-v2") return bad(number);
        fields.protocol = value;
        break;
      case "Match":
      case "Computer":
        if (!WORD.test(value)) return bad(number);
        fields[key === "Match" ? "matchId" : "computer"] = value;
        break;
      case "Commitment":
        if (!HEX64.test(value)) return bad(number);
        fields.commitment = value;
        break;
      case "MatchLength":
      case "ChainLength":
        if (!/^\d{1,3}$/.test(value)) return bad(number);
        fields[key === "MatchLength" ? "matchLength" : "chainLength"] = Number(value);
        break;
      case "GameSeed": {
        const seed = /^(\d{1,3}) ([0-9a-f]{64})$/.exec(value);
        if (!seed) return bad(number);
        gameSeeds[seed[1] ?? ""] = seed[2] ?? "";
        break;
      }
      case "ServerSeed":
        if (value !== "-" && !HEX64.test(value)) return bad(number);
        fields.serverSeed = value === "-" ? null : value;
        break;
      case "ClientSeeds": {
        const [white, black, extra] = value.split(" ");
        if (!white || !black || extra !== undefined || !WORD.test(white) || !WORD.test(black)) return bad(number);
        fields.clientSeeds = { white, black };
        break;
      }
      case "Roll": {
        const roll = ROLL.exec(value);
        if (!roll) return bad(number);
        const [, nonce, game, kind, player, die1, die2, white, black] = roll;
        const entry: Record<string, unknown> = { nonce: Number(nonce), game: Number(game), kind, player: player === "-" ? null : player, dice: [Number(die1), Number(die2)] };
        if (white !== undefined) entry.salts = { ...(white !== "-" && { white }), ...(black !== "-" && { black }) };
        rolls.push(entry);
        break;
      }
      default:
        // A key of a later version: ignored, as gnubg ignores ours.
        break;
    }
  }
  if (fields.protocol === undefined) return err("ERR_BAD_MAT", { reason: "noProof", line: 1 });
  const bundle: Record<string, unknown> = { ...fields, rolls };
  if (fields.protocol === "fair-dice-v2") {
    bundle.gameSeeds = gameSeeds;
    bundle.computer ??= null;
  }
  const parsed = parseMat(text);
  if (!parsed.ok) return parsed;
  const record: RecordTurn[] = parsed.value.games.flatMap((game, index) =>
    game.records.flatMap((entry): RecordTurn[] => (entry.kind === "move" || entry.kind === "roll" ? [{ game: index + 1, player: entry.player, dice: [entry.dice[0], entry.dice[1]] }] : [])),
  );
  return ok({ bundle, record });
}
