/**
 * The proof-signing keys tests trust: a throwaway signing key, the key list a server publishes (fetched from its
 * /api/fairness/keys like any verifier would), and a signing key as the one-entry list a verifier is given.
 *
 * @example
 *   const keys = await fetchProofKeys(t.url);
 *   verify(audit.body, audit.body.record, { keys }).verdict; // "verified"
 */
import { randomBytes } from "node:crypto";
import { parseProofKeys, proofKeyEntry, type ProofKey } from "@/lib/dice";
import { proofKeyFromSeed, type ProofSigningKey } from "@/server/vault";

export function throwawayProofKey(): ProofSigningKey {
  return proofKeyFromSeed(new Uint8Array(randomBytes(32)));
}

/** A signing key's public half as the key list a verifier trusts. */
export function trustedKeys(key: Pick<ProofSigningKey, "publicKey">): ProofKey[] {
  return [proofKeyEntry(key.publicKey, "test")];
}

/** The keys a server lists at /api/fairness/keys. */
export async function fetchProofKeys(serverUrl: string): Promise<ProofKey[]> {
  const response = await fetch(`${serverUrl}/api/fairness/keys`);
  const listed = parseProofKeys(await response.json());
  if (!listed.ok) throw new Error(`${serverUrl}/api/fairness/keys is not a key list`);
  return listed.value;
}
