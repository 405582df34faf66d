/**
 * The log checks of an audit document, on real logs built with lib/transparency and a throwaway key: a finished and
 * a running match pass; every way a bundle's log section can be wrong fails in the check that names it, and a missing
 * entry is unlogged, never passed.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { ENTRY_FORMAT, entryLeafHash, type LogEntry } from "./entry";
import { testLog } from "./bundle-log-fixture";
import { inclusionProof, rootHash } from "./merkle";
import { signTreeHead } from "./tree-head";
import { checkBundleLog, headTime, type BundleLogReport, type LogCheckId } from "./bundle-log";

const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const PRIVATE_KEY = sha256(utf8ToBytes("bundle-log test key: throwaway"));
const PUBLIC_KEY = bytesToHex(ed25519.getPublicKey(PRIVATE_KEY));
const OTHER_KEY = sha256(utf8ToBytes("bundle-log test: somebody else's key"));
const T0 = 1767225600000;

const MATCH = "m_bundlelog1";
const COMMITMENT = hex("commitment 1");
const DIGEST = hex("record 1");

/** A log of a few matches around ours: other matches' entries before, between and after. */
const ENTRIES: LogEntry[] = [
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_before01", protocol: "fair-dice-v2", commitment: hex("before"), createdAt: T0 - 1000 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: MATCH, protocol: "fair-dice-v2", commitment: COMMITMENT, createdAt: T0 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_between1", protocol: "fair-dice-v2", commitment: hex("between"), createdAt: T0 + 1000 },
  { format: ENTRY_FORMAT, kind: "match-ended", matchId: "m_before01", recordDigest: hex("record before"), endedAt: T0 + 2000 },
  { format: ENTRY_FORMAT, kind: "match-ended", matchId: MATCH, recordDigest: DIGEST, endedAt: T0 + 3000 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_after001", protocol: "fair-dice-v2", commitment: hex("after"), createdAt: T0 + 4000 },
];
const LOG = testLog(ENTRIES, PRIVATE_KEY, T0);
const LEAVES = LOG.leaves;
const headOf = (size: number) => LOG.headOf(size);
const inclusion = (index: number, size: number, key?: Uint8Array) => LOG.inclusion(index, size, key);

/** The audit document of our match, ended, its entries proved in the head of the whole log. */
function finished(): Record<string, unknown> {
  return {
    protocol: "fair-dice-v2",
    matchId: MATCH,
    commitment: COMMITMENT,
    end: { reason: "finished", winner: "white", score: { white: 3, black: 1 }, games: 3, rolls: 40 },
    recordDigest: DIGEST,
    transparency: { keyId: keyIdOf(PUBLIC_KEY), publicKey: PUBLIC_KEY, created: inclusion(1, 6), ended: inclusion(4, 6) },
  };
}

function keyIdOf(publicKey: string): string {
  return `fg-ed25519-${bytesToHex(sha256(Uint8Array.from(Buffer.from(publicKey, "hex")))).slice(0, 16)}`;
}

type Inclusion = Record<string, unknown>;
type Doc = { transparency: { keyId: unknown; publicKey: unknown; created: Inclusion | null; ended: Inclusion | null } } & Record<string, unknown>;

/** The document with `change` applied to a deep copy. */
function changed(change: (document: Doc) => void) {
  const document = structuredClone(finished()) as Doc;
  change(document);
  return document;
}

const statusOf = (report: BundleLogReport, id: LogCheckId) => report.checks.find((c) => c.id === id)!;

describe("checkBundleLog", () => {
  it("passes a finished match whose two entries are in a signed head, and names the head", () => {
    const report = checkBundleLog(finished(), [PUBLIC_KEY]);
    expect(report.verdict).toBe("logged");
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ["log-present", "passed"],
      ["log-entry", "passed"],
      ["log-key", "passed"],
      ["log-inclusion", "passed"],
    ]);
    expect(report.entries.map((e) => [e.role, e.index, e.head.treeSize])).toEqual([
      ["created", 1, 6],
      ["ended", 4, 6],
    ]);
    expect(report.latest?.treeSize).toBe(6);
    expect(statusOf(report, "log-entry").say).toEqual({ key: "entriesMatch", values: { digest: "checked" } });
  });

  it("passes a running match with its creation only: no end expected before the bundle has a record digest", () => {
    const running = { ...finished(), end: null, recordDigest: undefined, transparency: { keyId: keyIdOf(PUBLIC_KEY), publicKey: PUBLIC_KEY, created: inclusion(1, 3), ended: null } };
    const report = checkBundleLog(running, [PUBLIC_KEY]);
    expect(report.verdict).toBe("logged");
    expect(statusOf(report, "log-present").say).toEqual({ key: "present", values: { entries: 1 } });
    expect(report.latest?.treeSize).toBe(3);
  });

  it("takes entries proved in two heads, the latest the larger", () => {
    const document = changed((d) => {
      d.transparency.created = inclusion(1, 2);
    });
    const report = checkBundleLog(document, [PUBLIC_KEY]);
    expect(report.verdict).toBe("logged");
    expect(report.latest?.treeSize).toBe(6);
  });

  describe("unlogged, never verified", () => {
    it("a bundle without a transparency section (an old match)", () => {
      const { transparency: _, ...old } = finished();
      const report = checkBundleLog(old, [PUBLIC_KEY]);
      expect(report.verdict).toBe("unlogged");
      expect(report.checks.every((c) => c.status === "unlogged")).toBe(true);
      expect(report.latest).toBeNull();
    });

    it("an ended bundle whose end is not logged yet", () => {
      const report = checkBundleLog(
        changed((d) => {
          d.transparency.ended = null;
        }),
        [PUBLIC_KEY],
      );
      expect(report.verdict).toBe("unlogged");
      expect(statusOf(report, "log-present")).toMatchObject({ status: "unlogged", say: { key: "missing", values: { which: "ended" } } });
    });

    it("a bundle that shows its end but carries no record digest, without an ended entry", () => {
      const report = checkBundleLog(
        changed((d) => {
          delete d.recordDigest;
          d.transparency.ended = null;
        }),
        [PUBLIC_KEY],
      );
      expect(statusOf(report, "log-present")).toMatchObject({ status: "unlogged", say: { values: { which: "ended" } } });
    });

    it("a section with both entries null", () => {
      const report = checkBundleLog(
        changed((d) => {
          d.transparency.created = null;
          d.transparency.ended = null;
        }),
        [PUBLIC_KEY],
      );
      expect(report.verdict).toBe("unlogged");
      expect(statusOf(report, "log-present").say.values).toEqual({ which: "both" });
      expect(statusOf(report, "log-inclusion").status).toBe("unlogged");
    });
  });

  // Each tampering, the check that fails, and the message key that names it.
  it.each<[string, (d: Doc) => void, LogCheckId, string]>([
    ["a record rewritten after the end", (d) => (d.recordDigest = hex("record rewritten")), "log-entry", "entryDigest"],
    ["another commitment than the logged one", (d) => (d.commitment = hex("another commitment")), "log-entry", "entryCommitment"],
    ["another protocol than the logged one", (d) => (d.protocol = "fair-dice-v1"), "log-entry", "entryProtocol"],
    ["another match's entry", (d) => (d.transparency.created = inclusion(0, 6)), "log-entry", "entryOtherMatch"],
    ["the end's entry given as the creation", (d) => (d.transparency.created = inclusion(4, 6)), "log-entry", "entryWrongKind"],
    ["an entry with a field too many", (d) => (d.transparency.created!.entry = { ...ENTRIES[1]!, extra: 1 }), "log-entry", "entryMalformed"],
    ["a key nobody trusts", (d) => (d.transparency.publicKey = bytesToHex(ed25519.getPublicKey(OTHER_KEY))), "log-key", "keyIdMismatch"],
    ["a key id that is not the key's", (d) => (d.transparency.keyId = "fg-ed25519-0000000000000000"), "log-key", "keyIdMismatch"],
    ["a key that is no key", (d) => (d.transparency.publicKey = "not a key"), "log-key", "keyMalformed"],
    ["a head signed by another key", (d) => (d.transparency.created = inclusion(1, 6, OTHER_KEY)), "log-inclusion", "badSignature"],
    ["an inclusion proof for another tree", (d) => (d.transparency.created!.head = headOf(5)), "log-inclusion", "notIncluded"],
    ["a proof element changed", (d) => ((d.transparency.ended!.proof as string[])[0] = hex("not a node")), "log-inclusion", "notIncluded"],
    ["another index", (d) => (d.transparency.created!.index = 2), "log-inclusion", "notIncluded"],
    ["a head's root changed (its signature no longer holds)", (d) => (d.transparency.created!.head = { ...headOf(6), rootHash: hex("root") }), "log-inclusion", "badSignature"],
    ["a head that is not a head", (d) => (d.transparency.created!.head = { treeSize: 6 }), "log-inclusion", "inclusionMalformed"],
    ["a proof that is not a list", (d) => (d.transparency.created!.proof = "abc"), "log-inclusion", "inclusionMalformed"],
  ])("fails %s", (_name, change, id, key) => {
    const report = checkBundleLog(changed(change), [PUBLIC_KEY]);
    expect(report.verdict).toBe("failed");
    expect(statusOf(report, id)).toMatchObject({ status: "failed", say: { key } });
    if (id === "log-inclusion") expect(report.latest).toBeNull();
  });

  it("names the Merkle reason of an inclusion proof for another tree", () => {
    const report = checkBundleLog(
      changed((d) => {
        d.transparency.created!.head = headOf(2);
      }),
      [PUBLIC_KEY],
    );
    expect(statusOf(report, "log-inclusion").say.values).toEqual({ which: "created", reason: "proofLength" });
    const sameLength = checkBundleLog(
      changed((d) => {
        // A proof of 6 entries checked in a head of 7: as long, but it leads to another root.
        d.transparency.created!.head = signTreeHead({ treeSize: 7, rootHash: bytesToHex(rootHash([...LEAVES, LEAVES[0]!])), timestamp: T0 + 7000 }, PRIVATE_KEY);
      }),
      [PUBLIC_KEY],
    );
    expect(statusOf(sameLength, "log-inclusion").say.values).toEqual({ which: "created", reason: "rootMismatch" });
  });

  it("fails a key that is well formed and named but not trusted", () => {
    const stranger = bytesToHex(ed25519.getPublicKey(OTHER_KEY));
    const document = { ...finished(), transparency: { keyId: keyIdOf(stranger), publicKey: stranger, created: inclusion(1, 6, OTHER_KEY), ended: inclusion(4, 6, OTHER_KEY) } };
    const report = checkBundleLog(document, [PUBLIC_KEY]);
    expect(statusOf(report, "log-key")).toMatchObject({ status: "failed", say: { key: "keyUntrusted" } });
    // The proofs themselves hold under the key they name; the verdict is failed all the same.
    expect(statusOf(report, "log-inclusion").status).toBe("passed");
    expect(report.verdict).toBe("failed");
  });

  it("fails two heads of one size with different roots: a fork", () => {
    const forkedLeaves = [...LEAVES.slice(0, 5), entryLeafHash({ ...ENTRIES[5]!, commitment: hex("forked") } as LogEntry)];
    const forked = signTreeHead({ treeSize: 6, rootHash: bytesToHex(rootHash(forkedLeaves)), timestamp: T0 + 6000 }, PRIVATE_KEY);
    const proof = inclusionProof(forkedLeaves, 1, 6);
    if (!proof.ok) throw new Error("no proof");
    const document = changed((d) => {
      d.transparency.created = { index: 1, entry: ENTRIES[1], head: forked, proof: proof.proof.map(bytesToHex) };
    });
    const report = checkBundleLog(document, [PUBLIC_KEY]);
    expect(statusOf(report, "log-inclusion")).toMatchObject({ status: "failed", say: { key: "fork", values: { size: 6 } } });
  });

  it("checks an ended entry's match but says its digest is unchecked when the bundle has none (fair-dice-v1)", () => {
    const v1 = changed((d) => {
      d.protocol = "fair-dice-v1";
      delete d.recordDigest;
      delete d.end;
    });
    (v1.transparency.created!.entry as Record<string, unknown>) = { ...ENTRIES[1]!, protocol: "fair-dice-v1" };
    const report = checkBundleLog(v1, [PUBLIC_KEY]);
    expect(statusOf(report, "log-entry").say).toEqual({ key: "entriesMatch", values: { digest: "unchecked" } });
  });

  it("never throws, whatever it is given", () => {
    for (const value of [null, 3, "x", [], { transparency: 5 }, { transparency: { created: 1, ended: [] } }, { transparency: { publicKey: PUBLIC_KEY, created: { entry: null, index: -1, proof: [], head: null } } }]) {
      expect(() => checkBundleLog(value, [PUBLIC_KEY])).not.toThrow();
      expect(checkBundleLog(value, [PUBLIC_KEY]).verdict).not.toBe("logged");
    }
  });

  it("prints a head's time in UTC to the second", () => {
    expect(headTime(T0 + 1_800_500)).toBe("2026-01-01 00:30:00 UTC");
  });
});
