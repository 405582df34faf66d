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

/**
 * The bundle with its signature over `statement` of its parsed form (any signature it had replaced): what every
 * protocol's signing does. Throws on a bundle that does not parse (`protocol` names it in the error).
 */
export function signParsed<B extends { readonly signature?: unknown }, P>(
  bundle: B,
  privateKey: Uint8Array,
  protocol: string,
  parse: (unsigned: Omit<B, "signature">) => { readonly ok: true; readonly value: P } | { readonly ok: false; readonly values?: unknown },
  statement: (parsed: P, keyId: string) => string,
): Omit<B, "signature"> & { readonly signature: { readonly keyId: string; readonly value: string } } {
  const { signature: _old, ...unsigned } = bundle;
  const parsed = parse(unsigned);
  if (!parsed.ok) throw new Error(`signing: not a ${protocol} bundle (${JSON.stringify(parsed.values)})`);
  const keyId = keyIdOf(proofPublicKeyOf(privateKey));
  const value = bytesToHex(ed25519.sign(utf8ToBytes(statement(parsed.value, keyId)), privateKey));
  return { ...unsigned, signature: { keyId, value } };
}

/** The bundle with its signature (any signature it had replaced). Throws on a bundle that does not parse. */
export function signProof(bundle: AuditBundleV2, privateKey: Uint8Array): AuditBundleV2 {
  return signParsed(bundle, privateKey, "fair-dice-v2", parseBundleV2, proofStatement);
}
