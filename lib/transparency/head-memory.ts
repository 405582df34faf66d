/**
 * A browser's memory of the log (docs/transparency-log.md, section 8): the last signed tree head this browser saw,
 * kept in localStorage, and the check of the site's next head against it — the same checks a monitor runs
 * (checkHeads: fork, shrunk, time-reversed, inconsistent, bad-signature), by a viewer the site cannot tell from any
 * other. A browser that keeps its heads is a small monitor of its own: the site cannot rewrite what it showed this
 * browser without this browser noticing. (It cannot see a split view alone; section 8 says what can.)
 *
 * Pure: the shell (components/transparency/head-check.tsx) reads and writes the storage and fetches the answers; a
 * new head is kept only when it was checked consistent with the one before.
 *
 * @example
 *   const remembered = readRememberedHead(localStorage.getItem(HEAD_MEMORY_KEY));
 *   const range = proofRange(remembered, siteAnswer);       // { from, to }: fetch /consistency for these, or null
 *   const { outcome, keep } = judgeHead(remembered, siteAnswer, consistencyAnswer, trustedKeys, Date.now());
 *   if (keep) localStorage.setItem(HEAD_MEMORY_KEY, JSON.stringify(keep));
 */
import { hexToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import type { MerkleFailure } from "./merkle";
import { checkHeads, parseTreeHead, signedTreeHeadSchema, verifyTreeHead, type SignedTreeHead } from "./tree-head";

/** The localStorage key the head is kept under. */
export const HEAD_MEMORY_KEY = "fairgammon.transparency.head";
export const HEAD_MEMORY_FORMAT = "fairgammon-head-memory-1";

export interface RememberedHead {
  readonly format: typeof HEAD_MEMORY_FORMAT;
  /** The key (64 hex) the head verified with when it was kept. */
  readonly publicKey: string;
  readonly head: SignedTreeHead;
  /** When this browser first saw it, ms since 1970 (the browser's clock, not the site's). */
  readonly seenAt: number;
}

/** The ways a site's head fails against the one this browser kept: each is the site's signed word against itself. */
export type HeadMemoryFailure = "fork" | "shrunk" | "time-reversed" | "inconsistent" | "bad-signature" | "malformed-head";

export type HeadOutcome =
  /** Nothing was kept before: this head is kept to check the next one against. */
  | { readonly kind: "first"; readonly to: number }
  /** The site's head is the kept one, or extends it (from = to when unchanged). */
  | { readonly kind: "consistent"; readonly from: number; readonly to: number }
  /** The site has signed no head yet, and this browser kept none. */
  | { readonly kind: "empty" }
  /** The site's key is another than the kept head's (a rotation): this browser starts again from this head. */
  | { readonly kind: "key-changed"; readonly to: number }
  /** The site names a key the verifier does not trust (not in /api/fairness/keys): nothing it signs is checked. */
  | { readonly kind: "untrusted-key" }
  /** The consistency proof could not be fetched: nothing is known yet, nothing is kept. */
  | { readonly kind: "unavailable"; readonly from: number; readonly to: number }
  | { readonly kind: "failed"; readonly reason: HeadMemoryFailure; readonly from: number; readonly to: number; readonly merkle?: MerkleFailure };

const HEX64 = /^[0-9a-f]{64}$/;
const rememberedSchema = z.strictObject({ format: z.literal(HEAD_MEMORY_FORMAT), publicKey: z.string().regex(HEX64), head: signedTreeHeadSchema, seenAt: z.int().min(0) });

/**
 * The head kept in `stored` (localStorage's text), or null when there is none — or it is not one whose signature holds
 * under its own key: a memory edited by hand is forgotten, not held against the site.
 */
export function readRememberedHead(stored: string | null): RememberedHead | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const parsed = rememberedSchema.safeParse(value);
  if (!parsed.success) return null;
  return verifyTreeHead(parsed.data.head, hexToBytes(parsed.data.publicKey)).ok ? parsed.data : null;
}

/** What /api/transparency/head answered, as far as the checks need it. */
interface SiteHead {
  readonly head: unknown;
  readonly publicKey: unknown;
}

function siteHeadOf(answer: unknown): SiteHead {
  const fields = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>) : {};
  return { head: fields.head ?? null, publicKey: fields.publicKey };
}

const sizeOf = (head: unknown): number => {
  const parsed = parseTreeHead(head);
  return parsed.ok ? parsed.head.treeSize : 0;
};

/**
 * The sizes to fetch a consistency proof between (/api/transparency/consistency?from=&to=), or null when the check
 * needs none: nothing kept, the same key's head no larger than the kept one, or another key.
 */
export function proofRange(remembered: RememberedHead | null, siteAnswer: unknown): { readonly from: number; readonly to: number } | null {
  const site = siteHeadOf(siteAnswer);
  if (remembered === null || site.publicKey !== remembered.publicKey) return null;
  const to = sizeOf(site.head);
  return to > remembered.head.treeSize ? { from: remembered.head.treeSize, to } : null;
}

const keep = (publicKey: string, head: SignedTreeHead, at: number): RememberedHead => ({ format: HEAD_MEMORY_FORMAT, publicKey, head, seenAt: at });

/**
 * The site's head (its /head answer) against the kept one, with the consistency answer when `proofRange` asked for
 * one (undefined: not fetched, or the fetch failed). `keep` is what to store now, or null to keep what is stored.
 */
export function judgeHead(
  remembered: RememberedHead | null,
  siteAnswer: unknown,
  consistencyAnswer: unknown,
  trustedKeys: readonly string[],
  now: number,
): { readonly outcome: HeadOutcome; readonly keep: RememberedHead | null } {
  const site = siteHeadOf(siteAnswer);
  const from = remembered?.head.treeSize ?? 0;
  if (typeof site.publicKey !== "string" || !trustedKeys.includes(site.publicKey)) return { outcome: { kind: "untrusted-key" }, keep: null };
  const publicKey = site.publicKey;
  if (site.head === null) {
    // No head at all after one was seen: the log lost every entry.
    return { outcome: remembered === null ? { kind: "empty" } : { kind: "failed", reason: "shrunk", from, to: 0 }, keep: null };
  }
  const parsed = parseTreeHead(site.head);
  if (!parsed.ok) return { outcome: { kind: "failed", reason: "malformed-head", from, to: 0 }, keep: null };
  const head = parsed.head;
  const to = head.treeSize;
  if (!verifyTreeHead(head, hexToBytes(publicKey)).ok) return { outcome: { kind: "failed", reason: "bad-signature", from, to }, keep: null };
  if (remembered === null) return { outcome: { kind: "first", to }, keep: keep(publicKey, head, now) };
  if (remembered.publicKey !== publicKey) return { outcome: { kind: "key-changed", to }, keep: keep(publicKey, head, now) };
  const needsProof = to > from;
  const proof = needsProof ? proofOf(consistencyAnswer) : [];
  if (proof === undefined) return { outcome: { kind: "unavailable", from, to }, keep: null };
  const check = checkHeads(remembered.head, head, proof, hexToBytes(publicKey));
  if (!check.ok) return { outcome: { kind: "failed", reason: check.reason as HeadMemoryFailure, from, to, ...(check.proof && { merkle: check.proof.reason }) }, keep: null };
  // Unchanged: the kept head stays, with when it was first seen.
  return { outcome: { kind: "consistent", from, to }, keep: needsProof ? keep(publicKey, head, now) : null };
}

/** The proof of a /consistency answer (a list, checked by checkHeads), or undefined when there is no answer. */
function proofOf(answer: unknown): readonly string[] | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  const proof = (answer as { proof?: unknown }).proof;
  // Not a list: checked as no proof, which checkHeads names (inconsistent, proof-length) like any that does not hold.
  return Array.isArray(proof) ? (proof as string[]) : [];
}
