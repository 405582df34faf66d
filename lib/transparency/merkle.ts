/**
 * The transparency log's Merkle tree (docs/transparency-log.md, section 2): RFC 9162 section 2.1's Merkle Tree Hash
 * over SHA-256, the same tree Certificate Transparency logs keep, so that any RFC 9162 (or RFC 6962) verifier can
 * check our proofs and the reference vectors of those logs check our code. A leaf's hash is SHA-256(0x00 || entry),
 * an inner node's SHA-256(0x01 || left || right); the two prefixes keep a leaf from passing for a node. A tree of n
 * entries is split at the largest power of two below n, so the left part is always a complete subtree; the empty
 * tree's hash is SHA-256 of nothing.
 *
 * Everything here takes and returns leaf hashes, never entries (lib/transparency/entry.ts makes those). The functions
 * over a leaf array are RFC 9162's recursive definitions written out, for verifiers, tests and small logs; a server
 * uses lib/transparency/frontier.ts instead, which needs neither the leaves nor the whole tree. Checks of proofs from
 * outside return values, never throw: a proof of the wrong length, an index past the size, a size of 0 or a hash that
 * is not 32 bytes is a named reason.
 *
 * @example
 *   const leaves = entries.map(leafHash);
 *   const root = rootHash(leaves);
 *   const proof = inclusionProof(leaves, 2, leaves.length);
 *   if (proof.ok) verifyInclusion(leaves[2], 2, leaves.length, proof.proof, root); // { ok: true }
 *   verifyConsistency(2, 3, rootHash(leaves.slice(0, 2)), root, consistencyProofOf23); // { ok: true }
 */
import { sha256 } from "@noble/hashes/sha2.js";

/** SHA-256's output: every hash of the tree is 32 bytes. */
export const HASH_SIZE = 32;

/** Why a proof, or a request for one, failed. */
export type MerkleFailure =
  /** A tree size that is not a whole number from 0 to 2^53 - 1. */
  | "bad-size"
  /** A leaf index that is not a whole number from 0 to 2^53 - 1. */
  | "bad-index"
  /** An inclusion proof in (or for) a tree of no entries: there is nothing to be included in. */
  | "empty-tree"
  /** The leaf index is the tree size or past it. */
  | "index-out-of-range"
  /** A leaf hash, root or proof element that is not 32 bytes (`at` says which). */
  | "bad-hash"
  /** The proof has another number of hashes than the index and size (or the two sizes) call for. */
  | "proof-length"
  /** The inclusion proof leads from the leaf to another root. */
  | "root-mismatch"
  /** A consistency proof asked for from a larger tree to a smaller one. */
  | "sizes-reversed"
  /** Two trees of the same size with different roots. */
  | "roots-differ"
  /** The consistency proof does not lead to the old tree's root. */
  | "old-root-mismatch"
  /** The consistency proof does not lead to the new tree's root. */
  | "new-root-mismatch"
  /** A stored node that the lookup did not find (`level`, `index`). */
  | "missing-node";

export interface MerkleFailed {
  readonly ok: false;
  readonly reason: MerkleFailure;
  /** For "bad-hash": "leaf", "root", "old-root", "new-root" or "proof[<i>]". */
  readonly at?: string;
  /** For "proof-length": how many hashes the proof should have, and has. */
  readonly expected?: number;
  readonly actual?: number;
  /** For "missing-node": the node's address. */
  readonly level?: number;
  readonly index?: number;
}

/** The outcome of checking a proof. */
export type MerkleCheck = { readonly ok: true } | MerkleFailed;

/** A proof, or why none can be made. */
export type ProofResult = { readonly ok: true; readonly proof: Uint8Array[] } | MerkleFailed;

const PASSED: MerkleCheck = { ok: true };

export function failed(reason: MerkleFailure, details: Omit<MerkleFailed, "ok" | "reason"> = {}): MerkleFailed {
  return { ok: false, reason, ...details };
}

/** SHA-256 of the empty string: the root of the tree of no entries (RFC 9162, section 2.1.1). */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array(0));

/** SHA-256(0x00 || entry): a leaf's hash (RFC 9162, section 2.1.1). */
export function leafHash(entry: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + entry.length);
  input[0] = 0x00;
  input.set(entry, 1);
  return sha256(input);
}

/** SHA-256(0x01 || left || right): an inner node's hash (RFC 9162, section 2.1.1). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = 0x01;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256(input);
}

/** Whether two hashes are the same bytes. */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `n` can be a tree size or a leaf index: a whole number 0 ≤ n < 2^53, where doubles still count exactly. */
export function isTreeSize(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
}

function isHash(hash: unknown): hash is Uint8Array {
  return hash instanceof Uint8Array && hash.length === HASH_SIZE;
}

/** The largest power of two below n (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The first of `hashes` that is not 32 bytes, named as "proof[<i>]", or null. */
function badProofElement(proof: readonly unknown[]): string | null {
  for (let i = 0; i < proof.length; i++) if (!isHash(proof[i])) return `proof[${i}]`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The recursive definitions over an array of leaf hashes (RFC 9162, sections 2.1.1, 2.1.3.1 and 2.1.4.1).

/** MTH(D[begin:end]) of the leaf hashes: the root of the tree over those leaves. */
function subtreeRoot(leaves: readonly Uint8Array[], begin: number, end: number): Uint8Array {
  const n = end - begin;
  if (n === 0) return EMPTY_ROOT;
  if (n === 1) return leaves[begin]!;
  const k = splitPoint(n);
  return nodeHash(subtreeRoot(leaves, begin, begin + k), subtreeRoot(leaves, begin + k, end));
}

/**
 * The Merkle Tree Hash of the log whose leaf hashes are `leaves` (all of them): the root a tree head signs. O(n);
 * a server keeps a frontier (lib/transparency/frontier.ts) instead.
 */
export function rootHash(leaves: readonly Uint8Array[]): Uint8Array {
  return subtreeRoot(leaves, 0, leaves.length);
}

/** PATH(m, D[begin:end]): the hashes that lead from leaf `begin + m` to MTH(D[begin:end]), the leaf's end first. */
function path(leaves: readonly Uint8Array[], m: number, begin: number, end: number): Uint8Array[] {
  const n = end - begin;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (m < k) return [...path(leaves, m, begin, begin + k), subtreeRoot(leaves, begin + k, end)];
  return [...path(leaves, m - k, begin + k, end), subtreeRoot(leaves, begin, begin + k)];
}

/**
 * The inclusion proof (audit path) of leaf `index` in the tree of the first `treeSize` of `leaves` (RFC 9162,
 * section 2.1.3.1): a failure when the size is 0 or past the leaves, or the index is not below the size.
 */
export function inclusionProof(leaves: readonly Uint8Array[], index: number, treeSize: number): ProofResult {
  if (!isTreeSize(treeSize) || treeSize > leaves.length) return failed("bad-size");
  if (!isTreeSize(index)) return failed("bad-index");
  if (treeSize === 0) return failed("empty-tree");
  if (index >= treeSize) return failed("index-out-of-range");
  return { ok: true, proof: path(leaves, index, 0, treeSize) };
}

/** SUBPROOF(m, D[begin:end], b) of RFC 9162, section 2.1.4.1. */
function subproof(leaves: readonly Uint8Array[], m: number, begin: number, end: number, haveOldRoot: boolean): Uint8Array[] {
  const n = end - begin;
  if (m === n) return haveOldRoot ? [] : [subtreeRoot(leaves, begin, end)];
  const k = splitPoint(n);
  if (m <= k) return [...subproof(leaves, m, begin, begin + k, haveOldRoot), subtreeRoot(leaves, begin + k, end)];
  return [...subproof(leaves, m - k, begin + k, end, false), subtreeRoot(leaves, begin, begin + k)];
}

/**
 * The consistency proof that the tree of the first `oldSize` leaves is a prefix of the tree of the first `newSize`
 * (RFC 9162, section 2.1.4.1). Empty when the sizes are equal or the old tree is empty: nothing is to be proved.
 */
export function consistencyProof(leaves: readonly Uint8Array[], oldSize: number, newSize: number): ProofResult {
  if (!isTreeSize(oldSize) || !isTreeSize(newSize) || newSize > leaves.length) return failed("bad-size");
  if (oldSize > newSize) return failed("sizes-reversed");
  if (oldSize === 0 || oldSize === newSize) return { ok: true, proof: [] };
  return { ok: true, proof: subproof(leaves, oldSize, 0, newSize, true) };
}

// ---------------------------------------------------------------------------------------------------------------
// Which subtrees a proof's hashes are the roots of, and so how long a proof must be. Both follow the recursions above
// without hashing, O(log n); lib/transparency/frontier.ts names the stored nodes of each range for a server.

/** The leaves [begin, end) of a subtree whose root is one hash of a proof. */
export interface LeafRange {
  readonly begin: number;
  readonly end: number;
}

/**
 * The walk down from the root of a tree of `treeSize` leaves toward the last of its first `prefix` leaves: each step's
 * sibling, root's end first, down to that single leaf, or with `toPrefixRoot` only until the node reached holds
 * exactly the prefix's rest (PATH and SUBPROOF of RFC 9162, section 2.1, without hashing). `rest` is those leaves;
 * `stepped` is whether the walk ever went right, i.e. whether the prefix is more than the node reached.
 */
function walkDown(prefix: number, treeSize: number, toPrefixRoot: boolean): { siblings: LeafRange[]; rest: LeafRange; stepped: boolean } {
  const siblings: LeafRange[] = [];
  let begin = 0;
  let n = treeSize;
  let m = prefix;
  let stepped = false;
  while (toPrefixRoot ? m !== n : n > 1) {
    const k = splitPoint(n);
    if (m <= k) {
      siblings.push({ begin: begin + k, end: begin + n });
      n = k;
    } else {
      siblings.push({ begin, end: begin + k });
      begin += k;
      m -= k;
      n -= k;
      stepped = true;
    }
  }
  return { siblings, rest: { begin, end: begin + m }, stepped };
}

/** The subtrees of the inclusion proof of `index` in a tree of `treeSize` (0 ≤ index < treeSize), leaf's end first. */
export function inclusionRanges(index: number, treeSize: number): LeafRange[] {
  return walkDown(index + 1, treeSize, false).siblings.reverse();
}

/** The subtrees of the consistency proof from `oldSize` to `newSize` (0 < oldSize ≤ newSize), old tree's end first. */
export function consistencyRanges(oldSize: number, newSize: number): LeafRange[] {
  const { siblings, rest, stepped } = walkDown(oldSize, newSize, true);
  // The old tree's last complete subtree: left out when it is the old root itself, which the verifier holds.
  if (stepped) siblings.push(rest);
  return siblings.reverse();
}

/** How many hashes the inclusion proof of `index` in a tree of `treeSize` has (0 ≤ index < treeSize). */
export function inclusionProofLength(index: number, treeSize: number): number {
  return inclusionRanges(index, treeSize).length;
}

/** How many hashes the consistency proof from `oldSize` to `newSize` has (0 < oldSize < newSize). */
export function consistencyProofLength(oldSize: number, newSize: number): number {
  return consistencyRanges(oldSize, newSize).length;
}

// ---------------------------------------------------------------------------------------------------------------
// Verification: RFC 9162's iterative algorithms, which need only the proof, the sizes and the roots.

const isOdd = (n: number): boolean => n % 2 === 1;
const half = (n: number): number => Math.floor(n / 2);

/** Where a proof hash joins the hash built so far: "left" is nodeHash(proof hash, built), "right" the other way. */
type Side = "left" | "right";

/**
 * RFC 9162's walk from the node `fn` of a level whose last node is `sn` up to the root, one step per proof hash:
 * the side each of `count` hashes joins on, or null when the root is reached before the hashes run out, or not
 * reached when they do (the proof's length is wrong). Both verifications share it; only what they hash differs.
 */
function proofSides(fn: number, sn: number, count: number): Side[] | null {
  const sides: Side[] = [];
  for (let i = 0; i < count; i++) {
    if (sn === 0) return null;
    if (isOdd(fn) || fn === sn) {
      sides.push("left");
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sides.push("right");
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? sides : null;
}

/**
 * Whether `proof` shows that `leaf` (a leaf hash) is entry `index` of the tree of `treeSize` entries whose root is
 * `root` (RFC 9162, section 2.1.3.2). The proof's length is checked first, so that a truncated or padded proof is
 * named as such rather than as a wrong root.
 */
export function verifyInclusion(leaf: Uint8Array, index: number, treeSize: number, proof: readonly Uint8Array[], root: Uint8Array): MerkleCheck {
  if (!isTreeSize(treeSize)) return failed("bad-size");
  if (!isTreeSize(index)) return failed("bad-index");
  if (treeSize === 0) return failed("empty-tree");
  if (index >= treeSize) return failed("index-out-of-range");
  if (!isHash(leaf)) return failed("bad-hash", { at: "leaf" });
  if (!isHash(root)) return failed("bad-hash", { at: "root" });
  if (!Array.isArray(proof)) return failed("proof-length", { expected: inclusionProofLength(index, treeSize) });
  const bad = badProofElement(proof);
  if (bad) return failed("bad-hash", { at: bad });
  const expected = inclusionProofLength(index, treeSize);
  if (proof.length !== expected) return failed("proof-length", { expected, actual: proof.length });

  const sides = proofSides(index, treeSize - 1, proof.length);
  if (!sides) return failed("proof-length", { expected, actual: proof.length });
  let r = leaf;
  proof.forEach((p, i) => {
    r = sides[i] === "left" ? nodeHash(p, r) : nodeHash(r, p);
  });
  return sameHash(r, root) ? PASSED : failed("root-mismatch");
}

/**
 * Whether `proof` shows that the tree of `oldSize` entries with root `oldRoot` is the first `oldSize` entries of the
 * tree of `newSize` entries with root `newRoot` — that the log only appended (RFC 9162, section 2.1.4.2). Equal sizes
 * need equal roots and an empty proof; an empty old tree needs the empty root and an empty proof.
 */
export function verifyConsistency(oldSize: number, newSize: number, oldRoot: Uint8Array, newRoot: Uint8Array, proof: readonly Uint8Array[]): MerkleCheck {
  if (!isTreeSize(oldSize) || !isTreeSize(newSize)) return failed("bad-size");
  if (!isHash(oldRoot)) return failed("bad-hash", { at: "old-root" });
  if (!isHash(newRoot)) return failed("bad-hash", { at: "new-root" });
  if (!Array.isArray(proof)) return failed("proof-length");
  const bad = badProofElement(proof);
  if (bad) return failed("bad-hash", { at: bad });
  if (oldSize > newSize) return failed("sizes-reversed");
  if (oldSize === newSize) {
    if (proof.length !== 0) return failed("proof-length", { expected: 0, actual: proof.length });
    return sameHash(oldRoot, newRoot) ? PASSED : failed("roots-differ");
  }
  if (oldSize === 0) {
    if (proof.length !== 0) return failed("proof-length", { expected: 0, actual: proof.length });
    return sameHash(oldRoot, EMPTY_ROOT) ? PASSED : failed("old-root-mismatch");
  }
  const expected = consistencyProofLength(oldSize, newSize);
  if (proof.length !== expected) return failed("proof-length", { expected, actual: proof.length });

  // Step 2: a complete old tree is itself a node of the new one, so the proof leaves it out; put it back.
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : [...proof];
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  const sides = proofSides(fn, sn, path.length - 1);
  if (!sides) return failed("proof-length", { expected, actual: proof.length });
  // The first hash is both roots' start: the old root is made of the left joins only, the new one of all.
  let fr = path[0]!;
  let sr = path[0]!;
  path.slice(1).forEach((c, i) => {
    if (sides[i] === "left") {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
    } else {
      sr = nodeHash(sr, c);
    }
  });
  if (!sameHash(fr, oldRoot)) return failed("old-root-mismatch");
  if (!sameHash(sr, newRoot)) return failed("new-root-mismatch");
  return PASSED;
}

/** Whether n (≥ 1) is 1, 2, 4, 8, … */
export function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}
