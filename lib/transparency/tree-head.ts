/**
 * Signed tree heads (docs/transparency-log.md, sections 4 and 5): the site's Ed25519 signature over a log's size, root
 * and time, and the checks a monitor or a player's browser runs on them. A head commits the site to every entry of its
 * tree; two heads that are signed and yet not consistent are a proof, which anyone can show, that the site rewrote
 * or forked its log. `checkHeads` names which it was: a bad signature, a tree that shrank, two roots for one size (a
 * fork), time running backwards, or a consistency proof that fails.
 *
 * The signed message is UTF-8 lines, each ended by "\n", with a first line that no other message the site signs
 * starts with (a proof statement starts "fairgammon-signed-proof-1"), so a head's signature can never be passed off
 * as anything else's:
 *
 *   fairgammon-transparency-v1
 *   tree-size <decimal>
 *   root <64 lowercase hex>
 *   timestamp <decimal milliseconds since 1970 UTC>
 *
 * @example
 *   const head = signTreeHead({ treeSize: 3, rootHash: bytesToHex(root), timestamp: Date.now() }, privateKey);
 *   verifyTreeHead(head, publicKey);                   // { ok: true }
 *   checkHeads(yesterday, head, proofHex, publicKey);  // { ok: false, reason: "fork" } when the site forked
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import { entryLeafHash, parseEntry } from "./entry";
import { verifyConsistency, verifyInclusion, type MerkleFailed } from "./merkle";

export const TREE_HEAD_FORMAT = "fairgammon-transparency-v1";

/** What a head says: the log had `treeSize` entries, with this root, at `timestamp`. */
export interface TreeHead {
  readonly treeSize: number;
  /** The Merkle Tree Hash of the log's first treeSize entries, 64 lowercase hex. */
  readonly rootHash: string;
  /** When the site signed it, milliseconds since 1970 UTC. */
  readonly timestamp: number;
}

/** A head with the site's Ed25519 signature (128 lowercase hex) over `treeHeadMessage(head)`. */
export interface SignedTreeHead extends TreeHead {
  readonly signature: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const count = z.int().min(0);

export const signedTreeHeadSchema = z.strictObject({
  treeSize: count,
  rootHash: z.string().regex(HEX64, "64 lowercase hex characters"),
  timestamp: count,
  signature: z.string().regex(/^[0-9a-f]{128}$/, "128 lowercase hex characters"),
});

/** The text a head's signature is over. */
export function treeHeadMessage(head: TreeHead): string {
  return `${TREE_HEAD_FORMAT}\ntree-size ${head.treeSize}\nroot ${head.rootHash}\ntimestamp ${head.timestamp}\n`;
}

/** The head signed with a 32-byte Ed25519 private key. Throws on a head that is not one (the site makes them). */
export function signTreeHead(head: TreeHead, privateKey: Uint8Array): SignedTreeHead {
  const unsigned = { treeSize: head.treeSize, rootHash: head.rootHash, timestamp: head.timestamp };
  const parsed = signedTreeHeadSchema.omit({ signature: true }).safeParse(unsigned);
  if (!parsed.success) throw new Error(`signTreeHead: not a tree head (${parsed.error.issues[0]?.message ?? "?"})`);
  const signature = bytesToHex(ed25519.sign(utf8ToBytes(treeHeadMessage(unsigned)), privateKey));
  return { ...unsigned, signature };
}

export type HeadFailure =
  /** Not a signed tree head: a missing, extra or malformed field (`issue`). */
  | "malformed-head"
  /** The signature is not the key's over the head's message. */
  | "bad-signature"
  /** The newer head has fewer entries than the older: the log lost entries. */
  | "shrunk"
  /** Two heads of one size with different roots: the log shows two histories. */
  | "fork"
  /** A larger tree signed at an earlier time than a smaller one. */
  | "time-reversed"
  /** The consistency proof between the heads fails (`proof` says how): the newer tree does not extend the older. */
  | "inconsistent"
  /** The entry given to `checkEntryInHead` is not a log entry (`issue`). */
  | "malformed-entry"
  /** The inclusion proof of an entry in a head fails (`proof` says how). */
  | "not-included";

export interface HeadFailed {
  readonly ok: false;
  readonly reason: HeadFailure;
  /** Which head, for "malformed-head" and "bad-signature". */
  readonly head?: "older" | "newer";
  readonly issue?: string;
  /** The Merkle check's own failure, for "inconsistent" and "not-included". */
  readonly proof?: MerkleFailed;
}

export type HeadCheck = { readonly ok: true } | HeadFailed;

/** The signed tree head in `input` (a parsed JSON value), or why it is not one. */
export function parseTreeHead(input: unknown): { readonly ok: true; readonly head: SignedTreeHead } | HeadFailed {
  const parsed = signedTreeHeadSchema.safeParse(input);
  if (parsed.success) return { ok: true, head: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, reason: "malformed-head", issue: first ? `${first.path.join(".") || "(head)"}: ${first.message}` : undefined };
}

/** Whether `input` is a signed tree head and its signature is the 32-byte public key's. Never throws. */
export function verifyTreeHead(input: unknown, publicKey: Uint8Array): HeadCheck {
  const parsed = parseTreeHead(input);
  if (!parsed.ok) return parsed;
  return signatureValid(parsed.head, publicKey) ? { ok: true } : { ok: false, reason: "bad-signature" };
}

function signatureValid(head: SignedTreeHead, publicKey: Uint8Array): boolean {
  try {
    // RFC 8032 strict, as lib/dice/proof-keys.ts checks proof signatures.
    return ed25519.verify(hexToBytes(head.signature), utf8ToBytes(treeHeadMessage(head)), publicKey, { zip215: false });
  } catch {
    return false;
  }
}

/** Hex proof elements as bytes; an element that is not 64 hex becomes an empty array, which the check names. */
function proofBytes(proof: readonly string[]): Uint8Array[] {
  return proof.map((element) => (typeof element === "string" && HEX64.test(element) ? hexToBytes(element) : new Uint8Array(0)));
}

/**
 * Whether `newer` extends `older`: both signed by the key, the newer no smaller and no earlier, the same root at the
 * same size, and `proof` (hex, from the log's consistency-proof endpoint) shows the older tree is a prefix of the
 * newer. The first failure found, in that order, is named; a failure past the signatures is evidence against the log.
 */
export function checkHeads(older: unknown, newer: unknown, proof: readonly string[], publicKey: Uint8Array): HeadCheck {
  const a = parseTreeHead(older);
  if (!a.ok) return { ...a, head: "older" };
  const b = parseTreeHead(newer);
  if (!b.ok) return { ...b, head: "newer" };
  if (!signatureValid(a.head, publicKey)) return { ok: false, reason: "bad-signature", head: "older" };
  if (!signatureValid(b.head, publicKey)) return { ok: false, reason: "bad-signature", head: "newer" };
  const [o, n] = [a.head, b.head];
  if (n.treeSize < o.treeSize) return { ok: false, reason: "shrunk" };
  if (n.treeSize === o.treeSize && n.rootHash !== o.rootHash) return { ok: false, reason: "fork" };
  if (n.treeSize > o.treeSize && n.timestamp < o.timestamp) return { ok: false, reason: "time-reversed" };
  if (!Array.isArray(proof)) return { ok: false, reason: "inconsistent", proof: { ok: false, reason: "proof-length" } };
  const check = verifyConsistency(o.treeSize, n.treeSize, hexToBytes(o.rootHash), hexToBytes(n.rootHash), proofBytes(proof));
  return check.ok ? check : { ok: false, reason: "inconsistent", proof: check };
}

/**
 * Whether `entry` is entry `index` of the log as `head` (signed by the key) shows it, by the inclusion proof `proof`
 * (hex) — what an audit bundle's transparency section is checked with.
 */
export function checkEntryInHead(entry: unknown, index: number, proof: readonly string[], head: unknown, publicKey: Uint8Array): HeadCheck {
  const parsedEntry = parseEntry(entry);
  if (!parsedEntry.ok) return { ok: false, reason: "malformed-entry", issue: parsedEntry.issue };
  const parsed = parseTreeHead(head);
  if (!parsed.ok) return parsed;
  if (!signatureValid(parsed.head, publicKey)) return { ok: false, reason: "bad-signature" };
  const { treeSize, rootHash } = parsed.head;
  if (!Array.isArray(proof)) return { ok: false, reason: "not-included", proof: { ok: false, reason: "proof-length" } };
  const check = verifyInclusion(entryLeafHash(parsedEntry.entry), index, treeSize, proofBytes(proof), hexToBytes(rootHash));
  return check.ok ? check : { ok: false, reason: "not-included", proof: check };
}
