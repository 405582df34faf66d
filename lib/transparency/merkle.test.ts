import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { EMPTY_ROOT, consistencyProof, consistencyProofLength, inclusionProof, inclusionProofLength, leafHash, nodeHash, rootHash, verifyConsistency, verifyInclusion } from "./merkle";
import { consistencyCases, inclusionCases, seeded, someLeaves } from "./fixtures/test-trees";

// The reference tree of Certificate Transparency's test suites: eight entries and the roots of their first 1..8.
// Published in google/certificate-transparency, cpp/merkletree/merkle_tree_test.cc (commit 0e901cacd1388fa16f78b18461
// 2f6cd16e5ceec1: kInputs, kSHA256Roots, kSHA256Paths, kSHA256Proofs) and again in transparency-dev/merkle,
// proof/verify_test.go (commit 02194e9afb6c1d95b5381350007963aa70fff472, which adds the 6→7 consistency proof). Both
// number leaves from 1; the indices below are RFC 9162's, from 0.
const CT_ENTRIES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map(hexToBytes);
const CT_EMPTY_ROOT = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const CT_ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];
const CT_INCLUSION = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
  { index: 2, size: 3, proof: ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"] },
  {
    index: 1,
    size: 5,
    proof: [
      "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ],
  },
];
const CT_CONSISTENCY = [
  { oldSize: 1, newSize: 1, proof: [] },
  {
    oldSize: 1,
    newSize: 8,
    proof: [
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
  },
  {
    oldSize: 6,
    newSize: 8,
    proof: [
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
  {
    oldSize: 2,
    newSize: 5,
    proof: ["5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e", "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"],
  },
  {
    oldSize: 6,
    newSize: 7,
    proof: [
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
];

const CT_LEAVES = CT_ENTRIES.map(leafHash);
const hex = (hashes: readonly Uint8Array[]): string[] => hashes.map(bytesToHex);

function proofOf(result: ReturnType<typeof inclusionProof>): Uint8Array[] {
  if (!result.ok) throw new Error(`no proof: ${result.reason}`);
  return result.proof;
}

const LEAVES_1000 = someLeaves(1000);
const ROOTS_1000 = (() => {
  // Every prefix's root by RFC 9162's recursion written out once more, with each range's hash kept: a prefix shares
  // all but O(log n) of its ranges with the one before.
  const memo = new Map<string, Uint8Array>();
  const mth = (begin: number, end: number): Uint8Array => {
    if (end - begin === 1) return LEAVES_1000[begin]!;
    const key = `${begin}:${end}`;
    let hash = memo.get(key);
    if (!hash) {
      let k = 1;
      while (k * 2 < end - begin) k *= 2;
      hash = nodeHash(mth(begin, begin + k), mth(begin + k, end));
      memo.set(key, hash);
    }
    return hash;
  };
  const roots: Uint8Array[] = [EMPTY_ROOT];
  for (let n = 1; n <= LEAVES_1000.length; n++) roots.push(mth(0, n));
  return roots;
})();

describe("the Merkle Tree Hash (RFC 9162, section 2.1.1)", () => {
  it("is SHA-256 of nothing for the empty tree", () => {
    expect(bytesToHex(EMPTY_ROOT)).toBe(CT_EMPTY_ROOT);
    expect(bytesToHex(rootHash([]))).toBe(CT_EMPTY_ROOT);
  });

  it("hashes a leaf as SHA-256(0x00 || entry) and a node as SHA-256(0x01 || left || right)", () => {
    // The first CT root is the empty entry's leaf hash; the second, the node over the first two leaves.
    expect(bytesToHex(leafHash(new Uint8Array(0)))).toBe(CT_ROOTS[0]);
    expect(bytesToHex(nodeHash(CT_LEAVES[0]!, CT_LEAVES[1]!))).toBe(CT_ROOTS[1]);
  });

  it.each(CT_ROOTS.map((root, i) => [i + 1, root] as const))("gives the published root for the first %i reference entries", (size, root) => {
    expect(bytesToHex(rootHash(CT_LEAVES.slice(0, size)))).toBe(root);
  });

  it("gives the root of the recursion for random sizes to 1000", () => {
    const random = seeded(2026);
    for (let i = 0; i < 50; i++) {
      const n = 1 + Math.floor(random() * 1000);
      expect(bytesToHex(rootHash(LEAVES_1000.slice(0, n))), `size ${n}`).toBe(bytesToHex(ROOTS_1000[n]!));
    }
  });
});

describe("inclusion proofs (RFC 9162, sections 2.1.3.1 and 2.1.3.2)", () => {
  it.each(CT_INCLUSION)("are the published proof for index $index in size $size, and verify", ({ index, size, proof }) => {
    const made = proofOf(inclusionProof(CT_LEAVES, index, size));
    expect(hex(made)).toEqual(proof);
    expect(verifyInclusion(CT_LEAVES[index]!, index, size, proof.map(hexToBytes), hexToBytes(CT_ROOTS[size - 1]!))).toEqual({ ok: true });
  });

  it("verify for every leaf of every reference tree of 1 to 8 entries", () => {
    for (let size = 1; size <= 8; size++) {
      const root = hexToBytes(CT_ROOTS[size - 1]!);
      for (let index = 0; index < size; index++) {
        const proof = proofOf(inclusionProof(CT_LEAVES, index, size));
        expect(proof).toHaveLength(inclusionProofLength(index, size));
        expect(verifyInclusion(CT_LEAVES[index]!, index, size, proof, root), `${index} in ${size}`).toEqual({ ok: true });
      }
    }
  });

  it("verify for every leaf of every size to 64, and random leaves of random sizes to 1000", () => {
    for (const [index, size] of inclusionCases(9162, 200)) {
      const proof = proofOf(inclusionProof(LEAVES_1000, index, size));
      expect(verifyInclusion(LEAVES_1000[index]!, index, size, proof, ROOTS_1000[size]!), `${index} in ${size}`).toEqual({ ok: true });
    }
  });

  describe("fail, with the reason named", () => {
    const size = 8;
    const index = 5;
    const root = hexToBytes(CT_ROOTS[size - 1]!);
    const proof = proofOf(inclusionProof(CT_LEAVES, index, size));
    const leaf = CT_LEAVES[index]!;

    it("for a changed leaf", () => {
      expect(verifyInclusion(leafHash(hexToBytes("40414244")), index, size, proof, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
      expect(verifyInclusion(CT_LEAVES[4]!, index, size, proof, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
    });

    it("for a proof of another tree size", () => {
      // Index 5's proof in the 7-entry tree has as many hashes as in the 8-entry one, but other ones.
      const proof7 = proofOf(inclusionProof(CT_LEAVES, index, 7));
      expect(proof7).toHaveLength(proof.length);
      expect(verifyInclusion(leaf, index, size, proof7, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
      // And the 8-entry proof said to be for 6 or 16 entries is of the wrong length.
      expect(verifyInclusion(leaf, index, 6, proof, hexToBytes(CT_ROOTS[5]!))).toMatchObject({ ok: false, reason: "proof-length", expected: 2, actual: 3 });
      expect(verifyInclusion(leaf, index, 16, proof, root)).toMatchObject({ ok: false, reason: "proof-length", expected: 4, actual: 3 });
    });

    it("for a proof with two elements swapped", () => {
      const swapped = [proof[1]!, proof[0]!, proof[2]!];
      expect(verifyInclusion(leaf, index, size, swapped, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
    });

    it("for a truncated proof, or one with a hash too many", () => {
      expect(verifyInclusion(leaf, index, size, proof.slice(0, 2), root)).toMatchObject({ ok: false, reason: "proof-length", expected: 3, actual: 2 });
      expect(verifyInclusion(leaf, index, size, [...proof, root], root)).toMatchObject({ ok: false, reason: "proof-length", expected: 3, actual: 4 });
      expect(verifyInclusion(leaf, index, size, [root, ...proof], root)).toMatchObject({ ok: false, reason: "proof-length" });
    });

    it("for another index, another root, or a flipped bit", () => {
      expect(verifyInclusion(leaf, 4, size, proof, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
      expect(verifyInclusion(leaf, index, size, proof, EMPTY_ROOT)).toMatchObject({ ok: false, reason: "root-mismatch" });
      const flipped = proof.map((hash) => hash.slice());
      flipped[2]![0]! ^= 8;
      expect(verifyInclusion(leaf, index, size, flipped, root)).toMatchObject({ ok: false, reason: "root-mismatch" });
    });

    it("for an index past the size, a size of 0, or a size that is not a whole number", () => {
      expect(verifyInclusion(leaf, 8, 8, proof, root)).toMatchObject({ ok: false, reason: "index-out-of-range" });
      expect(verifyInclusion(leaf, 0, 0, [], EMPTY_ROOT)).toMatchObject({ ok: false, reason: "empty-tree" });
      for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 53, "8"]) {
        expect(verifyInclusion(leaf, index, bad as number, proof, root)).toMatchObject({ ok: false, reason: "bad-size" });
        expect(verifyInclusion(leaf, bad as number, size, proof, root)).toMatchObject({ ok: false, reason: "bad-index" });
      }
    });

    it("for hashes that are not 32 bytes", () => {
      expect(verifyInclusion(new Uint8Array(31), index, size, proof, root)).toMatchObject({ ok: false, reason: "bad-hash", at: "leaf" });
      expect(verifyInclusion(leaf, index, size, proof, new Uint8Array(33))).toMatchObject({ ok: false, reason: "bad-hash", at: "root" });
      expect(verifyInclusion(leaf, index, size, [proof[0]!, new Uint8Array(0), proof[2]!], root)).toMatchObject({ ok: false, reason: "bad-hash", at: "proof[1]" });
      expect(verifyInclusion(leaf, index, size, ["ab" as unknown as Uint8Array], root)).toMatchObject({ ok: false, reason: "bad-hash", at: "proof[0]" });
      expect(verifyInclusion(leaf, index, size, null as unknown as Uint8Array[], root)).toMatchObject({ ok: false, reason: "proof-length" });
    });

    it("for every corruption Certificate Transparency's verifier tests try, in every tree to 32 entries", () => {
      const leaves = LEAVES_1000;
      for (let n = 1; n <= 32; n++) {
        const r = ROOTS_1000[n]!;
        for (let i = 0; i < n; i++) {
          const p = proofOf(inclusionProof(leaves, i, n));
          const l = leaves[i]!;
          const probes: [Uint8Array, number, number, Uint8Array[], Uint8Array][] = [
            [l, i - 1, n, p, r],
            [l, i + 1, n, p, r],
            [l, i ^ 2, n, p, r],
            [l, i, n * 2, p, r],
            [l, i, Math.floor(n / 2), p, r],
            [leaves[i + 1]!, i, n, p, r],
            [l, i, n, p, EMPTY_ROOT],
            [l, i, n, [...p, new Uint8Array(0)], r],
            [l, i, n, [...p, r], r],
            [l, i, n, [r, ...p], r],
            ...p.map((_, j): [Uint8Array, number, number, Uint8Array[], Uint8Array] => [l, i, n, p.map((h, k) => (k === j ? EMPTY_ROOT : h)), r]),
            ...(p.length > 0 ? [[l, i, n, p.slice(0, -1), r] as [Uint8Array, number, number, Uint8Array[], Uint8Array]] : []),
          ];
          for (const [probeLeaf, probeIndex, probeSize, probeProof, probeRoot] of probes) {
            const check = verifyInclusion(probeLeaf, probeIndex, probeSize, probeProof, probeRoot);
            expect(check.ok, `leaf ${i} of ${n}, probe ${probeIndex}/${probeSize}`).toBe(false);
          }
        }
      }
    });
  });
});

describe("consistency proofs (RFC 9162, sections 2.1.4.1 and 2.1.4.2)", () => {
  it.each(CT_CONSISTENCY)("are the published proof from $oldSize to $newSize, and verify", ({ oldSize, newSize, proof }) => {
    const made = proofOf(consistencyProof(CT_LEAVES, oldSize, newSize));
    expect(hex(made)).toEqual(proof);
    const check = verifyConsistency(oldSize, newSize, hexToBytes(CT_ROOTS[oldSize - 1]!), hexToBytes(CT_ROOTS[newSize - 1]!), proof.map(hexToBytes));
    expect(check).toEqual({ ok: true });
  });

  it("verify between every two reference trees of 0 to 8 entries", () => {
    const roots = [EMPTY_ROOT, ...CT_ROOTS.map(hexToBytes)];
    for (let newSize = 0; newSize <= 8; newSize++) {
      for (let oldSize = 0; oldSize <= newSize; oldSize++) {
        const proof = proofOf(consistencyProof(CT_LEAVES, oldSize, newSize));
        if (oldSize > 0 && oldSize < newSize) expect(proof).toHaveLength(consistencyProofLength(oldSize, newSize));
        expect(verifyConsistency(oldSize, newSize, roots[oldSize]!, roots[newSize]!, proof), `${oldSize} → ${newSize}`).toEqual({ ok: true });
      }
    }
  });

  it("verify between every two sizes to 64, and random sizes to 1000", () => {
    for (const [m, n] of consistencyCases(6962, 200, 1)) {
      const proof = proofOf(consistencyProof(LEAVES_1000, m, n));
      expect(verifyConsistency(m, n, ROOTS_1000[m]!, ROOTS_1000[n]!, proof), `${m} → ${n}`).toEqual({ ok: true });
    }
  });

  describe("fail, with the reason named", () => {
    const [m, n] = [6, 8];
    const oldRoot = hexToBytes(CT_ROOTS[m - 1]!);
    const newRoot = hexToBytes(CT_ROOTS[n - 1]!);
    const proof = proofOf(consistencyProof(CT_LEAVES, m, n));

    it("for a rewritten history: the old root of another log", () => {
      const rewritten = [...CT_LEAVES];
      rewritten[3] = leafHash(hexToBytes("3032"));
      const otherOld = rootHash(rewritten.slice(0, m));
      expect(verifyConsistency(m, n, otherOld, newRoot, proof)).toMatchObject({ ok: false, reason: "old-root-mismatch" });
      // Its own proof to the honest new root fails as well: it shows the rewritten tree, not the honest one.
      const otherProof = proofOf(consistencyProof(rewritten, m, n));
      expect(verifyConsistency(m, n, otherOld, newRoot, otherProof).ok).toBe(false);
    });

    it("for a changed newer entry", () => {
      const changed = [...CT_LEAVES];
      changed[7] = leafHash(hexToBytes("00"));
      expect(verifyConsistency(m, n, oldRoot, rootHash(changed), proof)).toMatchObject({ ok: false, reason: "new-root-mismatch" });
    });

    it("for a proof between other sizes", () => {
      const proof67 = proofOf(consistencyProof(CT_LEAVES, 6, 7));
      expect(proof67).toHaveLength(proof.length);
      expect(verifyConsistency(m, n, oldRoot, newRoot, proof67).ok).toBe(false);
      expect(verifyConsistency(m, n, oldRoot, newRoot, proof67)).toMatchObject({ reason: "new-root-mismatch" });
      expect(verifyConsistency(2, n, hexToBytes(CT_ROOTS[1]!), newRoot, proof)).toMatchObject({ ok: false, reason: "proof-length", expected: 2, actual: 3 });
    });

    it("for swapped elements, swapped roots, a truncated or padded proof", () => {
      expect(verifyConsistency(m, n, oldRoot, newRoot, [proof[1]!, proof[0]!, proof[2]!])).toMatchObject({ ok: false, reason: "old-root-mismatch" });
      expect(verifyConsistency(m, n, newRoot, oldRoot, proof)).toMatchObject({ ok: false, reason: "old-root-mismatch" });
      expect(verifyConsistency(m, n, oldRoot, newRoot, proof.slice(0, 2))).toMatchObject({ ok: false, reason: "proof-length", expected: 3, actual: 2 });
      expect(verifyConsistency(m, n, oldRoot, newRoot, [...proof, proof[2]!])).toMatchObject({ ok: false, reason: "proof-length", expected: 3, actual: 4 });
      expect(verifyConsistency(m, n, oldRoot, newRoot, [])).toMatchObject({ ok: false, reason: "proof-length", expected: 3, actual: 0 });
    });

    it("for a shrinking tree, and for two roots of one size (a fork)", () => {
      expect(verifyConsistency(n, m, newRoot, oldRoot, proof)).toMatchObject({ ok: false, reason: "sizes-reversed" });
      expect(verifyConsistency(n, n, newRoot, newRoot, [])).toEqual({ ok: true });
      expect(verifyConsistency(n, n, newRoot, oldRoot, [])).toMatchObject({ ok: false, reason: "roots-differ" });
      expect(verifyConsistency(n, n, newRoot, newRoot, [newRoot])).toMatchObject({ ok: false, reason: "proof-length", expected: 0, actual: 1 });
    });

    it("for the empty tree, unless its root is SHA-256('') and its proof empty", () => {
      expect(verifyConsistency(0, n, EMPTY_ROOT, newRoot, [])).toEqual({ ok: true });
      expect(verifyConsistency(0, n, oldRoot, newRoot, [])).toMatchObject({ ok: false, reason: "old-root-mismatch" });
      expect(verifyConsistency(0, n, EMPTY_ROOT, newRoot, [EMPTY_ROOT])).toMatchObject({ ok: false, reason: "proof-length" });
      expect(verifyConsistency(0, 0, EMPTY_ROOT, EMPTY_ROOT, [])).toEqual({ ok: true });
    });

    it("for sizes that are not whole numbers, and hashes that are not 32 bytes", () => {
      for (const bad of [-1, 0.5, Number.NaN, 2 ** 53]) {
        expect(verifyConsistency(bad, n, oldRoot, newRoot, proof)).toMatchObject({ ok: false, reason: "bad-size" });
        expect(verifyConsistency(m, bad, oldRoot, newRoot, proof)).toMatchObject({ ok: false, reason: "bad-size" });
      }
      expect(verifyConsistency(m, n, oldRoot.slice(1), newRoot, proof)).toMatchObject({ ok: false, reason: "bad-hash", at: "old-root" });
      expect(verifyConsistency(m, n, oldRoot, new Uint8Array(0), proof)).toMatchObject({ ok: false, reason: "bad-hash", at: "new-root" });
      expect(verifyConsistency(m, n, oldRoot, newRoot, [proof[0]!, proof[1]!, new Uint8Array(64)])).toMatchObject({ ok: false, reason: "bad-hash", at: "proof[2]" });
    });

    it("for every corruption Certificate Transparency's verifier tests try, between all sizes to 32", () => {
      for (let n2 = 2; n2 <= 32; n2++) {
        for (let m1 = 1; m1 < n2; m1++) {
          const p = proofOf(consistencyProof(LEAVES_1000, m1, n2));
          const [r1, r2] = [ROOTS_1000[m1]!, ROOTS_1000[n2]!];
          const probes: [number, number, Uint8Array, Uint8Array, Uint8Array[]][] = [
            [m1 - 1, n2, r1, r2, p],
            [m1 + 1, n2, r1, r2, p],
            [m1 ^ 2, n2, r1, r2, p],
            [m1, n2 * 2, r1, r2, p],
            [m1, Math.floor(n2 / 2), r1, r2, p],
            [m1, n2, EMPTY_ROOT, r2, p],
            [m1, n2, r1, EMPTY_ROOT, p],
            [m1, n2, r2, r1, p],
            [m1, n2, r1, r2, []],
            [m1, n2, r1, r2, [...p, r1]],
            [m1, n2, r1, r2, [...p, r2]],
            [m1, n2, r1, r2, [r1, ...p]],
            [m1, n2, r1, r2, [p[0]!, ...p]],
            [m1, n2, r1, r2, p.slice(0, -1)],
            ...p.map((_, j): [number, number, Uint8Array, Uint8Array, Uint8Array[]] => [m1, n2, r1, r2, p.map((h, k) => (k === j ? EMPTY_ROOT : h))]),
          ];
          for (const [a, b, ra, rb, pp] of probes) {
            expect(verifyConsistency(a, b, ra, rb, pp).ok, `${m1} → ${n2}, probe ${a} → ${b}`).toBe(false);
          }
        }
      }
    });
  });
});

describe("asking for a proof", () => {
  it("names what is wrong with the request instead of throwing", () => {
    expect(inclusionProof(CT_LEAVES, 0, 0)).toMatchObject({ ok: false, reason: "empty-tree" });
    expect(inclusionProof(CT_LEAVES, 3, 3)).toMatchObject({ ok: false, reason: "index-out-of-range" });
    expect(inclusionProof(CT_LEAVES, 0, 9)).toMatchObject({ ok: false, reason: "bad-size" });
    expect(inclusionProof(CT_LEAVES, -1, 8)).toMatchObject({ ok: false, reason: "bad-index" });
    expect(consistencyProof(CT_LEAVES, 5, 4)).toMatchObject({ ok: false, reason: "sizes-reversed" });
    expect(consistencyProof(CT_LEAVES, 1, 9)).toMatchObject({ ok: false, reason: "bad-size" });
    expect(consistencyProof(CT_LEAVES, 0, 4)).toEqual({ ok: true, proof: [] });
  });
});
