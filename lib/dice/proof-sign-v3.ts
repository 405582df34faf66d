/**
 * Signing a fair-dice-v3 proof (docs/fair-dice-v3.md, section 9b): the site's Ed25519 signature over the bundle's
 * v3 statement, with v2's keys and key ids (proof-keys.ts): one key list serves both protocols.
 *
 * @example
 *   signProofV3(bundle, privateKey).signature; // { keyId: "fg-ed25519-…", value: "<128 hex>" }
 */
import { parseBundleV3, type AuditBundleV3 } from "./bundle-v3";
import { signParsed } from "./proof-sign";
import { proofStatementV3 } from "./proof-statement-v3";

/** The bundle with its signature (any signature it had replaced). Throws on a bundle that does not parse. */
export function signProofV3(bundle: AuditBundleV3, privateKey: Uint8Array): AuditBundleV3 {
  return signParsed(bundle, privateKey, "fair-dice-v3", parseBundleV3, proofStatementV3);
}
