/**
 * What `bg eval`, `bg best` and `bg cube` share: the --ply and --batch options, Position IDs and dice from text, the
 * evaluator (the committed network with the bear-off database), the batch loop (one JSON line out per line in,
 * {"error": …} for a bad line), and the command around them (runCommand: one request from the arguments, or --batch).
 *
 * @example
 *   const opts = parseOptions(["4HPwATDgc/ABMA", "--ply", "1"]); // { ply: 1, plyGiven: true, batch: false, rest: ["4HPwATDgc/ABMA"] }
 *   runCommand(args, USAGE, "Position IDs", (fields, options) => answer(fields, options.ply));
 */
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { englishError } from "@/i18n/english";
import { type Dice, type Position, decodePositionId } from "@/lib/engine";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import type { Evaluator, Ply } from "@/lib/analysis/types";

export interface CommandOptions {
  readonly ply: Ply;
  /** Whether --ply was given (`ply` is then 0 by default). */
  readonly plyGiven: boolean;
  readonly batch: boolean;
  readonly rest: readonly string[];
}

const PLIES: readonly Ply[] = [0, 1, 2, 3];

export function parseOptions(args: readonly string[]): CommandOptions | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { batch: { type: "boolean" }, ply: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  const ply = values.ply ?? "0";
  const depth = PLIES.find((p) => String(p) === ply);
  if (depth === undefined) return { error: `--ply takes 0, 1, 2 or 3, got "${ply}"` };
  return { ply: depth, plyGiven: values.ply !== undefined, batch: values.batch === true, rest: positionals };
}

export function parsePosition(id: string | undefined): Position | { error: string } {
  if (id === undefined || id === "") return { error: "expected a Position ID" };
  const decoded = decodePositionId(id, "white");
  return decoded.ok ? decoded.value : { error: englishError(decoded.code, decoded.values) };
}

export function parseDice(d1: string | undefined, d2: string | undefined): Dice | { error: string } {
  const ok = (t: string | undefined) => t !== undefined && /^[1-6]$/.test(t);
  if (!ok(d1) || !ok(d2)) return { error: `dice must be two numbers 1-6, got "${d1 ?? ""}" "${d2 ?? ""}"` };
  return [Number(d1), Number(d2)] as unknown as Dice;
}

let evaluator: Evaluator | null = null;

export function sharedEvaluator(): Evaluator {
  evaluator ??= createEvaluator({ bearoff: loadBearoffDatabase() });
  return evaluator;
}

/** Reads stdin line by line and writes `answer(fields)` as one JSON line per line, in order. */
export async function runBatch(answer: (fields: readonly string[]) => object): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const fields = line.trim() === "" ? [] : line.trim().split(/\s+/);
    process.stdout.write(`${JSON.stringify(answer(fields))}\n`);
  }
  return 0;
}

/** Runs one request from the command line: prints its JSON, or the error and usage with exit code 2. */
export function runSingle(answer: object, usage: string): number {
  if ("error" in answer) {
    process.stderr.write(`bg: ${String(answer.error)}\n${usage}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  return 0;
}

/**
 * A command's whole run: its options from `args`, then one answer to the rest of the arguments, or with --batch one
 * per line of stdin (`batchInput` names what the lines hold, for the error when arguments come with --batch too).
 */
export function runCommand(args: readonly string[], usage: string, batchInput: string, answer: (fields: readonly string[], options: CommandOptions) => object): number | Promise<number> {
  const options = parseOptions(args);
  if ("error" in options) return runSingle(options, usage);
  if (options.batch) {
    if (options.rest.length > 0) return runSingle({ error: `--batch reads ${batchInput} from stdin, not arguments` }, usage);
    return runBatch((fields) => answer(fields, options));
  }
  return runSingle(answer(options.rest, options), usage);
}
