import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { EXAMPLE_ENTRIES, EXAMPLE_PRIVATE_KEY, exampleLog } from "./fixtures/example-log";
import { someLeaves } from "./fixtures/test-trees";
import { consistencyProof, inclusionProof, rootHash } from "./merkle";
import { checkEntryInHead, checkHeads, parseTreeHead, signTreeHead, treeHeadMessage, verifyTreeHead, type SignedTreeHead } from "./tree-head";

const publicKey = ed25519.getPublicKey(EXAMPLE_PRIVATE_KEY);
const strangerKey = sha256(utf8ToBytes("a key nobody published"));
const LEAVES = someLeaves(20);

/** The head of the log's first `size` leaves, signed at `timestamp`. */
function headOf(leaves: readonly Uint8Array[], size: number, timestamp: number, key = EXAMPLE_PRIVATE_KEY): SignedTreeHead {
  return signTreeHead({ treeSize: size, rootHash: bytesToHex(rootHash(leaves.slice(0, size))), timestamp }, key);
}

function consistency(leaves: readonly Uint8Array[], m: number, n: number): string[] {
  const proof = consistencyProof(leaves, m, n);
  if (!proof.ok) throw new Error(proof.reason);
  return proof.proof.map(bytesToHex);
}

describe("signed tree heads", () => {
  it("sign a domain-separated message of size, root and time", () => {
    const head = { treeSize: 3, rootHash: "96ae82fbc9a4ee206e85e353ff79b9845cad78c7ca113a79a253afba9b168dae", timestamp: 1767227400500 };
    expect(treeHeadMessage(head)).toBe("fairgammon-transparency-v1\ntree-size 3\nroot 96ae82fbc9a4ee206e85e353ff79b9845cad78c7ca113a79a253afba9b168dae\ntimestamp 1767227400500\n");
    // Ed25519 is deterministic: the example's signature is the same on every run (and in Python's `cryptography`).
    expect(signTreeHead(head, EXAMPLE_PRIVATE_KEY).signature).toBe(
      "38690ced96e681cbacbdc76a7fda4d42bb85b75438b6961992558168a3cbe59173b4727dcbaec5c9fca23e5bf7f782ab83c7bbf837e2198d22914881b7fb8907",
    );
  });

  it("verify with the public key, and name a bad signature", () => {
    const head = headOf(LEAVES, 5, 1000);
    expect(verifyTreeHead(head, publicKey)).toEqual({ ok: true });
    expect(verifyTreeHead(head, ed25519.getPublicKey(strangerKey))).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(verifyTreeHead({ ...head, treeSize: 6 }, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(verifyTreeHead({ ...head, timestamp: 1001 }, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(verifyTreeHead({ ...head, rootHash: bytesToHex(rootHash(LEAVES.slice(0, 4))) }, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    const flipped = hexToBytes(head.signature);
    flipped[10]! ^= 1;
    expect(verifyTreeHead({ ...head, signature: bytesToHex(flipped) }, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(verifyTreeHead(head, new Uint8Array(31))).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("name a head that is not one", () => {
    const head = headOf(LEAVES, 5, 1000);
    for (const input of [null, "head", { ...head, extra: 1 }, { ...head, treeSize: -1 }, { ...head, rootHash: head.rootHash.toUpperCase() }, { ...head, signature: "00" }]) {
      expect(parseTreeHead(input)).toMatchObject({ ok: false, reason: "malformed-head" });
      expect(verifyTreeHead(input, publicKey)).toMatchObject({ ok: false, reason: "malformed-head" });
    }
    expect(() => signTreeHead({ treeSize: 1.5, rootHash: head.rootHash, timestamp: 0 }, EXAMPLE_PRIVATE_KEY)).toThrow(/not a tree head/);
  });
});

describe("checkHeads", () => {
  it("passes every pair of heads of one log that only appended", () => {
    const heads = [0, 1, 2, 3, 7, 8, 9, 16, 20].map((size, i) => headOf(LEAVES, size, 1000 + i));
    for (let a = 0; a < heads.length; a++) {
      for (let b = a; b < heads.length; b++) {
        const [older, newer] = [heads[a]!, heads[b]!];
        expect(checkHeads(older, newer, consistency(LEAVES, older.treeSize, newer.treeSize), publicKey), `${older.treeSize} → ${newer.treeSize}`).toEqual({ ok: true });
      }
    }
  });

  it("names a fork: two signed heads of one size with different roots", () => {
    const forked = [...LEAVES];
    forked[4] = LEAVES[19]!;
    expect(checkHeads(headOf(LEAVES, 8, 1000), headOf(forked, 8, 2000), [], publicKey)).toEqual({ ok: false, reason: "fork" });
  });

  it("names a shrinking tree", () => {
    expect(checkHeads(headOf(LEAVES, 9, 1000), headOf(LEAVES, 8, 2000), [], publicKey)).toEqual({ ok: false, reason: "shrunk" });
  });

  it("names time running backwards", () => {
    expect(checkHeads(headOf(LEAVES, 8, 2000), headOf(LEAVES, 9, 1000), consistency(LEAVES, 8, 9), publicKey)).toEqual({ ok: false, reason: "time-reversed" });
  });

  it("names a rewritten history, and a tampered proof, as inconsistent", () => {
    const rewritten = [...LEAVES];
    rewritten[2] = LEAVES[19]!;
    const older = headOf(LEAVES, 6, 1000);
    const newer = headOf(rewritten, 12, 2000);
    // Neither the honest proof nor the rewritten log's own one links the two heads.
    expect(checkHeads(older, newer, consistency(LEAVES, 6, 12), publicKey)).toMatchObject({ ok: false, reason: "inconsistent", proof: { reason: "new-root-mismatch" } });
    expect(checkHeads(older, newer, consistency(rewritten, 6, 12), publicKey)).toMatchObject({ ok: false, reason: "inconsistent", proof: { reason: "old-root-mismatch" } });
    const honest = headOf(LEAVES, 12, 2000);
    const proof = consistency(LEAVES, 6, 12);
    expect(checkHeads(older, honest, proof.slice(1), publicKey)).toMatchObject({ ok: false, reason: "inconsistent", proof: { reason: "proof-length" } });
    expect(checkHeads(older, honest, [proof[1]!, proof[0]!, ...proof.slice(2)], publicKey)).toMatchObject({ ok: false, reason: "inconsistent" });
    expect(checkHeads(older, honest, ["zz", ...proof.slice(1)], publicKey)).toMatchObject({ ok: false, reason: "inconsistent", proof: { reason: "bad-hash", at: "proof[0]" } });
    expect(checkHeads(older, honest, "nope" as unknown as string[], publicKey)).toMatchObject({ ok: false, reason: "inconsistent" });
  });

  it("names a bad signature on either head before anything else", () => {
    const older = headOf(LEAVES, 8, 1000);
    const forgedNewer = headOf(LEAVES.slice(0, 7), 7, 2000, strangerKey);
    expect(checkHeads(older, forgedNewer, [], publicKey)).toEqual({ ok: false, reason: "bad-signature", head: "newer" });
    expect(checkHeads({ ...older, treeSize: 4 }, headOf(LEAVES, 8, 2000), [], publicKey)).toEqual({ ok: false, reason: "bad-signature", head: "older" });
    expect(checkHeads({ treeSize: 8 }, older, [], publicKey)).toMatchObject({ ok: false, reason: "malformed-head", head: "older" });
  });
});

describe("checkEntryInHead", () => {
  const example = exampleLog();
  const head = example.heads.size3;

  it("passes each example entry with its inclusion proof", () => {
    const leaves = EXAMPLE_ENTRIES.map((_, i) => hexToBytes(example.entries[i]!.leafHash));
    EXAMPLE_ENTRIES.forEach((entry, index) => {
      const proof = inclusionProof(leaves, index, 3);
      if (!proof.ok) throw new Error(proof.reason);
      expect(checkEntryInHead(entry, index, proof.proof.map(bytesToHex), head, publicKey)).toEqual({ ok: true });
    });
    expect(checkEntryInHead(EXAMPLE_ENTRIES[0], 0, example.inclusion0in3, head, publicKey)).toEqual({ ok: true });
  });

  it("names a changed entry, another index, a bad head and a malformed entry", () => {
    const entry = EXAMPLE_ENTRIES[0]!;
    expect(checkEntryInHead({ ...entry, createdAt: entry.kind === "match-created" ? entry.createdAt + 1 : 0 }, 0, example.inclusion0in3, head, publicKey)).toMatchObject({ ok: false, reason: "not-included", proof: { reason: "root-mismatch" } });
    expect(checkEntryInHead(entry, 1, example.inclusion0in3, head, publicKey)).toMatchObject({ ok: false, reason: "not-included", proof: { reason: "root-mismatch" } });
    expect(checkEntryInHead(entry, 3, example.inclusion0in3, head, publicKey)).toMatchObject({ ok: false, reason: "not-included", proof: { reason: "index-out-of-range" } });
    expect(checkEntryInHead(entry, 0, example.inclusion0in3, { ...head, timestamp: 0 }, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(checkEntryInHead({ ...entry, matchId: "?" }, 0, example.inclusion0in3, head, publicKey)).toMatchObject({ ok: false, reason: "malformed-entry" });
  });
});
