/**
 * Verifying an exported .mat file by itself (docs/mat-format.md, "The dice's proofs"): the bundle its proof lines
 * spell, checked by lib/dice `verify` with the game record — its dice and its canonical lines, whose digest the site
 * signed — read from the file's own moves. One function for the command-line verifier and the site's verifier page,
 * so that both answer a tampered file alike: "not verified", with the check and the line named.
 *
 * @example
 *   const checked = verifyMat(text, { keys });
 *   if (checked.ok) checked.value.verdict; // "verified" only for a whole, signed, untouched file
 */
import { verify, type ProofKey, type VerifyReport } from "../dice";
import { ok, type Result } from "../engine/types";
import { proofFromMat } from "./mat-proof";

export interface VerifyMatOptions {
  /** The site's keys the verifier trusts. */
  readonly keys?: readonly ProofKey[];
  /** A game record given beside the file, which then replaces the moves' own for the record-dice check. */
  readonly record?: unknown;
}

/** The report of the file's proofs; ERR_BAD_MAT only for a file that has no proof lines at all. */
export function verifyMat(text: string, options: VerifyMatOptions = {}): Result<VerifyReport, "ERR_BAD_MAT"> {
  const read = proofFromMat(text);
  if (!read.ok) return read;
  const { bundle, lineProblem, record, recordLines, movesProblem } = read.value;
  if (lineProblem) {
    const protocol = bundle.protocol === "fair-dice-v1" ? "fair-dice-v1" : "fair-dice-v2";
    return ok({
      ...(protocol === "fair-dice-v2" && { protocol, games: [] }),
      verdict: "failed",
      checks: [{ id: "bundle-format", status: "failed", say: { key: "failMatLine", values: { ...lineProblem } } }],
    });
  }
  const separate = options.record !== undefined;
  return ok(
    verify(bundle, separate ? options.record : (record ?? undefined), {
      recordSource: separate ? "separate" : "mat",
      // Where the moves stop fitting and why, as the record-dice check words it.
      ...(!separate && movesProblem && { recordProblem: { line: movesProblem.line ?? 0, reason: movesProblem.reason ?? "unreadable" } }),
      recordLines,
      keys: options.keys ?? [],
    }),
  );
}
