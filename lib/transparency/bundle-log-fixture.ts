/**
 * A real log of a few entries for tests, signed with a throwaway key: its heads at any size and each entry's
 * inclusion proof, as the site's log serves them (docs/transparency-log.md, section 9b) — what an audit document's
 * `transparency` section is built from in lib/transparency/bundle-log.test.ts and scripts/verify-log.test.ts.
 *
 * @example
 *   const log = testLog(entries, privateKey, T0);
 *   const section = { keyId, publicKey, created: log.inclusion(1, 6), ended: log.inclusion(4, 6) };
 */
import { bytesToHex } from "@noble/hashes/utils.js";
import { entryLeafHash, type LogEntry } from "./entry";
import { consistencyProof, inclusionProof, rootHash } from "./merkle";
import { signTreeHead, type SignedTreeHead } from "./tree-head";

export interface TestLog {
  readonly leaves: readonly Uint8Array[];
  /** The head of the first `size` entries, signed at `t0 + size` seconds. */
  headOf(size: number, key?: Uint8Array): SignedTreeHead;
  /** Entry `index` with its proof in the head of `size`: an Inclusion as the audit document carries it. */
  inclusion(index: number, size: number, key?: Uint8Array): { index: number; entry: LogEntry; head: SignedTreeHead; proof: string[] };
  /** The consistency proof from `from` entries to `to`, hex. */
  consistency(from: number, to: number): string[];
}

export function testLog(entries: readonly LogEntry[], privateKey: Uint8Array, t0: number): TestLog {
  const leaves = entries.map(entryLeafHash);
  const headOf = (size: number, key = privateKey) => signTreeHead({ treeSize: size, rootHash: bytesToHex(rootHash(leaves.slice(0, size))), timestamp: t0 + size * 1000 }, key);
  return {
    leaves,
    headOf,
    inclusion(index, size, key = privateKey) {
      const proof = inclusionProof(leaves.slice(0, size), index, size);
      if (!proof.ok) throw new Error(`testLog: no inclusion proof of ${index} in ${size}`);
      return { index, entry: entries[index]!, head: headOf(size, key), proof: proof.proof.map(bytesToHex) };
    },
    consistency(from, to) {
      const proof = consistencyProof(leaves.slice(0, to), from, to);
      if (!proof.ok) throw new Error(`testLog: no consistency proof from ${from} to ${to}`);
      return proof.proof.map(bytesToHex);
    },
  };
}
