/**
 * A browser's memory of the log's head: a first head is kept, a consistent later one replaces it, and every way the
 * site's next head can contradict the kept one is named — and then nothing is kept.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { someLeaves } from "./fixtures/test-trees";
import { consistencyProof, rootHash } from "./merkle";
import { signTreeHead, type SignedTreeHead } from "./tree-head";
import { HEAD_MEMORY_FORMAT, judgeHead, proofRange, readRememberedHead, type RememberedHead } from "./head-memory";

const PRIVATE_KEY = sha256(utf8ToBytes("head-memory test key: throwaway"));
const PUBLIC_KEY = bytesToHex(ed25519.getPublicKey(PRIVATE_KEY));
const ROTATED_KEY = sha256(utf8ToBytes("head-memory test: the site's next key"));
const ROTATED_PUBLIC = bytesToHex(ed25519.getPublicKey(ROTATED_KEY));
const T0 = 1767225600000;
const LEAVES = someLeaves(20);

function headOf(size: number, { leaves = LEAVES, key = PRIVATE_KEY, timestamp = T0 + size * 1000 } = {}): SignedTreeHead {
  return signTreeHead({ treeSize: size, rootHash: bytesToHex(rootHash(leaves.slice(0, size))), timestamp }, key);
}

function proofBetween(from: number, to: number, leaves = LEAVES): string[] {
  const proof = consistencyProof(leaves.slice(0, to), from, to);
  if (!proof.ok) throw new Error("no proof");
  return proof.proof.map(bytesToHex);
}

const site = (head: SignedTreeHead | null, publicKey = PUBLIC_KEY) => ({ format: "fairgammon-transparency-v1", head, keyId: "fg-ed25519-x", publicKey });
const kept = (head: SignedTreeHead, publicKey = PUBLIC_KEY): RememberedHead => ({ format: HEAD_MEMORY_FORMAT, publicKey, head, seenAt: T0 });
const TRUSTED = [PUBLIC_KEY, ROTATED_PUBLIC];

describe("readRememberedHead", () => {
  it("reads back what was kept, and forgets anything else", () => {
    const memory = kept(headOf(5));
    expect(readRememberedHead(JSON.stringify(memory))).toEqual(memory);
    expect(readRememberedHead(null)).toBeNull();
    expect(readRememberedHead("{not json")).toBeNull();
    expect(readRememberedHead(JSON.stringify({ ...memory, format: "other" }))).toBeNull();
    // Edited by hand: its signature no longer holds, so it is forgotten rather than held against the site.
    expect(readRememberedHead(JSON.stringify({ ...memory, head: { ...memory.head, treeSize: 6 } }))).toBeNull();
  });
});

describe("judgeHead", () => {
  it("keeps a first head, with when this browser saw it", () => {
    const { outcome, keep } = judgeHead(null, site(headOf(5)), undefined, TRUSTED, T0 + 99);
    expect(outcome).toEqual({ kind: "first", to: 5 });
    expect(keep).toEqual({ format: HEAD_MEMORY_FORMAT, publicKey: PUBLIC_KEY, head: headOf(5), seenAt: T0 + 99 });
    expect(proofRange(null, site(headOf(5)))).toBeNull();
  });

  it("asks for the proof from the kept size and keeps a head that extends it", () => {
    const memory = kept(headOf(5));
    expect(proofRange(memory, site(headOf(12)))).toEqual({ from: 5, to: 12 });
    const { outcome, keep } = judgeHead(memory, site(headOf(12)), { from: headOf(5), to: headOf(12), proof: proofBetween(5, 12) }, TRUSTED, T0 + 1);
    expect(outcome).toEqual({ kind: "consistent", from: 5, to: 12 });
    expect(keep?.head).toEqual(headOf(12));
  });

  it("says an unchanged head is consistent without a proof, and keeps the memory as it is", () => {
    const memory = kept(headOf(5));
    expect(proofRange(memory, site(headOf(5)))).toBeNull();
    expect(judgeHead(memory, site(headOf(5)), undefined, TRUSTED, T0)).toEqual({ outcome: { kind: "consistent", from: 5, to: 5 }, keep: null });
  });

  it("names an empty log before any head, and a proof that could not be fetched", () => {
    expect(judgeHead(null, site(null), undefined, TRUSTED, T0).outcome).toEqual({ kind: "empty" });
    expect(judgeHead(kept(headOf(5)), site(headOf(9)), undefined, TRUSTED, T0)).toEqual({ outcome: { kind: "unavailable", from: 5, to: 9 }, keep: null });
  });

  it("starts again from a rotated key's head, and refuses a key the verifier does not trust", () => {
    const rotated = headOf(9, { key: ROTATED_KEY });
    expect(proofRange(kept(headOf(5)), site(rotated, ROTATED_PUBLIC))).toBeNull();
    const { outcome, keep } = judgeHead(kept(headOf(5)), site(rotated, ROTATED_PUBLIC), undefined, TRUSTED, T0);
    expect(outcome).toEqual({ kind: "key-changed", to: 9 });
    expect(keep?.publicKey).toBe(ROTATED_PUBLIC);
    expect(judgeHead(kept(headOf(5)), site(rotated, ROTATED_PUBLIC), undefined, [PUBLIC_KEY], T0)).toEqual({ outcome: { kind: "untrusted-key" }, keep: null });
  });

  describe("names each failure loudly, and keeps nothing", () => {
    const rewritten = LEAVES.map((leaf, i) => (i === 3 ? LEAVES[19]! : leaf));
    it.each<[string, RememberedHead, unknown, unknown, string, string | undefined]>([
      ["a fork: another root for the kept size", kept(headOf(5)), site(headOf(5, { leaves: rewritten })), undefined, "fork", undefined],
      ["a log that shrank", kept(headOf(9)), site(headOf(5)), undefined, "shrunk", undefined],
      ["no head after one was seen", kept(headOf(9)), site(null), undefined, "shrunk", undefined],
      ["an entry rewritten: the proof does not lead to the kept root", kept(headOf(5)), site(headOf(12, { leaves: rewritten })), { proof: proofBetween(5, 12, rewritten) }, "inconsistent", "old-root-mismatch"],
      ["a proof of the wrong length", kept(headOf(5)), site(headOf(12)), { proof: proofBetween(5, 12).slice(1) }, "inconsistent", "proof-length"],
      ["a proof that is not a list", kept(headOf(5)), site(headOf(12)), { proof: "nope" }, "inconsistent", "proof-length"],
      ["a larger log signed earlier", kept(headOf(5)), site(headOf(12, { timestamp: T0 })), { proof: proofBetween(5, 12) }, "time-reversed", undefined],
      ["a head whose signature is not the site's", kept(headOf(5)), site({ ...headOf(12), timestamp: T0 + 1 }), { proof: proofBetween(5, 12) }, "bad-signature", undefined],
      ["something that is not a head", kept(headOf(5)), site({ treeSize: 12 } as unknown as SignedTreeHead), undefined, "malformed-head", undefined],
    ])("%s", (_name, memory, answer, consistency, reason, merkle) => {
      const { outcome, keep } = judgeHead(memory, answer, consistency, TRUSTED, T0);
      expect(outcome).toMatchObject({ kind: "failed", reason, from: memory.head.treeSize });
      if (merkle) expect(outcome).toMatchObject({ merkle });
      expect(keep).toBeNull();
    });
  });
});
