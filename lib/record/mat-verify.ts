/**
 * Verifying an exported .mat file by itself (docs/mat-format.md, "The dice's proofs"): the bundle its proof lines
 * spell, checked by lib/dice `verify` (`verifyV3` for a fair-dice-v3 file: verify-bundle.ts) with the game record — its dice and its canonical lines, whose digest the site
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
import { verifyBundle, type AnyVerifyReport, type VerifyBundleOptions } from "./verify-bundle";

export interface VerifyMatOptions {
  /** The site's keys the verifier trusts. */
  readonly keys?: readonly ProofKey[];
  /** A game record given beside the file, which then replaces the moves' own for the record-dice check. */
  readonly record?: unknown;
}

/**
 * The report of the file's proofs, by the verifier of its protocol (a fair-dice-v3 file by `verifyV3`); ERR_BAD_MAT
 * only for a file that has no proof lines at all.
 */
export function verifyMatFile(text: string, options: VerifyMatOptions = {}): Result<AnyVerifyReport, "ERR_BAD_MAT"> {
  return checkMat(text, options, verifyBundle, true);
}

/**
 * `verifyMatFile` for the callers that read only v1 and v2 reports (a fair-dice-v3 file is read as v1 would read it,
 * and fails its bundle-format check): the verifier page until it reads v3 reports.
 */
export function verifyMat(text: string, options: VerifyMatOptions = {}): Result<VerifyReport, "ERR_BAD_MAT"> {
  return checkMat(text, options, verify, false);
}

function checkMat<R extends AnyVerifyReport>(
  text: string,
  options: VerifyMatOptions,
  verifier: (bundle: unknown, record: unknown, options: VerifyBundleOptions) => R,
  readsV3: boolean,
): Result<R, "ERR_BAD_MAT"> {
  const read = proofFromMat(text);
  if (!read.ok) return read;
  const { bundle, lineProblem, record, recordLines, movesProblem } = read.value;
  if (lineProblem) {
    const checks = [{ id: "bundle-format", status: "failed", say: { key: "failMatLine", values: { ...lineProblem } } }] as const;
    const protocol = bundle.protocol === "fair-dice-v1" ? "fair-dice-v1" : bundle.protocol === "fair-dice-v3" && readsV3 ? "fair-dice-v3" : "fair-dice-v2";
    return ok({ ...(protocol !== "fair-dice-v1" && { protocol, games: [] }), verdict: "failed", checks } as unknown as R);
  }
  const separate = options.record !== undefined;
  return ok(
    verifier(bundle, separate ? options.record : (record ?? undefined), {
      recordSource: separate ? "separate" : "mat",
      // Where the moves stop fitting and why, as the record-dice check words it.
      ...(!separate && movesProblem && { recordProblem: { line: movesProblem.line ?? 0, reason: movesProblem.reason ?? "unreadable" } }),
      recordLines,
      keys: options.keys ?? [],
    }),
  );
}
