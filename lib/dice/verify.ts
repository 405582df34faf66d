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
 *   report.checks.filter((c) => c.status === "failed"); // [{ id: "rolls-recomputed", nonce: 17, detail: "..." }]
 */
import { parseBundle, parseRecord } from "./bundle-schema";
import { CHECK_TITLES } from "./check-titles";
import { combineClientSeeds } from "./client-seed";
import { commitmentOf } from "./commitment";
import { checkOpeningResolution } from "./opening-check";
import { checkRecordDice, recordCheckWithout, showDice, sourceKey } from "./record";
import { createRoller } from "./roll";
import type { AuditBundle, CheckResult, Verdict, VerifyReport } from "./types";

/**
 * Verifies a bundle. `record` is the game record (a list of RecordTurn); both arguments are checked at run time,
 * since they usually come straight from JSON.
 */
export function verify(bundle: unknown, record?: unknown): VerifyReport {
  const parsed = parseBundle(bundle);
  if (!parsed.ok) {
    const skipped = (["commitment", "nonce-sequence", "rolls-recomputed", "opening-resolution", "record-dice"] as const).map(
      (id): CheckResult => ({ id, title: CHECK_TITLES[id], status: "skipped", detail: "Not run: the bundle could not be read.", say: { key: "notRun", values: {} } }),
    );
    return report([{ id: "bundle-format", title: CHECK_TITLES["bundle-format"], status: "failed", detail: parsed.message, say: { key: "failBundle", values: { message: parsed.message } } }, ...skipped]);
  }
  const b = parsed.value;
  return report([
    {
      id: "bundle-format",
      title: CHECK_TITLES["bundle-format"],
      status: "passed",
      detail: `A fair-dice-v1 bundle for match ${JSON.stringify(b.matchId)} with ${b.rolls.length} roll${b.rolls.length === 1 ? "" : "s"}.`,
      say: { key: "bundle", values: { match: b.matchId, rolls: b.rolls.length } },
    },
    checkCommitment(b),
    checkNonceSequence(b),
    checkRolls(b),
    checkOpeningResolution(b.rolls, b.serverSeed !== null),
    checkRecord(b, record !== undefined ? { value: record, source: "given separately" } : embeddedRecord(bundle)),
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

const NOT_REVEALED = "The server seed is not revealed yet; it will be when the match ends.";

function checkCommitment(b: AuditBundle): CheckResult {
  const base = { id: "commitment", title: CHECK_TITLES.commitment } as const;
  if (b.serverSeed === null) {
    return { ...base, status: "not-yet-revealed", detail: `${NOT_REVEALED} Commitment: ${b.commitment}.`, say: { key: "notRevealedCommitment", values: { commitment: b.commitment } } };
  }
  const actual = commitmentOf(b.serverSeed);
  return actual === b.commitment
    ? { ...base, status: "passed", detail: `SHA-256 of the revealed server seed is the published commitment ${b.commitment}.`, say: { key: "commitment", values: { commitment: b.commitment } } }
    : {
        ...base,
        status: "failed",
        detail: `SHA-256 of the revealed server seed is ${actual}, not the published commitment ${b.commitment}: the seed is not the one committed to.`,
        say: { key: "failCommitment", values: { actual, commitment: b.commitment } },
      };
}

function checkNonceSequence(b: AuditBundle): CheckResult {
  const base = { id: "nonce-sequence", title: CHECK_TITLES["nonce-sequence"] } as const;
  for (const [i, roll] of b.rolls.entries()) {
    if (roll.nonce === i) continue;
    const detail =
      roll.nonce > i
        ? `Roll ${i + 1} of the log has nonce ${roll.nonce} where nonce ${i} was due: ` +
          `nonce${roll.nonce - i === 1 ? ` ${i} is` : `s ${i} to ${roll.nonce - 1} are`} missing.`
        : `Roll ${i + 1} of the log has nonce ${roll.nonce} where nonce ${i} was due: nonce ${roll.nonce} is used again.`;
    const say: CheckResult["say"] =
      roll.nonce > i
        ? { key: "failNonceGap", values: { roll: i + 1, nonce: roll.nonce, due: i, last: roll.nonce - 1, missing: roll.nonce - i } }
        : { key: "failNonceRepeat", values: { roll: i + 1, nonce: roll.nonce, due: i } };
    return { ...base, status: "failed", detail, say, nonce: roll.nonce, game: roll.game };
  }
  return {
    ...base,
    status: "passed",
    detail: b.rolls.length === 0 ? "There are no rolls yet." : `Nonces run 0 to ${b.rolls.length - 1} with no gap and no repeat.`,
    say: b.rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "nonces", values: { last: b.rolls.length - 1 } },
  };
}

function checkRolls(b: AuditBundle): CheckResult {
  const base = { id: "rolls-recomputed", title: CHECK_TITLES["rolls-recomputed"] } as const;
  if (b.serverSeed === null) return { ...base, status: "not-yet-revealed", detail: NOT_REVEALED, say: { key: "notRevealed", values: {} } };
  const roller = createRoller(b.serverSeed, combineClientSeeds(b.clientSeeds.white, b.clientSeeds.black));
  let firstWrong: CheckResult | undefined;
  let wrong = 0;
  for (const roll of b.rolls) {
    const dice = roller.roll(roll.nonce);
    if (dice[0] === roll.dice[0] && dice[1] === roll.dice[1]) continue;
    wrong++;
    firstWrong ??= {
      ...base,
      status: "failed",
      detail: `The roll at nonce ${roll.nonce} (game ${roll.game}) is logged as ${showDice(roll.dice)}, but the seeds give ${showDice(dice)}.`,
      say: { key: "failRoll", values: { nonce: roll.nonce, game: roll.game, logged: showDice(roll.dice), computed: showDice(dice) } },
      nonce: roll.nonce,
      game: roll.game,
    };
  }
  if (firstWrong !== undefined) {
    return wrong === 1 ? firstWrong : {
          ...firstWrong,
          detail: `${firstWrong.detail} ${wrong} rolls differ in all; this is the first.`,
          say: { key: "failRolls", values: { ...firstWrong.say.values, wrong } },
        };
  }
  return {
    ...base,
    status: "passed",
    detail: `All ${b.rolls.length} logged rolls equal the rolls computed from the server seed, the client seeds and their nonces.`,
    say: { key: "rolls", values: { rolls: b.rolls.length } },
  };
}

interface RecordInput {
  readonly value: unknown;
  /** Where the record came from, as the English detail says it; `sourceKey` turns it into a message value. */
  readonly source: string;
}

function embeddedRecord(bundle: unknown): RecordInput | undefined {
  const value = (bundle as { record?: unknown }).record;
  return value === undefined ? undefined : { value, source: "embedded in the bundle" };
}

function checkRecord(b: AuditBundle, input: RecordInput | undefined): CheckResult {
  if (input === undefined) return recordCheckWithout("Skipped: no game record given.", "skipped", { key: "noRecord", values: {} });
  const parsed = parseRecord(input.value);
  if (!parsed.ok) {
    return recordCheckWithout(`The game record (${input.source}) could not be read: ${parsed.message}`, "failed", {
      key: "failRecordUnreadable",
      values: { source: sourceKey(input.source), message: parsed.message },
    });
  }
  return checkRecordDice(b.rolls, parsed.value, input.source);
}
