import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { hashBackendFor, hashes, nobleHashes, nodeBackend, type HashBackend } from "./hash-backend";

const node = nodeBackend(crypto);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const hmac = (key: string, message: string) => crypto.createHmac("sha256", Buffer.from(key, "utf8")).update(message, "utf8").digest("hex");
const sha = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

// Keys and messages of every length that matters to HMAC (empty, one block, longer than a block, so hashed first),
// beyond the first buffer's 256 bytes, and text that is not ASCII (a lone surrogate too, which UTF-8 writes as U+FFFD).
const KEYS = ["", "k", "a".repeat(63), "0123456789abcdef".repeat(4), "b".repeat(65), "é".repeat(40), "x".repeat(300)];
const MESSAGES = ["", "w4h1t3seed:Bl4ck_seed-9:17", `c:1:${"0f".repeat(16)}:${"ab".repeat(32)}:3`, "m".repeat(255), "n".repeat(1000), "ü€😀", "\ud800 lone", "é".repeat(200)];

describe("the hash backends (Node's crypto in Node, noble's in the browser)", () => {
  it("uses Node's crypto under Node", () => {
    expect(hashes.name).toBe("node");
  });

  it.each([
    ["node", node],
    ["noble", nobleHashes],
  ] as [string, HashBackend][])("%s: HMAC-SHA256 and SHA-256 of UTF-8 text, as node:crypto's createHmac and createHash", (_name, backend) => {
    for (const key of KEYS) {
      const digest = backend.keyedHmac(key);
      for (const message of MESSAGES) {
        expect(hex(digest(message)), `${key.length}/${message.length}`).toBe(hmac(key, message));
        expect(backend.hmacHex(key, message)).toBe(hmac(key, message));
      }
      // The keyed state is not changed by the messages before: the first one again gives the same bytes.
      expect(hex(digest(MESSAGES[1]!))).toBe(hmac(key, MESSAGES[1]!));
    }
    for (const text of [...MESSAGES, ...KEYS]) {
      expect(backend.sha256HexIs(text, sha(text))).toBe(true);
      expect(backend.sha256HexIs(text, sha(`${text}.`))).toBe(false);
      expect(backend.sha256HexIs(text, sha(text).toUpperCase())).toBe(false);
      expect(backend.sha256HexIs(text, sha(text).slice(0, 63))).toBe(false);
    }
  });

  it("takes Node's crypto from process.getBuiltinModule, and noble's where there is none (a browser)", () => {
    expect(hashBackendFor({ process: { getBuiltinModule: (id: string) => (id === "node:crypto" ? crypto : undefined) } }).name).toBe("node");
    expect(hashBackendFor({ process: {} }).name).toBe("noble");
    expect(hashBackendFor({}).name).toBe("noble");
  });

  it("gives the verifier the same answers with noble's backend as with Node's: every v3 vector", async () => {
    const { fairDiceV3Vectors } = await import("./vectors-v3");
    const inNode = fairDiceV3Vectors();
    vi.resetModules();
    vi.doMock("./hash-backend", async (original) => {
      const actual = await original<typeof import("./hash-backend")>();
      return { ...actual, hashes: actual.nobleHashes };
    });
    try {
      const inBrowser = (await import("./vectors-v3")).fairDiceV3Vectors();
      expect((await import("./hash-backend")).hashes.name).toBe("noble");
      expect(inBrowser).toEqual(inNode);
    } finally {
      vi.doUnmock("./hash-backend");
      vi.resetModules();
    }
  });
});
