/**
 * A monitor of the transparency log (docs/transparency-log.md, section 5c), as a pure state and step: it pins the
 * site's public key, keeps the signed heads it has seen, and checks every head it is shown against them — that the
 * site never signs two roots for one size, a smaller tree after a larger one, a larger tree at an earlier time, or a
 * tree that does not extend the last one it signed. With entries to audit it rebuilds the root itself, from the
 * entries the site serves, and names an entry rewritten under an unchanged tree (or a tree rebuilt around it).
 *
 * Everything the monitor fetched comes in as `unknown`, as parsed from the site's JSON; the shell (scripts/monitor.ts)
 * does the fetching and the clock. A finding carries the signed heads and the proof it rests on, so anyone can run
 * the same check again (`checkHeads` of lib/transparency/tree-head.ts). A head that led to a finding is never
 * followed: the monitor stays on the last head it trusts, so a fork stays loud on every later run instead of
 * becoming the new normal.
 *
 * @example
 *   let state = initialMonitorState("https://fairgammon.example");
 *   const fetched = { at: Date.now(), site: { publicKey, keyId }, head, consistency: { from, to, proof } };
 *   const result = monitorStep(state, fetched);   // { state, findings: [], progress: { followed: { from: 120, to: 131, … } } }
 *   state = result.state;
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import { entryLeafHash, parseEntry } from "./entry";
import { appendLeaf, frontierRoot, type MerkleFrontier } from "./frontier";
import type { MerkleFailed } from "./merkle";
import { checkHeads, parseTreeHead, signTreeHead, signedTreeHeadSchema, treeHeadMessage, verifyTreeHead, type SignedTreeHead } from "./tree-head";

export const MONITOR_FORMAT = "fairgammon-monitor-v1";

/**
 * How many heads the state keeps. Past it, every other older head is let go (the first and the latest stay), so a
 * monitor that runs for years keeps a spread over the whole history to re-fetch, in a file of bounded size; the
 * running digest still commits to every head seen.
 */
export const MAX_KEPT_HEADS = 4096;
/** How many findings the state keeps as evidence (the latest ones). */
export const MAX_KEPT_FINDINGS = 100;
/** Served values larger than this (as JSON) are not copied into a finding: a hostile site could fill the state. */
const MAX_KEPT_VALUE = 8192;

const HEX64 = /^[0-9a-f]{64}$/;
const hex64 = z.string().regex(HEX64);

/** A head the monitor accepted, and when (its own clock, ms) it first saw it: a bound on the head's time from outside. */
export interface SeenHead {
  readonly head: SignedTreeHead;
  readonly seenAt: number;
}

/** The entries audited so far: the first `size` entries, folded into the frontier the root is rebuilt from. */
export interface EntryAudit {
  readonly size: number;
  /** The frontier's hashes (lib/transparency/frontier.ts), 64 hex each. */
  readonly frontier: readonly string[];
  /** The largest size at which the rebuilt root was a signed root (0 before any). */
  readonly matched: number;
}

export type FindingKind =
  /** The site served something that is not a signed tree head. */
  | "malformed-head"
  /** A head not signed by a pinned key. */
  | "bad-signature"
  /** The site says its key is another than the pinned one(s), and the user has not allowed it. */
  | "key-changed"
  /** A signed head smaller than one seen before (or no head at all after one). */
  | "shrunk"
  /** Two signed heads of one size with different roots. */
  | "fork"
  /** A larger tree signed at an earlier time than a smaller one. */
  | "time-reversed"
  /** The consistency proof from the last head seen fails: the newer tree does not extend it. */
  | "inconsistent"
  /** The entries served do not rebuild a signed root: an entry was rewritten. */
  | "entries-mismatch"
  /** The site served something that is not a log entry where one should be. */
  | "malformed-entry";

/** Which request brought what a finding is about. */
export type FindingSource = "head" | "consistency" | "recheck" | "entries";

export type Evidence =
  | { readonly kind: "malformed-head"; readonly served: unknown; readonly issue: string }
  | { readonly kind: "bad-signature"; readonly served: unknown }
  | { readonly kind: "key-changed"; readonly pinned: readonly string[]; readonly served: unknown; readonly keyId: unknown }
  | { readonly kind: "shrunk"; readonly older: SignedTreeHead; readonly newer: SignedTreeHead | null }
  | { readonly kind: "fork" | "time-reversed"; readonly older: SignedTreeHead; readonly newer: SignedTreeHead }
  | { readonly kind: "inconsistent"; readonly older: SignedTreeHead; readonly newer: SignedTreeHead; readonly proof: readonly string[]; readonly merkle?: MerkleFailed }
  | {
      readonly kind: "entries-mismatch";
      readonly head: SignedTreeHead;
      /** The root the served entries rebuild to, at head.treeSize. */
      readonly rebuiltRoot: string;
      /** The audit's frontier before the entries below, and its size: entries [start, head.treeSize) then make rebuiltRoot. */
      readonly start: number;
      readonly frontier: readonly string[];
      /** The largest size whose signed root the audit did rebuild: the rewritten entry is at or after it. */
      readonly matched: number;
      readonly entries: readonly unknown[];
    }
  | { readonly kind: "malformed-entry"; readonly index: number; readonly served: unknown; readonly issue: string };

type SourcedEvidence = Evidence & { readonly source: FindingSource; readonly at: number };
/** A finding: its evidence, which request it came from, when (the monitor's clock), and the keys to check it with. */
export type Finding = SourcedEvidence & { readonly keys: readonly string[] };

export interface MonitorState {
  readonly format: typeof MONITOR_FORMAT;
  /** The site's address, as given: a state file is one site's. */
  readonly site: string;
  /** The Ed25519 public keys (64 hex) heads must be signed with: the first pinned, later ones as the user allowed. */
  readonly keys: readonly string[];
  /** Heads accepted, by growing size; the last is the latest, the one the next head must extend. */
  readonly heads: readonly SeenHead[];
  /** How many heads were accepted, and a running SHA-256 over each (message and signature) in the order seen. */
  readonly seen: { readonly count: number; readonly digest: string };
  /** How many re-fetches of kept heads were made: which one is next (`headToRecheck`). */
  readonly rechecks: number;
  readonly audit: EntryAudit;
  readonly findings: readonly Finding[];
}

/** What the shell fetched for one step; each part optional. Values are as parsed from the site's JSON. */
export interface Fetched {
  /** The monitor's clock, ms since 1970. */
  readonly at: number;
  /** /head's `publicKey` and `keyId`. */
  readonly site?: { readonly publicKey: unknown; readonly keyId?: unknown };
  /** /head's `head` (null: the site has signed none). */
  readonly head?: unknown;
  /** /consistency from the latest kept head's size to `head`'s. */
  readonly consistency?: { readonly from: unknown; readonly to: unknown; readonly proof: unknown };
  /** /heads/<size> for a size the monitor kept (`headToRecheck`). */
  readonly recheck?: { readonly size: number; readonly head: unknown };
  /** /entries from `start`: its `entries` list. */
  readonly entries?: { readonly start: number; readonly entries: unknown };
}

/** What a step did that was fine: what the shell says in its "ok" lines. */
export interface Progress {
  /** The site's key was pinned on first use. */
  readonly pinned?: string;
  readonly followed?: { readonly kind: "first"; readonly to: SignedTreeHead } | { readonly kind: "unchanged"; readonly to: SignedTreeHead } | { readonly kind: "extended"; readonly from: SignedTreeHead; readonly to: SignedTreeHead; readonly proofLength: number };
  readonly empty?: true;
  readonly rechecked?: { readonly size: number };
  readonly audited?: { readonly from: number; readonly to: number; readonly matched: readonly number[] };
}

export interface StepResult {
  readonly state: MonitorState;
  readonly findings: readonly Finding[];
  readonly progress: Progress;
}

const EMPTY_DIGEST = bytesToHex(sha256(new Uint8Array(0)));

/** A monitor that has seen nothing of `site` yet; `key` (64 hex), when given, is pinned instead of the site's first. */
export function initialMonitorState(site: string, key?: string): MonitorState {
  return {
    format: MONITOR_FORMAT,
    site,
    keys: key === undefined ? [] : [key],
    heads: [],
    seen: { count: 0, digest: EMPTY_DIGEST },
    rechecks: 0,
    audit: { size: 0, frontier: [], matched: 0 },
    findings: [],
  };
}

/** The state with `key` (64 hex) allowed too: the user's word that the site's new key is its own. */
export function allowKey(state: MonitorState, key: string): MonitorState {
  return state.keys.includes(key) ? state : { ...state, keys: [...state.keys, key] };
}

/** The head the next head must extend, or null before the first. */
export function latestHead(state: MonitorState): SignedTreeHead | null {
  return state.heads.at(-1)?.head ?? null;
}

/** The kept head to re-fetch next (/heads/<size>), cycling through all but the latest; null with fewer than two. */
export function headToRecheck(state: MonitorState): SignedTreeHead | null {
  const older = state.heads.length - 1;
  return older < 1 ? null : state.heads[state.rechecks % older]!.head;
}

const seenHeadSchema = z.strictObject({ head: signedTreeHeadSchema, seenAt: z.int().min(0) });
const monitorStateSchema = z.strictObject({
  format: z.literal(MONITOR_FORMAT),
  site: z.string(),
  keys: z.array(hex64),
  heads: z.array(seenHeadSchema).max(MAX_KEPT_HEADS),
  seen: z.strictObject({ count: z.int().min(0), digest: hex64 }),
  rechecks: z.int().min(0),
  audit: z.strictObject({ size: z.int().min(0), frontier: z.array(hex64).max(53), matched: z.int().min(0) }),
  // Findings are the monitor's own record; they are kept as written, not re-checked.
  findings: z.array(z.custom<Finding>((value) => typeof value === "object" && value !== null && "kind" in value && "source" in value)).max(MAX_KEPT_FINDINGS),
});

/** The state in `input` (a state file's JSON), or what is wrong with it. */
export function parseMonitorState(input: unknown): { readonly ok: true; readonly state: MonitorState } | { readonly ok: false; readonly issue: string } {
  const parsed = monitorStateSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, issue: first ? `${first.path.join(".") || "(state)"}: ${first.message}` : "not a monitor state" };
  }
  const state: MonitorState = parsed.data;
  const sizes = state.heads.map((seen) => seen.head.treeSize);
  if (sizes.some((size, i) => i > 0 && size <= sizes[i - 1]!)) return { ok: false, issue: "heads: not in growing order of size" };
  // The frontier has one hash for each 1-bit of its size (lib/transparency/frontier.ts): any other would not fold.
  if (state.audit.frontier.length !== state.audit.size.toString(2).replace(/0/g, "").length) return { ok: false, issue: "audit.frontier: not the frontier of audit.size entries" };
  return { ok: true, state };
}

/** The first pinned key (as bytes) the head's signature verifies with, or null. */
function signerOf(head: unknown, keys: readonly string[]): Uint8Array | null {
  for (const key of keys) {
    const bytes = hexToBytes(key);
    if (verifyTreeHead(head, bytes).ok) return bytes;
  }
  return null;
}

/**
 * The key a monitor re-signs both heads with when they were signed by two different pinned keys (a rotation the user
 * allowed): `checkHeads` takes one key, so after each head's own signature is checked with its own key, the size,
 * root, time and proof checks run on copies signed with this one. It signs nothing anyone else sees.
 */
const CROSS_KEY = sha256(utf8ToBytes("fairgammon monitor: re-signs two heads of two pinned keys for checkHeads only"));
const CROSS_PUBLIC = ed25519.getPublicKey(CROSS_KEY);

/** checkHeads between a kept head and a verified newer one, each signed by one of the pinned keys. */
function checkPair(older: SignedTreeHead, newer: SignedTreeHead, proof: readonly string[], keys: readonly string[]) {
  const olderKey = signerOf(older, keys);
  const newerKey = signerOf(newer, keys);
  if (olderKey !== null && newerKey !== null && bytesToHex(olderKey) === bytesToHex(newerKey)) return checkHeads(older, newer, proof, olderKey);
  return checkHeads(signTreeHead(older, CROSS_KEY), signTreeHead(newer, CROSS_KEY), proof, CROSS_PUBLIC);
}

/** A served value as a finding keeps it: itself, or a note of its size when it is too large to keep. */
function kept(value: unknown): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return "(a value that is not JSON)";
  }
  if (text === undefined) return null;
  return text.length <= MAX_KEPT_VALUE ? (JSON.parse(text) as unknown) : `(${text.length} characters of JSON, not kept)`;
}

/** Collects a step's findings; each is given the pinned keys as the step ends. */
class Findings {
  readonly list: SourcedEvidence[] = [];
  constructor(private readonly at: number) {}
  add(source: FindingSource, evidence: Evidence): void {
    this.list.push({ ...evidence, source, at: this.at });
  }
}

/**
 * The served value as a head signed by a pinned key, or null after adding the finding that says why it is not one
 * (malformed-head, bad-signature).
 */
function signedHead(served: unknown, source: FindingSource, keys: readonly string[], findings: Findings): SignedTreeHead | null {
  const parsed = parseTreeHead(served);
  if (!parsed.ok) {
    findings.add(source, { kind: "malformed-head", served: kept(served), issue: parsed.issue ?? "not a signed tree head" });
    return null;
  }
  if (signerOf(parsed.head, keys) === null) {
    findings.add(source, { kind: "bad-signature", served: parsed.head });
    return null;
  }
  return parsed.head;
}

/** The kept head of `size`, if any. */
function keptHead(state: MonitorState, size: number): SignedTreeHead | undefined {
  return state.heads.find((seen) => seen.head.treeSize === size)?.head;
}

/** A fork finding when a kept head of the same size as `head` has another root. */
function sameSizeCheck(state: MonitorState, head: SignedTreeHead, source: FindingSource, findings: Findings): boolean {
  const kept = keptHead(state, head.treeSize);
  if (kept === undefined || kept.rootHash === head.rootHash) return true;
  findings.add(source, { kind: "fork", older: kept, newer: head });
  return false;
}

/** The proof as a list of strings, when it is one of a sane length (a consistency proof has at most 2·53 hashes). */
function proofList(proof: unknown): string[] | null {
  return Array.isArray(proof) && proof.length <= 128 && proof.every((element) => typeof element === "string" && element.length <= 64) ? (proof as string[]) : null;
}

/** Thins the kept heads to MAX_KEPT_HEADS: every other head but the first and the latest goes. */
function thinned(heads: readonly SeenHead[]): readonly SeenHead[] {
  if (heads.length <= MAX_KEPT_HEADS) return heads;
  return heads.filter((_, i) => i % 2 === 0 || i === heads.length - 1);
}

function accepted(state: MonitorState, head: SignedTreeHead, at: number): MonitorState {
  const digest = bytesToHex(sha256(utf8ToBytes(`${state.seen.digest}\n${treeHeadMessage(head)}${head.signature}\n`)));
  return { ...state, heads: thinned([...state.heads, { head, seenAt: at }]), seen: { count: state.seen.count + 1, digest } };
}

interface HeadStep {
  state: MonitorState;
  progress: Progress;
}

/** The key the site says it signs with, against the pinned ones: pinned on first use, else a finding if not allowed. */
function keyStep(state: MonitorState, site: NonNullable<Fetched["site"]>, findings: Findings): HeadStep | null {
  if (state.keys.length === 0) {
    if (typeof site.publicKey !== "string" || !HEX64.test(site.publicKey)) {
      findings.add("head", { kind: "key-changed", pinned: [], served: kept(site.publicKey), keyId: kept(site.keyId) });
      return null;
    }
    return { state: { ...state, keys: [site.publicKey] }, progress: { pinned: site.publicKey } };
  }
  if (typeof site.publicKey === "string" && state.keys.includes(site.publicKey)) return { state, progress: {} };
  findings.add("head", { kind: "key-changed", pinned: state.keys, served: kept(site.publicKey), keyId: kept(site.keyId) });
  return null;
}

/** The site's latest head against the kept ones: followed when it extends the latest, else the findings why not. */
function headStep(state: MonitorState, fetched: Fetched, findings: Findings): HeadStep {
  const latest = latestHead(state);
  if (fetched.head === null) {
    if (latest !== null) findings.add("head", { kind: "shrunk", older: latest, newer: null });
    return { state, progress: latest === null ? { empty: true } : {} };
  }
  const head = signedHead(fetched.head, "head", state.keys, findings);
  if (head === null) return { state, progress: {} };
  if (latest === null) return { state: accepted(state, head, fetched.at), progress: { followed: { kind: "first", to: head } } };
  if (head.treeSize < latest.treeSize) {
    // The site's latest is smaller than a head it signed before; and if it was signed before, it must be the same.
    findings.add("head", { kind: "shrunk", older: latest, newer: head });
    sameSizeCheck(state, head, "head", findings);
    return { state, progress: {} };
  }
  if (head.treeSize === latest.treeSize) {
    if (!sameSizeCheck(state, head, "head", findings)) return { state, progress: {} };
    return { state, progress: { followed: { kind: "unchanged", to: latest } } };
  }
  return extendStep(state, latest, head, fetched, findings);
}

/** A larger head than the latest: the consistency proof between them, and the heads the proof came with. */
function extendStep(state: MonitorState, latest: SignedTreeHead, head: SignedTreeHead, fetched: Fetched, findings: Findings): HeadStep {
  const served = fetched.consistency;
  if (served === undefined) return { state, progress: {} };
  const before = findings.list.length;
  // The proof's own heads are the site's word for both sizes: another root for either is a fork, signed.
  const from = signedHead(served.from, "consistency", state.keys, findings);
  if (from !== null) sameSizeCheck(state, from, "consistency", findings);
  const to = signedHead(served.to, "consistency", state.keys, findings);
  if (to !== null && to.treeSize === head.treeSize && to.rootHash !== head.rootHash) findings.add("consistency", { kind: "fork", older: head, newer: to });
  const proof = proofList(served.proof) ?? [];
  const check = checkPair(latest, head, proof, state.keys);
  if (!check.ok) {
    if (check.reason === "time-reversed") findings.add("consistency", { kind: "time-reversed", older: latest, newer: head });
    else findings.add("consistency", { kind: "inconsistent", older: latest, newer: head, proof, ...(check.proof && { merkle: check.proof }) });
  }
  if (findings.list.length > before) return { state, progress: {} };
  return { state: accepted(state, head, fetched.at), progress: { followed: { kind: "extended", from: latest, to: head, proofLength: proof.length } } };
}

/** A kept head re-fetched from /heads/<size>: the site must still serve the same root for that size. */
function recheckStep(state: MonitorState, recheck: NonNullable<Fetched["recheck"]>, findings: Findings): MonitorState {
  const before = findings.list.length;
  const head = signedHead(recheck.head, "recheck", state.keys, findings);
  if (head !== null && head.treeSize !== recheck.size) findings.add("recheck", { kind: "malformed-head", served: head, issue: `treeSize: asked for the head of size ${recheck.size}` });
  else if (head !== null) sameSizeCheck(state, head, "recheck", findings);
  return findings.list.length === before ? { ...state, rechecks: state.rechecks + 1 } : state;
}

/**
 * Entries [audit.size, …) folded into the audit's frontier, the rebuilt root compared with every kept head's root the
 * audit passes. Entries past the latest head are left for a later step: no signed root covers them yet. On a finding
 * the audit keeps its state from before, so the next run fetches the same entries and says it again.
 */
function auditStep(state: MonitorState, page: NonNullable<Fetched["entries"]>, findings: Findings): { state: MonitorState; audited?: Progress["audited"] } {
  const { audit } = state;
  const limit = latestHead(state)?.treeSize ?? 0;
  if (page.start !== audit.size) throw new RangeError(`monitorStep: entries from ${page.start} given to an audit of ${audit.size}`);
  if (!Array.isArray(page.entries)) {
    findings.add("entries", { kind: "malformed-entry", index: audit.size, served: kept(page.entries), issue: "entries: not a list" });
    return { state };
  }
  const roots = new Map(state.heads.map((seen) => [seen.head.treeSize, seen.head]));
  let frontier: MerkleFrontier = { size: audit.size, hashes: audit.frontier.map((hash) => hexToBytes(hash)) };
  let matched = audit.matched;
  const matchedSizes: number[] = [];
  const served: unknown[] = page.entries;
  for (let i = 0; i < served.length && frontier.size < limit; i++) {
    const item = served[i] as { index?: unknown; entry?: unknown } | null;
    const index = audit.size + i;
    const entry = typeof item === "object" && item !== null && item.index === index ? parseEntry(item.entry) : null;
    if (entry === null || !entry.ok) {
      const issue = entry === null ? `not { "index": ${index}, "entry": … }` : (entry.issue ?? "not a log entry");
      findings.add("entries", { kind: "malformed-entry", index, served: kept(item), issue });
      return { state };
    }
    frontier = appendLeaf(frontier, entryLeafHash(entry.entry)).frontier;
    const head = roots.get(frontier.size);
    if (head === undefined) continue;
    const rebuiltRoot = bytesToHex(frontierRoot(frontier));
    if (rebuiltRoot !== head.rootHash) {
      findings.add("entries", { kind: "entries-mismatch", head, rebuiltRoot, start: audit.size, frontier: audit.frontier, matched, entries: served.slice(0, i + 1).map(kept) });
      return { state };
    }
    matched = frontier.size;
    matchedSizes.push(frontier.size);
  }
  const next: EntryAudit = { size: frontier.size, frontier: frontier.hashes.map(bytesToHex), matched };
  return { state: { ...state, audit: next }, audited: { from: audit.size, to: next.size, matched: matchedSizes } };
}

/**
 * One step of the monitor: the key, the latest head and its consistency proof, a re-fetched kept head, and entries to
 * audit, each when fetched. Returns the new state (with this step's findings kept in it) and the findings.
 */
export function monitorStep(state: MonitorState, fetched: Fetched): StepResult {
  const findings = new Findings(fetched.at);
  let progress: Progress = {};
  let next = state;
  const keyed = fetched.site === undefined ? { state, progress: {} } : keyStep(state, fetched.site, findings);
  // With a key the user has not allowed, nothing the site signs with it is checked: it would only fail as unsigned.
  if (keyed !== null) {
    next = keyed.state;
    progress = keyed.progress;
    if (fetched.head !== undefined) {
      const followed = headStep(next, fetched, findings);
      next = followed.state;
      progress = { ...progress, ...followed.progress };
    }
    if (fetched.recheck !== undefined) {
      const before = next.rechecks;
      next = recheckStep(next, fetched.recheck, findings);
      if (next.rechecks > before) progress = { ...progress, rechecked: { size: fetched.recheck.size } };
    }
    if (fetched.entries !== undefined) {
      const audited = auditStep(next, fetched.entries, findings);
      next = audited.state;
      if (audited.audited) progress = { ...progress, audited: audited.audited };
    }
  }
  const list: Finding[] = findings.list.map((finding) => ({ ...finding, keys: next.keys }));
  if (list.length > 0) next = { ...next, findings: [...next.findings, ...list].slice(-MAX_KEPT_FINDINGS) };
  return { state: next, findings: list, progress };
}
