/**
 * An audit document's place in the public log (docs/transparency-log.md, section 9b): the checks a verifier runs on
 * the bundle's `transparency` section, in the browser and on the command line alike. Four named checks:
 *
 *   log-present    the match's "match-created" entry is there, and its "match-ended" entry once the bundle has ended
 *                  (has an `end` or a `recordDigest`); a missing one is "unlogged", never passed
 *   log-entry      each entry names this match; the logged protocol and commitment are the bundle's, the logged record
 *                  digest is the bundle's (a record rewritten after the end fails here)
 *   log-key        the section's key is one the verifier trusts, under its own key id
 *   log-inclusion  each entry's proof leads to the root of a head that key signed (checkEntryInHead); a proof made
 *                  for another tree fails here, with the Merkle check's reason
 *
 * The bundle's own fields are read as they are: whether they are a valid bundle is the dice verifier's question.
 * Each check says what it found as a message key and values (`verifyReport.log.detail.<key>`), like lib/dice's
 * checks: the words are in the message files.
 *
 * @example
 *   const report = checkBundleLog(document, keys.map((key) => key.publicKey));
 *   report.verdict;  // "logged" | "failed" | "unlogged"
 *   report.latest;   // the largest head the bundle's proofs verified in: what a later head must extend
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { parseEntry, type LogEntry } from "./entry";
import { checkEntryInHead, type HeadFailed, type SignedTreeHead } from "./tree-head";

export type LogCheckId = "log-present" | "log-entry" | "log-key" | "log-inclusion";
export type LogCheckStatus = "passed" | "failed" | "unlogged";
/** Which of the match's two entries: its creation or its end. */
export type EntryRole = "created" | "ended";

export interface LogCheck {
  readonly id: LogCheckId;
  readonly status: LogCheckStatus;
  readonly say: { readonly key: string; readonly values: Readonly<Record<string, string | number>> };
}

/** Where an entry is in the log, as its proof shows: the head it was proved in. */
export interface LoggedEntry {
  readonly role: EntryRole;
  readonly index: number;
  readonly head: SignedTreeHead;
}

export interface BundleLogReport {
  /** "logged" only when every check passed; "failed" when any failed; "unlogged" when an entry is missing. */
  readonly verdict: "logged" | "failed" | "unlogged";
  readonly checks: readonly LogCheck[];
  /** The entries whose inclusion proofs verified, with their heads. */
  readonly entries: readonly LoggedEntry[];
  /** The largest of those heads (null without one): the one a later head of the site must be consistent with. */
  readonly latest: SignedTreeHead | null;
  /** The section's public key (64 hex), when it is one: what the heads are signed with. */
  readonly publicKey: string | null;
}

const HEX64 = /^[0-9a-f]{64}$/;
const KEY_ID_PREFIX = "fg-ed25519-";
const ROLES: readonly EntryRole[] = ["created", "ended"];
const KIND: Record<EntryRole, LogEntry["kind"]> = { created: "match-created", ended: "match-ended" };

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields | null => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null);
const text = (value: unknown): string => (typeof value === "string" ? value : "—");

/** As lib/dice's keyIdOf: "fg-ed25519-" and 16 hex of SHA-256 of the key's bytes (not imported: lib/transparency stands alone). */
function keyIdOf(publicKey: string): string {
  return KEY_ID_PREFIX + bytesToHex(sha256(hexToBytes(publicKey))).slice(0, 16);
}

const check = (id: LogCheckId, status: LogCheckStatus, key: string, values: Record<string, string | number> = {}): LogCheck => ({ id, status, say: { key, values } });

/** What the bundle says the log should hold: its match, protocol and commitment, and its record's digest once ended. */
interface Expected {
  readonly matchId: string;
  readonly protocol: unknown;
  readonly commitment: unknown;
  /** The bundle's recordDigest, or null while it has none (a running match, or a fair-dice-v1 bundle). */
  readonly recordDigest: string | null;
  /** Whether the bundle says the match ended (an `end`, or a record digest): then its end must be logged too. */
  readonly ended: boolean;
}

function expectedOf(document: Fields): Expected {
  return {
    matchId: text(document.matchId),
    protocol: document.protocol,
    commitment: document.commitment,
    recordDigest: typeof document.recordDigest === "string" ? document.recordDigest : null,
    ended: typeof document.recordDigest === "string" || fieldsOf(document.end) !== null,
  };
}

/** The bundle's two inclusions (each null when absent), and which of the expected ones are missing. */
function presence(section: Fields, expected: Expected): { check: LogCheck; inclusions: Partial<Record<EntryRole, Fields>> } {
  const inclusions: Partial<Record<EntryRole, Fields>> = {};
  for (const role of ROLES) {
    const inclusion = fieldsOf(section[role]);
    if (inclusion) inclusions[role] = inclusion;
  }
  const missing = ROLES.filter((role) => !inclusions[role] && (role === "created" || expected.ended));
  if (missing.length > 0) return { inclusions, check: check("log-present", "unlogged", "missing", { which: missing.length === 2 ? "both" : missing[0]! }) };
  return { inclusions, check: check("log-present", "passed", "present", { entries: Object.keys(inclusions).length }) };
}

/** The first way an inclusion's entry is not the bundle's, or null when it is. */
function entryProblem(role: EntryRole, served: unknown, expected: Expected): LogCheck | null {
  const parsed = parseEntry(served);
  if (!parsed.ok) return check("log-entry", "failed", "entryMalformed", { which: role, issue: parsed.issue ?? parsed.reason });
  const entry = parsed.entry;
  if (entry.kind !== KIND[role]) return check("log-entry", "failed", "entryWrongKind", { which: role, kind: entry.kind });
  if (entry.matchId !== expected.matchId) return check("log-entry", "failed", "entryOtherMatch", { which: role, logged: entry.matchId, match: expected.matchId });
  if (entry.kind === "match-created") {
    if (entry.protocol !== expected.protocol) return check("log-entry", "failed", "entryProtocol", { logged: entry.protocol, file: text(expected.protocol) });
    if (entry.commitment !== expected.commitment) return check("log-entry", "failed", "entryCommitment", { logged: entry.commitment, file: text(expected.commitment) });
  } else if (expected.recordDigest !== null && entry.recordDigest !== expected.recordDigest) {
    return check("log-entry", "failed", "entryDigest", { logged: entry.recordDigest, file: expected.recordDigest });
  }
  return null;
}

function entryCheck(inclusions: Partial<Record<EntryRole, Fields>>, expected: Expected): LogCheck {
  const present = ROLES.filter((role) => inclusions[role]);
  if (present.length === 0) return check("log-entry", "unlogged", "nothingToCompare");
  for (const role of present) {
    const problem = entryProblem(role, inclusions[role]!.entry, expected);
    if (problem) return problem;
  }
  // An ended entry beside a bundle without a digest (fair-dice-v1): its match is checked, its digest cannot be.
  const digest = !inclusions.ended ? "none" : expected.recordDigest === null ? "unchecked" : "checked";
  return check("log-entry", "passed", "entriesMatch", { digest });
}

/** The section's key as bytes when it is a key the verifier trusts under its own id; else the check that says why not. */
function keyCheck(section: Fields, trusted: readonly string[]): { check: LogCheck; key: string | null } {
  const publicKey = section.publicKey;
  if (typeof publicKey !== "string" || !HEX64.test(publicKey)) return { key: null, check: check("log-key", "failed", "keyMalformed") };
  const keyId = keyIdOf(publicKey);
  if (section.keyId !== undefined && section.keyId !== keyId) return { key: publicKey, check: check("log-key", "failed", "keyIdMismatch", { keyId: text(section.keyId), expected: keyId }) };
  if (!trusted.includes(publicKey)) return { key: publicKey, check: check("log-key", "failed", "keyUntrusted", { keyId }) };
  return { key: publicKey, check: check("log-key", "passed", "keyTrusted", { keyId }) };
}

function inclusionFailure(role: EntryRole, failure: HeadFailed): LogCheck {
  if (failure.reason === "not-included") return check("log-inclusion", "failed", "notIncluded", { which: role, reason: selectKey(failure.proof?.reason ?? "root-mismatch") });
  if (failure.reason === "bad-signature") return check("log-inclusion", "failed", "badSignature", { which: role });
  return check("log-inclusion", "failed", "inclusionMalformed", { which: role, issue: failure.issue ?? failure.reason });
}

function inclusionCheck(inclusions: Partial<Record<EntryRole, Fields>>, key: string | null): { check: LogCheck; entries: LoggedEntry[] } {
  const present = ROLES.filter((role) => inclusions[role]);
  if (present.length === 0) return { entries: [], check: check("log-inclusion", "unlogged", "nothingToProve") };
  if (key === null) return { entries: [], check: check("log-inclusion", "failed", "noKey") };
  const entries: LoggedEntry[] = [];
  for (const role of present) {
    const { entry, index, proof, head } = inclusions[role]!;
    if (typeof index !== "number" || !Number.isSafeInteger(index) || index < 0) return { entries, check: check("log-inclusion", "failed", "inclusionMalformed", { which: role, issue: "index" }) };
    if (!Array.isArray(proof)) return { entries, check: check("log-inclusion", "failed", "inclusionMalformed", { which: role, issue: "proof" }) };
    const result = checkEntryInHead(entry, index, proof as string[], head, hexToBytes(key));
    if (!result.ok) return { entries, check: inclusionFailure(role, result) };
    entries.push({ role, index, head: head as SignedTreeHead });
  }
  // Two heads of one size the key signed with different roots: the site showed two histories of its log.
  const [first, second] = entries;
  if (first && second && first.head.treeSize === second.head.treeSize && first.head.rootHash !== second.head.rootHash) {
    return { entries, check: check("log-inclusion", "failed", "fork", { size: first.head.treeSize }) };
  }
  return { entries, check: check("log-inclusion", "passed", "included", { entries: entries.length }) };
}

function verdictOf(checks: readonly LogCheck[]): BundleLogReport["verdict"] {
  if (checks.some((c) => c.status === "failed")) return "failed";
  return checks.some((c) => c.status === "unlogged") ? "unlogged" : "logged";
}

/**
 * The log checks of an audit document (a parsed JSON value) against the public keys (64 hex) the verifier trusts.
 * Never throws: whatever the document is, each check says what it found.
 */
export function checkBundleLog(document: unknown, trustedKeys: readonly string[]): BundleLogReport {
  const fields = fieldsOf(document) ?? {};
  const section = fieldsOf(fields.transparency);
  if (!section) {
    const checks = [check("log-present", "unlogged", "noSection"), check("log-entry", "unlogged", "nothingToCompare"), check("log-key", "unlogged", "noSection"), check("log-inclusion", "unlogged", "nothingToProve")];
    return { verdict: "unlogged", checks, entries: [], latest: null, publicKey: null };
  }
  const expected = expectedOf(fields);
  const present = presence(section, expected);
  const key = keyCheck(section, trustedKeys);
  const inclusion = inclusionCheck(present.inclusions, key.key);
  const checks = [present.check, entryCheck(present.inclusions, expected), key.check, inclusion.check];
  const heads = inclusion.entries.map((entry) => entry.head);
  const latest = heads.reduce<SignedTreeHead | null>((best, head) => (best === null || head.treeSize > best.treeSize ? head : best), null);
  return { verdict: verdictOf(checks), checks, entries: inclusion.check.status === "passed" ? inclusion.entries : [], latest: inclusion.check.status === "passed" ? latest : null, publicKey: key.key };
}

/** A reason as an ICU select key ("proof-length" → "proofLength"): the messages' selects cannot hold "-". */
export function selectKey(reason: string): string {
  return reason.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** A head's time as the reports print it, in UTC to the second: "2026-01-01 00:30:00 UTC". */
export function headTime(timestamp: number): string {
  return `${new Date(timestamp).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
