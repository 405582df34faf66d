/**
 * The fair-dice-v1 verifier (docs/fair-dice-v1.md, section 7): reads an audit bundle (and optionally the game record)
 * as untrusted data and reports every check one by one. It never throws on bad input — a malformed bundle fails the
 * "bundle format" check — and it never says "verified" on partial data.
 *
 * The game record is `record` if given, else a `record` field embedded in the bundle, else check 5 is skipped.
 *
 * @example
 *   const report = verify(JSON.parse(bundleText), JSON.parse(recordText));
 *   report.verdict; // "verified" | "failed" | "not-yet-revealed" | "incomplete"
 *   report.checks.filter((c) => c.status === "failed"); // [{ id: "rolls-recomputed", nonce: 17, say: { key: "failRoll", … } }]
 */
import { parseBundle } from "./bundle-schema";
import { combineClientSeeds } from "./client-seed";
import { commitmentOf } from "./commitment";
import { checkOpeningResolution } from "./opening-check";
import { checkRecordInput, recordInputOf } from "./record";
import { createRoller } from "./roll";
import { verifyV2, type VerifyV2Options } from "./verify-v2";
import type { AuditBundle, CheckResult, Verdict, VerifyReport } from "./types";
import { wrongRoll, wrongRolls } from "./wrong-rolls";

/**
 * Verifies a bundle. `record` is the game record (a list of RecordTurn); both arguments are checked at run time,
 * since they usually come straight from JSON. `options` are fair-dice-v2's (the trusted keys above all); v1 reads
 * only `recordSource`.
 */
export function verify(bundle: unknown, record?: unknown, options: VerifyV2Options = {}): VerifyReport {
  // A fair-dice-v2 bundle has its own verifier (verify-v2.ts); every other one is read as v1, as it always was.
  if ((bundle as { protocol?: unknown } | null)?.protocol === "fair-dice-v2") return verifyV2(bundle, record, options);
  const recordSource = options.recordSource ?? "separate";
  const parsed = parseBundle(bundle);
  if (!parsed.ok) {
    const skipped = (["commitment", "nonce-sequence", "rolls-recomputed", "opening-resolution", "record-dice"] as const).map(
      (id): CheckResult => ({ id, status: "skipped", say: { key: "notRun", values: {} } }),
    );
    return report([{ id: "bundle-format", status: "failed", say: { key: "failBundle", values: parsed.values ?? {} } }, ...skipped]);
  }
  const b = parsed.value;
  return report([
    { id: "bundle-format", status: "passed", say: { key: "bundle", values: { match: b.matchId, rolls: b.rolls.length } } },
    checkCommitment(b),
    checkNonceSequence(b),
    checkRolls(b),
    checkOpeningResolution(b.rolls, b.serverSeed !== null),
    checkRecordInput(b.rolls, options.recordProblem ? { value: undefined, source: recordSource, problem: options.recordProblem } : recordInputOf(bundle, record, recordSource)),
  ]);
}

function report(checks: CheckResult[]): VerifyReport {
  return { verdict: verdictOf(checks), checks };
}

function verdictOf(checks: readonly CheckResult[]): Verdict {
  if (checks.some((c) => c.status === "failed")) return "failed";
  if (checks.some((c) => c.status === "not-yet-revealed")) return "not-yet-revealed";
  if (checks.some((c) => c.status === "skipped")) return "incomplete";
  return "verified";
}

function checkCommitment(b: AuditBundle): CheckResult {
  const id = "commitment";
  if (b.serverSeed === null) return { id, status: "not-yet-revealed", say: { key: "notRevealedCommitment", values: { commitment: b.commitment } } };
  const actual = commitmentOf(b.serverSeed);
  return actual === b.commitment
    ? { id, status: "passed", say: { key: "commitment", values: { commitment: b.commitment } } }
    : { id, status: "failed", say: { key: "failCommitment", values: { actual, commitment: b.commitment } } };
}

function checkNonceSequence(b: AuditBundle): CheckResult {
  const id = "nonce-sequence";
  for (const [i, roll] of b.rolls.entries()) {
    if (roll.nonce === i) continue;
    const say: CheckResult["say"] =
      roll.nonce > i
        ? { key: "failNonceGap", values: { roll: i + 1, nonce: roll.nonce, due: i, last: roll.nonce - 1, missing: roll.nonce - i } }
        : { key: "failNonceRepeat", values: { roll: i + 1, nonce: roll.nonce, due: i } };
    return { id, status: "failed", say, nonce: roll.nonce, game: roll.game };
  }
  return {
    id,
    status: "passed",
    say: b.rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "nonces", values: { last: b.rolls.length - 1 } },
  };
}

function checkRolls(b: AuditBundle): CheckResult {
  const id = "rolls-recomputed";
  if (b.serverSeed === null) return { id, status: "not-yet-revealed", say: { key: "notRevealed", values: {} } };
  const roller = createRoller(b.serverSeed, combineClientSeeds(b.clientSeeds.white, b.clientSeeds.black));
  let firstWrong: CheckResult | undefined;
  let wrong = 0;
  for (const roll of b.rolls) {
    const dice = roller.roll(roll.nonce);
    if (dice[0] === roll.dice[0] && dice[1] === roll.dice[1]) continue;
    wrong++;
    firstWrong ??= wrongRoll(roll, dice);
  }
  if (firstWrong !== undefined) return wrongRolls(firstWrong, wrong);
  return { id, status: "passed", say: { key: "rolls", values: { rolls: b.rolls.length } } };
}

