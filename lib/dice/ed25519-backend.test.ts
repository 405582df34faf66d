import * as crypto from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { ed25519Valid, ed25519VerifyFor, nobleEd25519, nodeEd25519, type NodeEd25519Crypto } from "./ed25519-backend";

const node = nodeEd25519(crypto as unknown as NodeEd25519Crypto);
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const P = 2n ** 255n - 19n;

const le = (n: bigint, length = 32) => {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return bytes;
};
const fromLe = (bytes: Uint8Array) => bytes.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);
const flip = (bytes: Uint8Array, index: number, bit = 1) => bytes.map((byte, i) => (i === index ? byte ^ bit : byte));

const secret = sha512(utf8ToBytes("ed25519-backend test key")).slice(0, 32);
const publicKey = ed25519.getPublicKey(secret);
const message = utf8ToBytes("fairgammon-signed-proof-2\nkey fg-ed25519-0123456789abcdef\nroll 0 1 opening - 35 - -\n");
const signature = ed25519.sign(message, secret);

/** A signature whose R carries a point of order 8: noble's cofactored check takes it, OpenSSL's cofactorless not. */
function torsionSignature(): Uint8Array {
  const { scalar } = ed25519.utils.getExtendedPublicKey(secret);
  const order8 = ed25519.Point.fromBytes(hexToBytes("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"));
  const r = 123456789n;
  const R = ed25519.Point.BASE.multiply(r).add(order8).toBytes();
  const k = fromLe(sha512(new Uint8Array([...R, ...publicKey, ...message]))) % L;
  return new Uint8Array([...R, ...le((r + k * scalar) % L)]);
}

/** (name, public key, message, signature): valid, tampered and malformed, each held against noble's verdict. */
const CASES: [string, Uint8Array, Uint8Array, Uint8Array][] = [
  ["valid", publicKey, message, signature],
  ["valid, empty message", publicKey, new Uint8Array(), ed25519.sign(new Uint8Array(), secret)],
  ["valid, 1.3 MB message", publicKey, new Uint8Array(1_300_000).fill(97), ed25519.sign(new Uint8Array(1_300_000).fill(97), secret)],
  ["message changed", publicKey, flip(message, 40), signature],
  ["message longer", publicKey, new Uint8Array([...message, 10]), signature],
  ["R changed", publicKey, message, flip(signature, 3)],
  ["S changed", publicKey, message, flip(signature, 40)],
  ["S + L (not reduced)", publicKey, message, new Uint8Array([...signature.slice(0, 32), ...le(fromLe(signature.slice(32)) + L)])],
  ["R not canonical (y ≥ p)", publicKey, message, new Uint8Array([...le(P + 1n), ...signature.slice(32)])],
  ["R with a point of order 8", publicKey, message, torsionSignature()],
  ["another key", ed25519.getPublicKey(flip(secret, 0)), message, signature],
  ["key not canonical (y ≥ p)", le(P + 1n), message, signature],
  ["key of small order (the identity)", le(1n), message, new Uint8Array([...le(1n), ...new Uint8Array(32)])],
  ["key of order 8", hexToBytes("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"), message, signature],
  ["key not on the curve", le(2n), message, signature],
  ["signature too short", publicKey, message, signature.slice(0, 63)],
  ["signature too long", publicKey, message, new Uint8Array([...signature, 0])],
  ["signature empty", publicKey, message, new Uint8Array()],
  ["key too short", publicKey.slice(0, 31), message, signature],
  ["all zeros", new Uint8Array(32), message, new Uint8Array(64)],
];

describe("the Ed25519 check (Node's crypto in Node, noble's in the browser)", () => {
  it("uses Node's crypto under Node", () => {
    expect(ed25519Valid.backend).toBe("node");
  });

  it.each(CASES)("%s: Node's path gives noble's RFC 8032 strict verdict", (_name, key, text, sig) => {
    const verdict = nobleEd25519(key, text, sig);
    expect(node(key, text, sig)).toBe(verdict);
    expect(ed25519Valid(key, text, sig)).toBe(verdict);
    // And again, with the key's KeyObject cached.
    expect(node(key, text, sig)).toBe(verdict);
  });

  it("takes the valid signatures, and refuses every tampered or malformed one but noble's cofactored torsion case", () => {
    const valid = CASES.filter(([, key, text, sig]) => nobleEd25519(key, text, sig)).map(([name]) => name);
    expect(valid).toEqual(["valid", "valid, empty message", "valid, 1.3 MB message", "R with a point of order 8"]);
  });

  it("answers noble's verdict where OpenSSL differs, and makes one KeyObject per key", () => {
    let made = 0;
    const counting = nodeEd25519({ verify: crypto.verify as NodeEd25519Crypto["verify"], createPublicKey: (input) => (made++, crypto.createPublicKey(input)) });
    const torsion = torsionSignature();
    expect(crypto.verify(null, message, crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") }, format: "jwk" }), torsion)).toBe(false);
    expect(counting(publicKey, message, torsion)).toBe(true);
    expect(counting(publicKey, message, signature)).toBe(true);
    expect(counting(publicKey, flip(message, 0), signature)).toBe(false);
    expect(made).toBe(1);
  });

  it("takes Node's crypto from process.getBuiltinModule, and noble's where there is none (a browser)", () => {
    expect(ed25519VerifyFor({ process: { getBuiltinModule: (id: string) => (id === "node:crypto" ? crypto : undefined) } }).backend).toBe("node");
    expect(ed25519VerifyFor({ process: {} }).backend).toBe("noble");
    expect(ed25519VerifyFor({}).backend).toBe("noble");
    expect(ed25519VerifyFor({})(publicKey, message, signature)).toBe(true);
  });
});
