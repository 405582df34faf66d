/**
 * The transparency log as a server keeps it (docs/transparency-log.md, section 6): not the leaves, but the hashes of
 * complete subtrees, each stored once when it is completed and never changed, and the frontier — the complete
 * subtrees along the tree's right edge, one for each 1-bit of the size (a "compact range" of [0, size)). Appending an
 * entry merges at most log2(n) of them and yields the nodes to store; the root is the frontier folded from the right.
 * Proofs need only stored nodes too: `inclusionPlan` and `consistencyPlan` name the nodes a proof is made of (so a
 * server can fetch them in one query) and `assembleProof` hashes them into the proof lib/transparency/merkle.ts checks.
 *
 * A node's address is its level and index: level L, index i is the complete subtree of the 2^L leaves from i·2^L (a
 * leaf is level 0). Only complete subtrees have addresses; the roots of ragged right edges are made from them.
 *
 * @example
 *   let frontier = EMPTY_FRONTIER;
 *   const appended = appendLeaf(frontier, leafHash(entryBytes(entry)));
 *   await db.insertNodes(appended.nodes);           // { level, index, hash } each, never updated afterwards
 *   frontier = appended.frontier;
 *   frontierRoot(frontier);                         // the new root, to sign
 *   const plan = inclusionPlan(index, frontier.size);
 *   if (plan.ok) assembleProof(plan.plan, await db.nodes(planAddresses(plan.plan)));
 */
import { EMPTY_ROOT, HASH_SIZE, consistencyRanges, failed, inclusionRanges, isTreeSize, nodeHash, type LeafRange, type MerkleFailed, type ProofResult } from "./merkle";

/** A complete subtree's place in the tree: the 2^level leaves from index·2^level. */
export interface NodeAddress {
  readonly level: number;
  readonly index: number;
}

/** A complete subtree's hash at its address: what a server stores, one row each. */
export interface StoredNode extends NodeAddress {
  readonly hash: Uint8Array;
}

/** The stored node at an address, or undefined when there is none. */
export type NodeLookup = (level: number, index: number) => Uint8Array | undefined;

/**
 * One element of a proof as the complete subtrees it is made of, left to right: one, when the element is a complete
 * subtree; several (largest first) when it is the root of a ragged right edge, hashed together from the right.
 */
export type ProofElementPlan = readonly NodeAddress[];

/** The tree's size and its right edge: the hashes of the complete subtrees of `frontierAddresses(size)`, in order. */
export interface MerkleFrontier {
  readonly size: number;
  readonly hashes: readonly Uint8Array[];
}

export const EMPTY_FRONTIER: MerkleFrontier = { size: 0, hashes: [] };

/**
 * The complete subtrees that make up the leaves [begin, end), largest first, when `begin` is a multiple of a power
 * of two at least `end - begin` — as every node of an RFC 9162 tree is: one for each 1-bit of end - begin.
 */
export function rangeAddresses(begin: number, end: number): NodeAddress[] {
  const addresses: NodeAddress[] = [];
  let at = begin;
  let width = 1;
  while (width * 2 <= end - begin) width *= 2;
  for (let level = Math.log2(width); width >= 1; width /= 2, level--) {
    if (end - at >= width) {
      addresses.push({ level, index: (at - (at % width)) / width });
      at += width;
    }
  }
  return addresses;
}

/** The addresses of the frontier of a tree of `size` leaves, leftmost (largest) first. */
export function frontierAddresses(size: number): NodeAddress[] {
  return rangeAddresses(0, size);
}

/**
 * The frontier and the nodes completed by appending the leaf hash `leaf`: the leaf itself (level 0) and every
 * subtree it completes. O(log n). Throws on a leaf that is not 32 bytes: leaf hashes come from `leafHash`.
 */
export function appendLeaf(frontier: MerkleFrontier, leaf: Uint8Array): { frontier: MerkleFrontier; nodes: StoredNode[] } {
  if (!(leaf instanceof Uint8Array) || leaf.length !== HASH_SIZE) throw new TypeError("appendLeaf: a leaf hash is 32 bytes");
  if (frontier.size >= Number.MAX_SAFE_INTEGER) throw new RangeError("appendLeaf: the tree is full");
  const hashes = [...frontier.hashes];
  let hash = leaf;
  let level = 0;
  let index = frontier.size;
  const nodes: StoredNode[] = [{ level, index, hash }];
  // Each 1-bit at the bottom of the old size is a complete subtree on the edge that the new leaf's side now matches.
  for (let below = frontier.size; below % 2 === 1; below = (below - 1) / 2) {
    hash = nodeHash(hashes.pop()!, hash);
    level++;
    index = (index - (index % 2)) / 2;
    nodes.push({ level, index, hash });
  }
  hashes.push(hash);
  return { frontier: { size: frontier.size + 1, hashes }, nodes };
}

/** The root of the frontier's tree: its hashes folded from the right; SHA-256("") for the empty tree. */
export function frontierRoot(frontier: MerkleFrontier): Uint8Array {
  const hashes = frontier.hashes;
  if (hashes.length === 0) return EMPTY_ROOT;
  let root = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) root = nodeHash(hashes[i]!, root);
  return root;
}

/** The frontier of a stored tree of `size` leaves, from its nodes; a failure when one is missing. */
export function frontierFromNodes(size: number, lookup: NodeLookup): { ok: true; frontier: MerkleFrontier } | MerkleFailed {
  if (!isTreeSize(size)) return failed("bad-size");
  const hashes: Uint8Array[] = [];
  for (const address of frontierAddresses(size)) {
    const hash = lookup(address.level, address.index);
    if (hash === undefined) return failed("missing-node", address);
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE) return failed("bad-hash", { at: `node ${address.level}/${address.index}` });
    hashes.push(hash);
  }
  return { ok: true, frontier: { size, hashes } };
}

export type PlanResult = { readonly ok: true; readonly plan: ProofElementPlan[] } | MerkleFailed;

/** The nodes of the inclusion proof of leaf `index` in a tree of `treeSize` (the proof's order: the leaf's end first). */
export function inclusionPlan(index: number, treeSize: number): PlanResult {
  if (!isTreeSize(treeSize)) return failed("bad-size");
  if (!isTreeSize(index)) return failed("bad-index");
  if (treeSize === 0) return failed("empty-tree");
  if (index >= treeSize) return failed("index-out-of-range");
  return { ok: true, plan: inclusionRanges(index, treeSize).map(nodesOfRange) };
}

/** The nodes of the consistency proof from a tree of `oldSize` to one of `newSize` (empty when nothing is to prove). */
export function consistencyPlan(oldSize: number, newSize: number): PlanResult {
  if (!isTreeSize(oldSize) || !isTreeSize(newSize)) return failed("bad-size");
  if (oldSize > newSize) return failed("sizes-reversed");
  if (oldSize === 0 || oldSize === newSize) return { ok: true, plan: [] };
  return { ok: true, plan: consistencyRanges(oldSize, newSize).map(nodesOfRange) };
}

/** A proof element's stored nodes: the complete subtrees of its leaf range. */
function nodesOfRange(range: LeafRange): ProofElementPlan {
  return rangeAddresses(range.begin, range.end);
}

/** Every address a plan needs, each once: what to fetch before `assembleProof`. */
export function planAddresses(plan: readonly ProofElementPlan[]): NodeAddress[] {
  const seen = new Set<string>();
  const addresses: NodeAddress[] = [];
  for (const element of plan) {
    for (const address of element) {
      const key = `${address.level}/${address.index}`;
      if (!seen.has(key)) {
        seen.add(key);
        addresses.push(address);
      }
    }
  }
  return addresses;
}

/** The proof a plan describes, from stored nodes; a failure naming the first node the lookup lacks. */
export function assembleProof(plan: readonly ProofElementPlan[], lookup: NodeLookup): ProofResult {
  const proof: Uint8Array[] = [];
  for (const element of plan) {
    const hashes: Uint8Array[] = [];
    for (const address of element) {
      const hash = lookup(address.level, address.index);
      if (hash === undefined) return failed("missing-node", address);
      if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE) return failed("bad-hash", { at: `node ${address.level}/${address.index}` });
      hashes.push(hash);
    }
    if (hashes.length === 0) return failed("proof-length");
    let hash = hashes[hashes.length - 1]!;
    for (let i = hashes.length - 2; i >= 0; i--) hash = nodeHash(hashes[i]!, hash);
    proof.push(hash);
  }
  return { ok: true, proof };
}

/** A lookup over a list of stored nodes (what `appendLeaf` returned, or a query's rows). */
export function lookupOf(nodes: Iterable<StoredNode>): NodeLookup {
  const byAddress = new Map<string, Uint8Array>();
  for (const node of nodes) byAddress.set(`${node.level}/${node.index}`, node.hash);
  return (level, index) => byAddress.get(`${level}/${index}`);
}
