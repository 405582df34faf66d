/**
 * One verifier for a bundle of any dice protocol, as its `protocol` says: fair-dice-v3 by lib/dice `verifyV3`
 * (docs/fair-dice-v3.md, section 7), every other by `verify` (v2's own verifier for fair-dice-v2, v1 for the rest).
 * The command-line verifier, the .mat verifier and the admin console all ask this, so none reads a v3 bundle as v1.
 *
 * @example
 *   const report = verifyBundle(JSON.parse(text), undefined, { keys });
 *   report.verdict; // "verified" | "failed" | "not-yet-revealed" | "incomplete"
 */
import { verify, verifyV3, type CheckResult, type CheckResultV3, type VerifyReport, type VerifyReportV3, type VerifyV2Options } from "../dice";

/** A report of either verifier. */
export type AnyVerifyReport = VerifyReport | VerifyReportV3;

/** A check of either verifier. */
export type AnyCheckResult = CheckResult | CheckResultV3;

/** The options both verifiers read (a browser's kept values are the panel's, by protocol, and not taken here). */
export type VerifyBundleOptions = Omit<VerifyV2Options, "browser">;

export function verifyBundle(bundle: unknown, record?: unknown, options: VerifyBundleOptions = {}): AnyVerifyReport {
  if ((bundle as { protocol?: unknown } | null)?.protocol === "fair-dice-v3") return verifyV3(bundle, record, options);
  return verify(bundle, record, options);
}
