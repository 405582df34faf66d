/**
 * The held-out checker-play set: positions from GNU Backgammon's games against itself, each with its roll and every
 * legal play valued by gnubg at 2-ply (cubeless money equity for the mover). heldout-build.ts writes it and
 * heldout-judge.ts measures the engine on it; this file is their shared shape.
 *
 * @example
 *   const set = readHeldoutSet("scripts/strength/fixtures/heldout-20261204.jsonl");
 *   set[0]?.plays[0]?.equity; // gnubg's best play's equity
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Dice } from "@/lib/engine";

/** The reporting set (seed 20261204): the set the figures are measured on, the default of every script. */
export const REPORTING_SET = fileURLToPath(new URL("./fixtures/heldout-20261204.jsonl", import.meta.url));

/** The three groups figures are reported for; gnubg's classes crashed and contact are contact, bearoff* bear-off. */
export type HeldoutGroup = "contact" | "race" | "bearoff";

export interface HeldoutPlay {
  /** gnubg notation of the play, from our generator (lib/engine). */
  readonly move: string;
  /** The Position ID after the play, the opponent on roll. */
  readonly result: string;
  /** gnubg 2-ply cubeless money equity of the result, for the mover. */
  readonly equity: number;
}

export interface HeldoutPosition {
  /** Position ID before the play, the mover on roll (encoded second, gnubg's convention). */
  readonly pos: string;
  readonly dice: Dice;
  readonly group: HeldoutGroup;
  /** gnubg's class of the position (contact, crashed, race, bearoff1, …). */
  readonly gnubgClass: string;
  /** Every legal play, best first by gnubg. */
  readonly plays: readonly HeldoutPlay[];
}

export function groupOf(gnubgClass: string): HeldoutGroup | null {
  if (gnubgClass === "contact" || gnubgClass === "crashed") return "contact";
  if (gnubgClass === "race") return "race";
  if (gnubgClass.startsWith("bearoff")) return "bearoff";
  return null; // over, hypergammon
}

export function readHeldoutSet(file: string): HeldoutPosition[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as HeldoutPosition);
}
