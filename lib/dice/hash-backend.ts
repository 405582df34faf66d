/**
 * The SHA-256 and HMAC-SHA256 a fair-dice-v3 verification spends its time in — one HMAC per roll, one hash per
 * revealed chain value — from Node's own crypto when the code runs in Node, and from @noble/hashes everywhere else
 * (the browser's verifier panel). Both give the same bytes for the same UTF-8 text; Node's is native code and makes
 * no garbage in JavaScript, which was most of a 10,000-roll verification (docs/benchmarks.md, "fair-dice-v3").
 *
 * lib/ imports no Node built-in (eslint.config.mjs), and a static `import "node:crypto"` would also put a crypto
 * polyfill into every client bundle that imports lib/dice. So Node's module is asked for at run time through
 * `process.getBuiltinModule` (Node ≥ 20.16): bundlers do not follow it, browsers (and Next.js's `process` polyfill)
 * do not have it, and there the noble backend is used.
 *
 * @example
 *   hashes.sha256HexIs(value, previous);                  // whether hex(SHA-256(value)) is `previous`
 *   const digest = hashes.keyedHmac(gameSeed); digest(m); // HMAC-SHA256(gameSeed, m), one keying for many messages
 *   hashes.hmacHex(gameSeed, "computer-value:1");          // the same as 64 lowercase hex characters
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { keyedBytesDigest, keyedDigest } from "./roll";

/** SHA-256 and HMAC-SHA256 over the UTF-8 bytes of text (keys too), as the dice protocols use them. */
export interface HashBackend {
  readonly name: "node" | "noble";
  /** Whether hex(SHA-256(text)) is `hex` (64 lowercase hex characters), without making the digest's string if possible. */
  sha256HexIs(text: string, hex: string): boolean;
  /** hex(SHA-256(text)): the seed chain's links and the record's digest. */
  sha256Hex(text: string): string;
  /** HMAC-SHA256 keyed once with `key`, for many messages; the returned bytes may be overwritten by the next call. */
  keyedHmac(key: string): (message: string) => Uint8Array;
  /** keyedHmac of a message already in bytes: the first `length` of `bytes` (a reused buffer, so no view is made). */
  keyedHmacBytes(key: string): (bytes: Uint8Array, length: number) => Uint8Array;
  /** hex(HMAC-SHA256(key, message)). */
  hmacHex(key: string, message: string): string;
}

/** The part of node:crypto used here, written out because lib/ may not import the module's types either. */
export interface NodeCrypto {
  /** One-shot hash (Node ≥ 20.12; every Node with getBuiltinModule has it). */
  hash(algorithm: "sha256", data: string | Uint8Array, outputEncoding?: "hex" | "binary"): string;
}

/** SHA-256's block: an HMAC key is hashed when longer, then padded with zeros to this length (RFC 2104). */
const BLOCK = 64;
const utf8 = new TextEncoder();
const HEX_DIGITS = "0123456789abcdef";

/** The pure-JavaScript backend: noble's hashes, each state copied into a reused scratch rather than built afresh. */
function nobleBackend(): HashBackend {
  // A verifier checks one reveal per roll: a fresh hash, buffer and hex string for each was most of its garbage.
  const unhashed = sha256.create();
  const scratch = sha256.create();
  const digest = new Uint8Array(unhashed.outputLen);
  const text = new Uint8Array(64);
  return {
    name: "noble",
    sha256HexIs(value, hex) {
      if (hex.length !== 2 * digest.length) return false;
      const { read, written } = utf8.encodeInto(value, text);
      unhashed._cloneInto(scratch).update(read === value.length ? text.subarray(0, written) : utf8.encode(value)).digestInto(digest);
      for (let i = 0; i < digest.length; i++) {
        const byte = digest[i]!;
        if (hex[2 * i] !== HEX_DIGITS[byte >> 4] || hex[2 * i + 1] !== HEX_DIGITS[byte & 15]) return false;
      }
      return true;
    },
    sha256Hex: (value) => bytesToHex(sha256(utf8.encode(value))),
    keyedHmac: keyedDigest,
    keyedHmacBytes: (key) => {
      const digest = keyedBytesDigest(key);
      return (bytes, length) => digest(bytes.subarray(0, length));
    },
    hmacHex: (key, message) => bytesToHex(hmac(sha256, utf8.encode(key), utf8.encode(message))),
  };
}

/**
 * The backend over Node's crypto module `crypto`. Its HMAC is RFC 2104 written over `crypto.hash`, Node's one-shot
 * SHA-256, into buffers kept for the key: `createHmac` builds a stream object for every message and each digest
 * a Buffer, which together cost more than the hashing of a roll's 120-byte message. Digests are taken as
 * "binary" (latin1) text, one character a byte, and copied out: a short string is far cheaper to make than a
 * Buffer. Tests hold it against `createHmac` and noble's HMAC.
 */
export function nodeBackend(crypto: NodeCrypto): HashBackend {
  /** The HMAC keyed with `key`, of a message given as text or as bytes. */
  function keyed(key: string) {
    let keyBytes: Uint8Array = utf8.encode(key);
    if (keyBytes.length > BLOCK) keyBytes = latin1Bytes(crypto.hash("sha256", keyBytes, "binary"), new Uint8Array(32));
    // inner: key ^ ipad, then the message; outer: key ^ opad, then the inner digest. Both reused for every message.
    let inner = new Uint8Array(BLOCK + 256);
    const outer = new Uint8Array(BLOCK + 32);
    const out = new Uint8Array(32);
    for (let i = 0; i < BLOCK; i++) {
      inner[i] = (keyBytes[i] ?? 0) ^ 0x36;
      outer[i] = (keyBytes[i] ?? 0) ^ 0x5c;
    }
    // Views of `inner` by length, and of its message part: a roll's messages have only a few lengths.
    let views: Uint8Array[] = [];
    let messagePart = inner.subarray(BLOCK);
    const innerDigest = outer.subarray(BLOCK);
    /** A buffer for messages of up to `bytes` bytes, kept for the next ones. */
    const grow = (bytes: number) => {
      const larger = new Uint8Array(BLOCK + bytes);
      larger.set(inner.subarray(0, BLOCK));
      [inner, views, messagePart] = [larger, [], larger.subarray(BLOCK)];
    };
    /** The outer hash's input for the `written` bytes in `messagePart`: the key, then the inner digest. */
    const outerOf = (written: number) => {
      const length = BLOCK + written;
      latin1Bytes(crypto.hash("sha256", (views[length] ??= inner.subarray(0, length)), "binary"), innerDigest);
      return outer;
    };
    const digest = (written: number) => latin1Bytes(crypto.hash("sha256", outerOf(written), "binary"), out);
    /** `message` into `messagePart`: how many bytes. */
    const encode = (message: string) => {
      const encoded = utf8.encodeInto(message, messagePart);
      if (encoded.read === message.length) return encoded.written;
      // Longer than the buffer (encodeInto stopped at its end).
      grow(3 * message.length);
      return utf8.encodeInto(message, messagePart).written;
    };
    return {
      text: (message: string): Uint8Array => digest(encode(message)),
      // The outer digest straight as hex: no bytes to copy out and turn into text again.
      hex: (message: string): string => crypto.hash("sha256", outerOf(encode(message))),
      bytes(bytes: Uint8Array, length: number): Uint8Array {
        if (bytes.length > messagePart.length) grow(bytes.length);
        // The whole buffer, a few hundred bytes: one native copy, where a view of its first `length` would be an object.
        messagePart.set(bytes);
        return digest(length);
      },
    };
  }
  const keyedHmac = (key: string) => keyed(key).text;
  let lastKey: string | undefined;
  let lastKeyed: ((message: string) => string) | undefined;
  return {
    name: "node",
    // A digest string is one small native allocation; comparing bytes would cost more in JavaScript than it saves.
    // (Writing the text into a reused buffer first was a fifth slower: Node converts a string as fast.)
    sha256HexIs: (text, hex) => crypto.hash("sha256", text) === hex,
    sha256Hex: (value) => crypto.hash("sha256", value),
    keyedHmac,
    keyedHmacBytes: (key) => keyed(key).bytes,
    hmacHex(key, message) {
      // The last key's HMAC is kept: a verifier asks for a game's computer salts and values one after another.
      if (key !== lastKey) [lastKey, lastKeyed] = [key, keyed(key).hex];
      return lastKeyed!(message);
    },
  };
}

/** The bytes of `text`, one a character (a "binary" digest), written into `into`. */
function latin1Bytes(text: string, into: Uint8Array): Uint8Array {
  for (let i = 0; i < text.length; i++) into[i] = text.charCodeAt(i);
  return into;
}

/** The pure-JavaScript backend, which the browser uses; tests hold it against Node's. */
export const nobleHashes: HashBackend = nobleBackend();

/**
 * The backend for a runtime whose global object is `global`: Node's crypto when it hands it out (Node ≥ 20.16),
 * noble's in a browser, where there is no `process` or only a bundler's stand-in for it.
 */
export function hashBackendFor(global: { readonly process?: { readonly getBuiltinModule?: (id: string) => unknown } }): HashBackend {
  const crypto = global.process?.getBuiltinModule?.("node:crypto") as Partial<NodeCrypto> | undefined;
  return typeof crypto?.hash === "function" ? nodeBackend(crypto as NodeCrypto) : nobleHashes;
}

/** The backend of this runtime. */
export const hashes: HashBackend = hashBackendFor(globalThis);
