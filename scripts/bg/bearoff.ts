/**
 * `bg bearoff`: the one-sided bear-off database for the home board of the side on roll.
 *
 *   npm run --silent bg -- bearoff POSID      one JSON line {"expectedRolls": …, "distribution": [p1, p2, …]}
 *   npm run --silent bg -- bearoff --batch    stdin lines "POSID" → one JSON line each, in order
 *
 * p_n = P(the side on roll bears all its checkers off in exactly n rolls), from its first roll (p1) to the last
 * non-zero one; float64 values from lib/analysis/tables/bearoff-one-sided.bin. A side with every checker off gets
 * {"expectedRolls":0,"distribution":[]}.
 * Errors: a bad Position ID, or a side on roll with a checker outside its home board or on the bar, gives
 * {"error": "…", "code": "ERR_…"}; in single mode on stdout with exit code 2, in batch mode on that line's place (the
 * tool goes on). Wrong arguments: a message and the usage on stderr, exit 2.
 *
 * @example
 *   npm run --silent bg -- bearoff BQAAAAMAAAAAAA      # two checkers on the 6-point: only doubles of 3+ in one roll
 *   {"expectedRolls":2.1096107681755827,"distribution":[0.1111111111111111,0.6712962962962963,0.21446…,0.00312…]}
 */
import { createInterface } from "node:readline";
import { englishError } from "@/i18n/english";
import type { BearoffDatabase } from "@/lib/analysis/bearoff-database";
import { homeBoardOf } from "@/lib/analysis/bearoff-race";
import { decodePositionId } from "@/lib/engine";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";

export const BEAROFF_USAGE = "usage: npm run --silent bg -- bearoff POSID\n       npm run --silent bg -- bearoff --batch  < lines of \"POSID\"";

type Answer = { expectedRolls: number; distribution: readonly number[] } | { error: string; code: string };

export function bearoffAnswer(db: BearoffDatabase, id: string): Answer {
  const decoded = decodePositionId(id, "white");
  if (!decoded.ok) return { error: englishError(decoded.code, decoded.values), code: decoded.code };
  const pos = decoded.value;
  const home = homeBoardOf(pos[pos.turn]);
  if (home === null) {
    return { error: `the side on roll has checkers outside its home board or on the bar in ${id}`, code: "ERR_NOT_BEAROFF" };
  }
  return { expectedRolls: db.expectedRolls(home), distribution: db.distribution(home) };
}

async function batch(): Promise<number> {
  const db = loadBearoffDatabase();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out: string[] = [];
  for await (const line of lines) {
    const fields = line.trim().split(/\s+/);
    const answer: Answer =
      fields.length === 1 && fields[0] !== ""
        ? bearoffAnswer(db, fields[0] ?? "")
        : { error: `expected "POSID", got ${line.trim() === "" ? "an empty line" : `"${line}"`}`, code: "ERR_BAD_LINE" };
    out.push(JSON.stringify(answer));
    if (out.length >= 1000) {
      process.stdout.write(`${out.join("\n")}\n`);
      out = [];
    }
  }
  if (out.length > 0) process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}

/** Runs `bg bearoff` with the arguments after the command name; returns the exit code. */
export async function bearoffCommand(args: readonly string[]): Promise<number> {
  if (args.length === 1 && args[0] === "--batch") return batch();
  if (args.length !== 1 || (args[0] ?? "").startsWith("--")) {
    process.stderr.write(`bg: bearoff expects exactly one POSID or --batch, got "${args.join(" ")}"\n${BEAROFF_USAGE}\n`);
    return 2;
  }
  const answer = bearoffAnswer(loadBearoffDatabase(), args[0] ?? "");
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  return "error" in answer ? 2 : 0;
}
