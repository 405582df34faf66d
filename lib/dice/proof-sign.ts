/**
 * Signing a fair-dice-v2 proof (docs/fair-dice-v2.md, section 5b): the site's Ed25519 signature over the bundle's
 * statement, added to the bundle as `signature`. The server signs with its deployment key (server/vault/proof-key.ts);
 * the published vectors with a test key whose private half they print, so that anyone can reproduce them.
 *
 * @example
 *   const signed = signProof(bundle, privateKey);   // privateKey: 32 bytes (Ed25519's seed)
 *   signed.signature;                               // { keyId: "fg-ed25519-…", value: "<128 hex>" }
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { parseBundleV2, type AuditBundleV2 } from "./bundle-v2";
import { keyIdOf } from "./proof-keys";
import { proofStatement } from "./proof-statement";

/** The public key (64 hex) of a 32-byte Ed25519 private key. */
export function proofPublicKeyOf(privateKey: Uint8Array): string {
  return bytesToHex(ed25519.getPublicKey(privateKey));
}

/** The bundle with its signature (any signature it had replaced). Throws on a bundle that does not parse. */
export function signProof(bundle: AuditBundleV2, privateKey: Uint8Array): AuditBundleV2 {
  const { signature: _old, ...unsigned } = bundle;
  const parsed = parseBundleV2(unsigned);
  if (!parsed.ok) throw new Error(`signProof: not a fair-dice-v2 bundle (${JSON.stringify(parsed.values)})`);
  const keyId = keyIdOf(proofPublicKeyOf(privateKey));
  const value = bytesToHex(ed25519.sign(utf8ToBytes(proofStatement(parsed.value, keyId)), privateKey));
  return { ...unsigned, signature: { keyId, value } };
}
