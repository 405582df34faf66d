/**
 * Every key the site has signed match proofs with (docs/fair-dice-v2.md, section 5b): each node records its signing
 * key's public half when it starts, and GET /api/fairness/keys lists them all — the stable address a verifier takes
 * the site's keys from, old ones included, so that a proof signed before a rotation keeps verifying.
 *
 * @example
 *   await registerProofKey(db, key);         // at start: idempotent, across nodes
 *   const list = await proofKeyList(db);      // { format: "fairgammon-proof-keys-1", keys: [{ keyId, publicKey, … }] }
 */
import { PROOF_KEYS_FORMAT, proofKeyEntry, type ProofKeyList } from "@/lib/dice";
import type { Db } from "@/server/db/client";
import type { ProofSigningKey } from "@/server/vault/proof-key";

/** Lists the key (its public half only) if it is not listed yet; two nodes starting at once both succeed. */
export async function registerProofKey(db: Db, key: Pick<ProofSigningKey, "keyId" | "publicKey">): Promise<void> {
  try {
    await db.prisma.proofKey.upsert({ where: { keyId: key.keyId }, create: { keyId: key.keyId, publicKey: key.publicKey }, update: {} });
  } catch (error) {
    // Another node inserted the same key between this one's read and write: it is listed, which is all we need.
    if ((error as { code?: unknown }).code !== "P2002") throw error;
  }
}

/** The key list, oldest first. */
export async function proofKeyList(db: Db): Promise<ProofKeyList> {
  const rows = await db.prisma.proofKey.findMany({ orderBy: [{ firstUsed: "asc" }, { keyId: "asc" }] });
  return { format: PROOF_KEYS_FORMAT, keys: rows.map((row) => proofKeyEntry(row.publicKey, row.firstUsed.toISOString())) };
}
