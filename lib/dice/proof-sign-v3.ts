/**
 * Signing a fair-dice-v3 proof (docs/fair-dice-v3.md, section 9b): the site's Ed25519 signature over the bundle's
 * v3 statement, with v2's keys and key ids (proof-keys.ts): one key list serves both protocols.
 *
 * @example
 *   signProofV3(bundle, privateKey).signature; // { keyId: "fg-ed25519-…", value: "<128 hex>" }
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { parseBundleV3, type AuditBundleV3 } from "./bundle-v3";
import { keyIdOf } from "./proof-keys";
import { proofPublicKeyOf } from "./proof-sign";
import { proofStatementV3 } from "./proof-statement-v3";

/** The bundle with its signature (any signature it had replaced). Throws on a bundle that does not parse. */
export function signProofV3(bundle: AuditBundleV3, privateKey: Uint8Array): AuditBundleV3 {
  const { signature: _old, ...unsigned } = bundle;
  const parsed = parseBundleV3(unsigned);
  if (!parsed.ok) throw new Error(`signProofV3: not a fair-dice-v3 bundle (${JSON.stringify(parsed.values)})`);
  const keyId = keyIdOf(proofPublicKeyOf(privateKey));
  const value = bytesToHex(ed25519.sign(utf8ToBytes(proofStatementV3(parsed.value, keyId)), privateKey));
  return { ...unsigned, signature: { keyId, value } };
}
