import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { ENTRY_FORMAT, entryLeafHash, type LogEntry } from "./entry";
import { consistencyProof, rootHash } from "./merkle";
import { MAX_KEPT_HEADS, allowKey, headToRecheck, initialMonitorState, latestHead, monitorStep, parseMonitorState, type Fetched, type MonitorState } from "./monitor";
import { signTreeHead, type SignedTreeHead } from "./tree-head";

const SITE = "https://fairgammon.example";
const keyOf = (name: string) => sha256(utf8ToBytes(`monitor test key: ${name}`));
const SITE_KEY = keyOf("site");
const publicHex = (key: Uint8Array) => bytesToHex(ed25519.getPublicKey(key));
const T0 = 1767225600000;

/** Entry i of a log of matches: each match is created, and ended two entries later. */
function entryAt(i: number, record = "played"): LogEntry {
  const match = `m_match${Math.floor(i / 2)}`;
  return i % 2 === 0
    ? { format: ENTRY_FORMAT, kind: "match-created", matchId: match, protocol: "fair-dice-v2", commitment: bytesToHex(sha256(utf8ToBytes(`commitment ${i}`))), createdAt: T0 + i }
    : { format: ENTRY_FORMAT, kind: "match-ended", matchId: match, recordDigest: bytesToHex(sha256(utf8ToBytes(`${record} ${i}`))), endedAt: T0 + i };
}

/** A site's log as the monitor sees it: its entries, heads signed on request, proofs between them. */
function siteLog(entries: readonly LogEntry[], key = SITE_KEY) {
  const leaves = entries.map(entryLeafHash);
  return {
    head: (size: number, timestamp = T0 + 1000 * size): SignedTreeHead => signTreeHead({ treeSize: size, rootHash: bytesToHex(rootHash(leaves.slice(0, size))), timestamp }, key),
    proof: (from: number, to: number): string[] => {
      const proof = consistencyProof(leaves, from, to);
      if (!proof.ok) throw new Error(proof.reason);
      return proof.proof.map(bytesToHex);
    },
    page: (start: number, count: number) => entries.slice(start, start + count).map((entry, i) => ({ index: start + i, entry })),
    publicKey: publicHex(key),
  };
}
type SiteLog = ReturnType<typeof siteLog>;

const ORIGINAL = Array.from({ length: 20 }, (_, i) => entryAt(i));
/** The same log with match 2's end (entry 5) given another record, every head after it signed anew from scratch. */
const REWRITTEN = ORIGINAL.map((entry, i) => (i === 5 ? entryAt(5, "rewritten") : entry));

/** What the shell would fetch from `log` when its latest head has `size` entries. */
function fetchedAt(state: MonitorState, log: SiteLog, size: number, extra: Partial<Fetched> = {}): Fetched {
  const latest = latestHead(state);
  const head = log.head(size);
  const consistency = latest && size > latest.treeSize ? { from: log.head(latest.treeSize), to: head, proof: log.proof(latest.treeSize, size) } : undefined;
  return { at: T0 + 5000 * size, site: { publicKey: log.publicKey, keyId: "fg-ed25519-test" }, head, ...(consistency && { consistency }), ...extra };
}

/** A monitor that followed `log` through the sizes, with no finding on the way. */
function followed(log: SiteLog, sizes: readonly number[], state = initialMonitorState(SITE)): MonitorState {
  for (const size of sizes) {
    const result = monitorStep(state, fetchedAt(state, log, size));
    expect(result.findings).toEqual([]);
    state = result.state;
  }
  return state;
}

const kinds = (result: { findings: readonly { kind: string }[] }) => result.findings.map((finding) => finding.kind);

describe("monitorStep on an honest log", () => {
  const log = siteLog(ORIGINAL);

  it("pins the key on first use, then follows each head that extends the last", () => {
    const first = monitorStep(initialMonitorState(SITE), fetchedAt(initialMonitorState(SITE), log, 3));
    expect(first.progress).toMatchObject({ pinned: log.publicKey, followed: { kind: "first" } });
    const next = monitorStep(first.state, fetchedAt(first.state, log, 11));
    expect(next.findings).toEqual([]);
    expect(next.progress.followed).toMatchObject({ kind: "extended", from: { treeSize: 3 }, to: { treeSize: 11 } });
    expect(monitorStep(next.state, fetchedAt(next.state, log, 11)).progress.followed).toMatchObject({ kind: "unchanged" });
    expect(next.state.seen.count).toBe(2);
    expect(parseMonitorState(JSON.parse(JSON.stringify(next.state)))).toEqual({ ok: true, state: next.state });
  });

  it("re-fetches each kept head in turn, and audits the entries against every signed root they pass", () => {
    let state = followed(log, [2, 4, 9, 16]);
    const rechecked = [0, 1, 2, 3].map(() => {
      const size = headToRecheck(state)!.treeSize;
      state = monitorStep(state, { at: T0, recheck: { size, head: log.head(size) } }).state;
      return size;
    });
    expect(rechecked).toEqual([2, 4, 9, 2]);
    const first = monitorStep(state, { at: T0, entries: { start: 0, entries: log.page(0, 10) } });
    expect(first.progress.audited).toEqual({ from: 0, to: 10, matched: [2, 4, 9] });
    // Entries past the latest head wait for a head that covers them.
    const rest = monitorStep(first.state, { at: T0, entries: { start: 10, entries: log.page(10, 10) } });
    expect(rest.findings).toEqual([]);
    expect(rest.state.audit).toMatchObject({ size: 16, matched: 16 });
  });
  it("keeps a bounded spread of the heads it saw, from the first to the latest", () => {
    const long = siteLog(Array.from({ length: MAX_KEPT_HEADS + 1 }, (_, i) => entryAt(i)));
    // Only the latest head is checked against: the ones before it stand in for a long history.
    const standIn = long.head(1);
    const history = Array.from({ length: MAX_KEPT_HEADS - 1 }, (_, i) => ({ head: { ...standIn, treeSize: i + 1 }, seenAt: T0 }));
    const state: MonitorState = { ...initialMonitorState(SITE, long.publicKey), heads: [...history, { head: long.head(MAX_KEPT_HEADS), seenAt: T0 }] };
    const result = monitorStep(state, fetchedAt(state, long, MAX_KEPT_HEADS + 1));
    expect(result.findings).toEqual([]);
    const sizes = result.state.heads.map((seen) => seen.head.treeSize);
    expect(sizes).toHaveLength(MAX_KEPT_HEADS / 2 + 1);
    expect([sizes[0], sizes[1], sizes.at(-2), sizes.at(-1)]).toEqual([1, 3, MAX_KEPT_HEADS - 1, MAX_KEPT_HEADS + 1]);
    expect(result.state.seen).toEqual({ count: 1, digest: expect.not.stringMatching(state.seen.digest) });
    expect(parseMonitorState(result.state)).toMatchObject({ ok: true });
  });
});

describe("monitorStep names what the site did", () => {
  const original = siteLog(ORIGINAL);
  const rewritten = siteLog(REWRITTEN);

  it("a log rewritten at one entry and re-signed: the old size's new root is a fork, the extension inconsistent", () => {
    const state = followed(original, [4, 8]);
    const result = monitorStep(state, fetchedAt(state, rewritten, 12));
    expect(kinds(result)).toEqual(["fork", "inconsistent"]);
    expect(result.findings[0]).toMatchObject({ source: "consistency", older: original.head(8), newer: rewritten.head(8) });
    expect(result.findings[1]).toMatchObject({ older: original.head(8), newer: rewritten.head(12), proof: rewritten.proof(8, 12), merkle: { ok: false } });
    // Not followed: the next run sees the same again.
    expect(latestHead(result.state)).toEqual(original.head(8));
    expect(kinds(monitorStep(result.state, fetchedAt(state, rewritten, 12)))).toEqual(["fork", "inconsistent"]);
    expect(result.state.findings).toHaveLength(2);
    // A head before the rewritten entry is the same in both; the one after is not, when re-fetched.
    expect(monitorStep(state, { at: T0, recheck: { size: 4, head: rewritten.head(4) } }).findings).toEqual([]);
    expect(monitorStep(state, { at: T0, recheck: { size: 8, head: rewritten.head(8) } }).findings).toMatchObject([{ kind: "fork", source: "recheck" }]);
  });

  it("a rewritten entry in the served entries, whether the tree was kept or rebuilt from scratch at a larger size", () => {
    // Heads followed without auditing; the audit starts after the rewrite.
    const state = followed(original, [4, 8, 12]);
    const underOldTree = monitorStep(state, { at: T0, entries: { start: 0, entries: rewritten.page(0, 12) } });
    expect(kinds(underOldTree)).toEqual(["entries-mismatch"]);
    expect(underOldTree.findings[0]).toMatchObject({ head: original.head(8), matched: 4, start: 0 });
    expect(underOldTree.state.audit).toEqual(state.audit);
    // The site re-signs the rewritten log consistently from scratch at 20: its heads are inconsistent with the kept ones…
    const rebuilt = monitorStep(state, { ...fetchedAt(state, rewritten, 20), entries: { start: 0, entries: rewritten.page(0, 20) } });
    expect(kinds(rebuilt)).toEqual(["fork", "inconsistent", "entries-mismatch"]);
    // …and a monitor that audited before the rewrite names its entries alone.
    const audited = monitorStep(state, { at: T0, entries: { start: 0, entries: original.page(0, 4) } }).state;
    expect(kinds(monitorStep(audited, { at: T0, entries: { start: 4, entries: rewritten.page(4, 8) } }))).toEqual(["entries-mismatch"]);
  });

  it("a malformed entry, and entries that are not the list asked for", () => {
    const state = followed(original, [4]);
    const page = original.page(0, 4);
    const bad = [...page.slice(0, 2), { index: 2, entry: { ...page[2]!.entry, extra: 1 } }, page[3]];
    expect(monitorStep(state, { at: T0, entries: { start: 0, entries: bad } }).findings).toMatchObject([{ kind: "malformed-entry", index: 2 }]);
    expect(monitorStep(state, { at: T0, entries: { start: 0, entries: original.page(1, 3) } }).findings).toMatchObject([{ kind: "malformed-entry", index: 0 }]);
    expect(monitorStep(state, { at: T0, entries: { start: 0, entries: "entries" } }).findings).toMatchObject([{ kind: "malformed-entry" }]);
  });

  it("a shrunk log, and a log that has no head after one was seen", () => {
    const state = followed(original, [4, 12]);
    expect(monitorStep(state, fetchedAt(state, original, 8)).findings).toMatchObject([{ kind: "shrunk", older: original.head(12), newer: original.head(8) }]);
    expect(monitorStep(state, fetchedAt(state, rewritten, 8)).findings).toMatchObject([{ kind: "shrunk" }]);
    expect(monitorStep(state, { at: T0, site: { publicKey: original.publicKey }, head: null }).findings).toMatchObject([{ kind: "shrunk", newer: null }]);
    expect(monitorStep(state, fetchedAt(state, original, 4)).findings).toMatchObject([{ kind: "shrunk" }]);
  });

  it("a fork at the same size, served as the latest head", () => {
    const state = followed(original, [8]);
    expect(monitorStep(state, fetchedAt(state, rewritten, 8)).findings).toMatchObject([{ kind: "fork", source: "head", older: original.head(8), newer: rewritten.head(8) }]);
  });

  it("time running backwards", () => {
    const state = followed(original, [8]);
    const early = original.head(12, T0);
    const result = monitorStep(state, { ...fetchedAt(state, original, 12), head: early, consistency: { from: original.head(8), to: early, proof: original.proof(8, 12) } });
    expect(result.findings).toMatchObject([{ kind: "time-reversed", older: original.head(8), newer: early }]);
  });

  it("another key: key-changed, unless the user allowed it; a bad signature; a head that is not one", () => {
    const state = followed(original, [4]);
    const stranger = siteLog(ORIGINAL, keyOf("stranger"));
    expect(monitorStep(state, fetchedAt(state, stranger, 8)).findings).toMatchObject([{ kind: "key-changed", pinned: [original.publicKey], served: stranger.publicKey }]);
    // Allowed: the new key's heads are checked against the old key's.
    const allowed = allowKey(state, stranger.publicKey);
    expect(monitorStep(allowed, fetchedAt(allowed, stranger, 8)).findings).toEqual([]);
    const further = monitorStep(allowed, fetchedAt(allowed, stranger, 8)).state;
    expect(kinds(monitorStep(further, fetchedAt(further, siteLog(REWRITTEN, keyOf("stranger")), 12)))).toEqual(["fork", "inconsistent"]);
    const acrossKeys = followed(original, [8]);
    expect(kinds(monitorStep(allowKey(acrossKeys, stranger.publicKey), fetchedAt(acrossKeys, siteLog(REWRITTEN, keyOf("stranger")), 12)))).toEqual(["fork", "inconsistent"]);
    // The site says its pinned key but signs with another.
    expect(monitorStep(state, { ...fetchedAt(state, stranger, 8), site: { publicKey: original.publicKey } }).findings).toMatchObject([{ kind: "bad-signature", source: "head" }]);
    // Pinned by the user before the first run: the site's key must be it.
    expect(monitorStep(initialMonitorState(SITE, stranger.publicKey), fetchedAt(initialMonitorState(SITE), original, 4)).findings).toMatchObject([{ kind: "key-changed" }]);
    const malformed = monitorStep(state, { at: T0, site: { publicKey: original.publicKey }, head: { ...original.head(4), treeSize: 2 ** 60 } });
    expect(malformed.findings).toMatchObject([{ kind: "malformed-head", issue: expect.stringContaining("treeSize") }]);
    const huge = monitorStep(state, { at: T0, site: { publicKey: original.publicKey }, head: "x".repeat(100_000) });
    expect(huge.findings).toMatchObject([{ kind: "malformed-head", served: expect.stringContaining("not kept") }]);
  });

  it("refuses a state file that is not one", () => {
    const state = followed(original, [4, 8]);
    expect(parseMonitorState({ ...state, heads: [...state.heads].reverse() })).toMatchObject({ ok: false, issue: expect.stringContaining("order") });
    expect(parseMonitorState({ ...state, keys: ["zz"] })).toMatchObject({ ok: false, issue: expect.stringContaining("keys.0") });
    expect(parseMonitorState(null)).toMatchObject({ ok: false });
  });
});
