/**
 * The Ed25519 check of a proof's signature (docs/fair-dice-v2.md, section 5b), from Node's own crypto (OpenSSL) when
 * the code runs in Node and from @noble/curves everywhere else (the browser's verifier panel). A 10,000-roll
 * statement is 1.3 MB: noble's pure-JavaScript SHA-512 over it was over 100 ms of a verification, OpenSSL's a few.
 *
 * The verdict is noble's RFC 8032 strict one (`zip215: false`) in both: noble checks the cofactored equation and
 * refuses small-order keys, OpenSSL the cofactorless equation. A signature OpenSSL accepts under a key noble takes
 * (canonical, not of small order) noble accepts too, so OpenSSL's "valid" is taken as it is, and only a signature
 * OpenSSL refuses is asked of noble — the rare bad proof pays noble's time, never gets a different answer.
 *
 * lib/ imports no Node built-in (eslint.config.mjs) and the browser must not get a crypto polyfill, so Node's module
 * is asked for at run time through `process.getBuiltinModule`, as hash-backend.ts does.
 *
 * @example
 *   ed25519Valid(publicKeyBytes, utf8ToBytes(statement), signatureBytes); // true, false; never throws
 */
import { ed25519 } from "@noble/curves/ed25519.js";

/** Checks an Ed25519 signature over `message`: never throws, false for bytes of the wrong length. */
export type Ed25519Verify = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

/** The part of node:crypto used here, written out because lib/ may not import the module's types either. */
export interface NodeEd25519Crypto {
  createPublicKey(input: { readonly key: { readonly kty: "OKP"; readonly crv: "Ed25519"; readonly x: string }; readonly format: "jwk" }): unknown;
  verify(algorithm: null, data: Uint8Array, key: unknown, signature: Uint8Array): boolean;
}

/** noble's RFC 8032 strict check, not ZIP-215's wider acceptance (as OpenSSL, and so Python's `cryptography`, checks). */
export const nobleEd25519: Ed25519Verify = (publicKey, message, signature) => {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Unpadded base64url, as a JWK writes a key's bytes. */
function base64url(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    text += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) text += BASE64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) text += BASE64URL[n & 63]!;
  }
  return text;
}

/** Whether noble takes `publicKey` at all under RFC 8032 strict: a canonical point encoding, not of small order. */
function strictKey(publicKey: Uint8Array): boolean {
  try {
    return !ed25519.Point.fromBytes(publicKey, false).isSmallOrder();
  } catch {
    return false;
  }
}

/**
 * The check over Node's crypto module `crypto`, with noble's verdict (see above). A key's KeyObject, and whether
 * noble takes the key, are made once per key: a verifier checks many proofs under the site's one or two keys.
 */
export function nodeEd25519(crypto: NodeEd25519Crypto): Ed25519Verify {
  const keys = new Map<string, unknown>();
  const keyObjectOf = (publicKey: Uint8Array): unknown => {
    const x = base64url(publicKey);
    if (!keys.has(x)) {
      let keyObject: unknown = null;
      try {
        if (strictKey(publicKey)) keyObject = crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" });
      } catch {
        keyObject = null;
      }
      keys.set(x, keyObject);
    }
    return keys.get(x);
  };
  return (publicKey, message, signature) => {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    const key = keyObjectOf(publicKey);
    try {
      if (key !== null && crypto.verify(null, message, key, signature)) return true;
    } catch {
      // Left to noble, which says false for what it cannot read.
    }
    return nobleEd25519(publicKey, message, signature);
  };
}

/** The check for a runtime whose global object is `global`: Node's crypto when it hands it out, noble's in a browser. */
export function ed25519VerifyFor(global: { readonly process?: { readonly getBuiltinModule?: (id: string) => unknown } }): Ed25519Verify & { readonly backend: "node" | "noble" } {
  const crypto = global.process?.getBuiltinModule?.("node:crypto") as Partial<NodeEd25519Crypto> | undefined;
  if (typeof crypto?.verify === "function" && typeof crypto.createPublicKey === "function") return Object.assign(nodeEd25519(crypto as NodeEd25519Crypto), { backend: "node" as const });
  return Object.assign((publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => nobleEd25519(publicKey, message, signature), { backend: "noble" as const });
}

/** The check of this runtime. */
export const ed25519Valid = ed25519VerifyFor(globalThis);
