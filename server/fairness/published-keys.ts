/**
 * The site's proof-signing keys as published in the repository (docs/proof-keys.json: a deployment commits its key
 * there when it starts signing with it), read by the command-line verifier as the keys it trusts by default.
 *
 * @example
 *   publishedProofKeys(); // [] until a deployment publishes a key
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseProofKeys, type ProofKey } from "@/lib/dice";

/** Two folders below the repository's root, like every module that finds a file by its own place (see server-bundle.ts). */
export const PUBLISHED_KEYS_FILE = path.join(import.meta.dirname, "..", "..", "docs", "proof-keys.json");

export function publishedProofKeys(): ProofKey[] {
  const listed = parseProofKeys(JSON.parse(readFileSync(PUBLISHED_KEYS_FILE, "utf8")) as unknown);
  return listed.ok ? listed.value : [];
}
