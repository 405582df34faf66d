import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { consistencyCases, inclusionCases, seeded, someLeaves } from "./fixtures/test-trees";
import { EMPTY_FRONTIER, appendLeaf, assembleProof, consistencyPlan, frontierAddresses, frontierFromNodes, frontierRoot, inclusionPlan, lookupOf, planAddresses, rangeAddresses, type MerkleFrontier, type StoredNode } from "./frontier";
import { consistencyProof, inclusionProof, leafHash, rootHash, verifyConsistency, verifyInclusion } from "./merkle";

const LEAVES = someLeaves(1000);

/** The log built by appending every leaf: each size's frontier, and every node stored along the way. */
const built = (() => {
  const frontiers: MerkleFrontier[] = [EMPTY_FRONTIER];
  const nodes: StoredNode[] = [];
  let frontier = EMPTY_FRONTIER;
  for (const leaf of LEAVES) {
    const appended = appendLeaf(frontier, leaf);
    frontier = appended.frontier;
    frontiers.push(frontier);
    nodes.push(...appended.nodes);
  }
  return { frontiers, nodes, lookup: lookupOf(nodes) };
})();

const popcount = (n: number): number => n.toString(2).replace(/0/g, "").length;

describe("the frontier", () => {
  it("gives the reference tree's published roots as its entries are appended one by one", () => {
    // google/certificate-transparency cpp/merkletree/merkle_tree_test.cc, kSHA256Roots (see merkle.test.ts).
    const entries = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map(hexToBytes);
    let frontier = EMPTY_FRONTIER;
    const roots = [bytesToHex(frontierRoot(frontier))];
    for (const entry of entries) {
      frontier = appendLeaf(frontier, leafHash(entry)).frontier;
      roots.push(bytesToHex(frontierRoot(frontier)));
    }
    expect(roots[0]).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(roots[3]).toBe("aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77");
    expect(roots[8]).toBe("5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");
  });

  it("agrees with the recursive Merkle Tree Hash at every size to 300 and random sizes to 1000", () => {
    const sizes = Array.from({ length: 301 }, (_, n) => n);
    const random = seeded(1000);
    for (let i = 0; i < 40; i++) sizes.push(301 + Math.floor(random() * 700));
    for (const n of sizes) expect(bytesToHex(frontierRoot(built.frontiers[n]!)), `size ${n}`).toBe(bytesToHex(rootHash(LEAVES.slice(0, n))));
  });

  it("holds one hash per 1-bit of the size, and an append stores the leaf and at most log2(n) new nodes", () => {
    for (let n = 0; n <= 1000; n++) {
      const frontier = built.frontiers[n]!;
      expect(frontier.hashes).toHaveLength(popcount(n));
      expect(frontierAddresses(n)).toHaveLength(popcount(n));
    }
    const appended = appendLeaf(built.frontiers[511]!, LEAVES[511]!);
    expect(appended.nodes.map(({ level, index }) => [level, index])).toEqual([[0, 511], [1, 255], [2, 127], [3, 63], [4, 31], [5, 15], [6, 7], [7, 3], [8, 1], [9, 0]]);
    // A tree of n leaves has 2n - popcount(n) complete subtrees, and the appends stored each exactly once.
    expect(built.nodes).toHaveLength(2 * 1000 - popcount(1000));
    expect(new Set(built.nodes.map(({ level, index }) => `${level}/${index}`)).size).toBe(built.nodes.length);
  });

  it("stores as each node the root of the leaves beneath it", () => {
    for (const { level, index, hash } of built.nodes) {
      const width = 2 ** level;
      expect(bytesToHex(hash), `${level}/${index}`).toBe(bytesToHex(rootHash(LEAVES.slice(index * width, (index + 1) * width))));
    }
  });

  it("can be rebuilt from the stored nodes of any size, and names a missing one", () => {
    for (let n = 0; n <= 1000; n += 37) {
      const rebuilt = frontierFromNodes(n, built.lookup);
      expect(rebuilt.ok && rebuilt.frontier.hashes.map(bytesToHex)).toEqual(built.frontiers[n]!.hashes.map(bytesToHex));
    }
    expect(frontierFromNodes(1001, built.lookup)).toMatchObject({ ok: false, reason: "missing-node", level: 0, index: 1000 });
    expect(frontierFromNodes(-1, built.lookup)).toMatchObject({ ok: false, reason: "bad-size" });
  });

  it("does not change the frontier it appends to, and refuses a leaf hash that is not 32 bytes", () => {
    const before = built.frontiers[5]!;
    appendLeaf(before, LEAVES[5]!);
    expect(before.size).toBe(5);
    expect(before.hashes).toHaveLength(2);
    expect(() => appendLeaf(before, new Uint8Array(31))).toThrow(TypeError);
  });
});

describe("proofs from stored nodes", () => {
  const fromNodes = (plan: ReturnType<typeof inclusionPlan>) => {
    if (!plan.ok) throw new Error(plan.reason);
    const proof = assembleProof(plan.plan, built.lookup);
    if (!proof.ok) throw new Error(proof.reason);
    return proof.proof.map(bytesToHex);
  };
  const fromLeaves = (proof: ReturnType<typeof inclusionProof>) => (proof.ok ? proof.proof.map(bytesToHex) : proof.reason);

  it("are the recursive definition's inclusion proofs, for every leaf to 64 and random ones to 1000", () => {
    for (const [i, n] of inclusionCases(3, 150)) {
      const proof = fromNodes(inclusionPlan(i, n));
      expect(proof, `${i} in ${n}`).toEqual(fromLeaves(inclusionProof(LEAVES, i, n)));
      expect(verifyInclusion(LEAVES[i]!, i, n, proof.map(hexToBytes), frontierRoot(built.frontiers[n]!))).toEqual({ ok: true });
    }
  });

  it("are the recursive definition's consistency proofs, between every two sizes to 64 and random ones to 1000", () => {
    for (const [m, n] of consistencyCases(4, 150, 0)) {
      const proof = fromNodes(consistencyPlan(m, n));
      expect(proof, `${m} → ${n}`).toEqual(fromLeaves(consistencyProof(LEAVES, m, n)));
      const check = verifyConsistency(m, n, frontierRoot(built.frontiers[m]!), frontierRoot(built.frontiers[n]!), proof.map(hexToBytes));
      expect(check, `${m} → ${n}`).toEqual({ ok: true });
    }
  });

  it("need O(log n) nodes for inclusion, and list each node once", () => {
    for (let n = 1; n <= 1000; n += 13) {
      for (const i of [0, Math.floor(n / 2), n - 1]) {
        const plan = inclusionPlan(i, n);
        if (!plan.ok) throw new Error(plan.reason);
        expect(planAddresses(plan.plan).length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n + 1)));
      }
    }
    const plan = consistencyPlan(3, 7);
    expect(plan.ok && planAddresses([...plan.plan, ...plan.plan])).toEqual(plan.ok && planAddresses(plan.plan));
  });

  it("name what is wrong: a bad request, or a node the store lacks", () => {
    expect(inclusionPlan(0, 0)).toMatchObject({ ok: false, reason: "empty-tree" });
    expect(inclusionPlan(5, 5)).toMatchObject({ ok: false, reason: "index-out-of-range" });
    expect(inclusionPlan(1.5, 5)).toMatchObject({ ok: false, reason: "bad-index" });
    expect(consistencyPlan(6, 5)).toMatchObject({ ok: false, reason: "sizes-reversed" });
    expect(consistencyPlan(1, -5)).toMatchObject({ ok: false, reason: "bad-size" });
    const plan = inclusionPlan(3, 1200);
    expect(plan.ok && assembleProof(plan.plan, built.lookup)).toMatchObject({ ok: false, reason: "missing-node", level: 9, index: 1 });
    const bad = inclusionPlan(0, 2);
    expect(bad.ok && assembleProof(bad.plan, () => new Uint8Array(3))).toMatchObject({ ok: false, reason: "bad-hash", at: "node 0/1" });
  });
});

describe("rangeAddresses", () => {
  it("cuts an aligned range into its complete subtrees, largest first", () => {
    expect(rangeAddresses(0, 0)).toEqual([]);
    expect(rangeAddresses(0, 7)).toEqual([{ level: 2, index: 0 }, { level: 1, index: 2 }, { level: 0, index: 6 }]);
    expect(rangeAddresses(8, 13)).toEqual([{ level: 2, index: 2 }, { level: 0, index: 12 }]);
    expect(rangeAddresses(2 ** 40, 2 ** 40 + 2 ** 39 + 1)).toEqual([{ level: 39, index: 2 }, { level: 0, index: 2 ** 40 + 2 ** 39 }]);
  });
});
