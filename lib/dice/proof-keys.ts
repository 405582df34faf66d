/**
 * The site's proof-signing keys as a verifier trusts them (docs/fair-dice-v2.md, section 5b): a key list
 * (`fairgammon-proof-keys-1`, served at /api/fairness/keys and kept in docs/proof-keys.json) and the Ed25519 check of a
 * signature. A key's id is derived from its public key, so a list cannot pass one key off under another's id.
 *
 * @example
 *   const keys = parseProofKeys(await (await fetch("/api/fairness/keys")).json());
 *   if (keys.ok) signatureValid(keys.value[0].publicKey, statement, signature.value);
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import { err, ok, type Result } from "../engine/types";
import { ed25519Valid } from "./ed25519-backend";

export const PROOF_KEYS_FORMAT = "fairgammon-proof-keys-1";
const KEY_ID_PREFIX = "fg-ed25519-";

/** One public key the site has signed with, and since when. */
export interface ProofKey {
  readonly keyId: string;
  readonly algorithm: "Ed25519";
  /** The 32-byte public key, 64 lowercase hex characters. */
  readonly publicKey: string;
  /** When the site first signed with it (ISO 8601). */
  readonly from: string;
}

export interface ProofKeyList {
  readonly format: typeof PROOF_KEYS_FORMAT;
  readonly site?: string;
  readonly keys: readonly ProofKey[];
}

/** "fg-ed25519-" and the first 16 hex characters of SHA-256 of the 32 public-key bytes. */
export function keyIdOf(publicKey: string): string {
  return KEY_ID_PREFIX + bytesToHex(sha256(hexToBytes(publicKey))).slice(0, 16);
}

/** A public key as a key list lists it; `from`: since when it signs (ISO 8601), or where it comes from ("local"). */
export function proofKeyEntry(publicKey: string, from: string): ProofKey {
  return { keyId: keyIdOf(publicKey), algorithm: "Ed25519", publicKey, from };
}

const keySchema = z.object({
  keyId: z.string(),
  algorithm: z.literal("Ed25519"),
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
  from: z.string(),
});
const listSchema = z.object({ format: z.literal(PROOF_KEYS_FORMAT), keys: z.array(keySchema) });

/** The keys of a key list whose id is their own; ERR_BAD_KEYS when it is not a key list at all. */
export function parseProofKeys(input: unknown): Result<ProofKey[], "ERR_BAD_KEYS"> {
  const parsed = listSchema.safeParse(input);
  if (!parsed.success) return err("ERR_BAD_KEYS", { reason: "format" });
  return ok(parsed.data.keys.filter((key) => key.keyId === keyIdOf(key.publicKey)));
}

/**
 * Whether `signature` (128 hex) is `publicKey`'s Ed25519 signature of the UTF-8 `statement`. Never throws. RFC 8032
 * strict (as OpenSSL, and so Python's `cryptography`, checks), not ZIP-215's wider acceptance: ed25519-backend.ts,
 * which checks with Node's crypto in Node and noble's in the browser, with the same verdict.
 */
export function signatureValid(publicKey: string, statement: string | Uint8Array, signature: string): boolean {
  try {
    return ed25519Valid(hexToBytes(publicKey), typeof statement === "string" ? utf8ToBytes(statement) : statement, hexToBytes(signature));
  } catch {
    return false;
  }
}
