/**
 * A verification report in English words, from messages/en.json (`verifyReport.*`), and the transparency log's
 * checks (`verifyReport.log.*`): the command-line verifier's lines and the admin console's failure sentences for
 * logs. Pages word the same checks in the reader's language (components/fairness/verify-report.tsx); lib/dice and
 * lib/transparency give each check only its id, status, place and `say`.
 *
 * @example
 *   checkTitle("rolls-recomputed"); // "3. Rolls recomputed"
 *   checkDetail(check);             // "The roll at nonce 7 (game 1) is logged as 6-1, but the seeds give 3-5."
 */
import type { CheckId, CheckIdV3, CheckResult, CheckResultV3 } from "@/lib/dice";
import type { LogCheck, LogCheckId } from "@/lib/transparency";
import { english } from "./english";

/** A check of either verifier: v1's and v2's (`verify`), or fair-dice-v3's (`verifyV3`). */
type AnyCheck = CheckResult | CheckResultV3;

export function checkTitle(id: CheckId | CheckIdV3): string {
  return english(`verifyReport.title.${id}`);
}

export function checkDetail(check: AnyCheck): string {
  return english(`verifyReport.detail.${check.say.key}`, check.say.values);
}

/** Where a check failed — "nonce 7, game 1" — or "" when it says no place. */
export function checkPlace(check: AnyCheck): string {
  const parts: string[] = [];
  if (check.nonce !== undefined) parts.push(english("verifyReport.atNonce", { nonce: check.nonce }));
  if (check.game !== undefined) parts.push(english("verifyReport.atGame", { game: check.game }));
  if (check.move !== undefined) parts.push(english("verifyReport.atMove", { move: check.move }));
  return parts.join(", ");
}

/** A transparency log check's title, "In the log" (lib/transparency/bundle-log.ts). */
export function logCheckTitle(id: LogCheckId): string {
  return english(`verifyReport.log.check.${id}`);
}

export function logCheckDetail(check: LogCheck): string {
  return english(`verifyReport.log.detail.${check.say.key}`, check.say.values);
}
