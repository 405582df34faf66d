import { readFileSync } from "node:fs";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { EXAMPLE_ENTRIES, exampleLog } from "./fixtures/example-log";
import { verifyConsistency, verifyInclusion } from "./merkle";
import { checkEntryInHead, checkHeads, verifyTreeHead } from "./tree-head";

const doc = readFileSync(new URL("../../docs/transparency-log.md", import.meta.url), "utf8");
const example = exampleLog();
const section7 = doc.slice(doc.indexOf("## 7. Worked example"), doc.indexOf("## 8."));

describe("docs/transparency-log.md, section 7", () => {
  it("shows the example's key, entries, leaf hashes and roots as the code makes them", () => {
    expect(section7).toContain(example.publicKey);
    for (const entry of example.entries) {
      expect(section7).toContain(`\n${entry.json}\n`);
      expect(section7).toContain(`bytes (hex): \`${entry.hex}\``);
      expect(section7).toContain(entry.leafHash);
    }
    expect(section7).toContain(`R2 = NH(LH0, LH1) = ${example.roots[2]}`);
    expect(section7).toContain(`R3 = NH(R2, LH2) = ${example.roots[3]}`);
  });

  it("shows both signed heads' messages and signatures", () => {
    for (const head of [example.heads.size2, example.heads.size3]) {
      expect(section7).toContain(`\`\`\`\n${example.messages[head.treeSize === 2 ? "size2" : "size3"]}\`\`\``);
      expect(section7).toContain(`signature \`${head.signature}\``);
      expect(section7).toContain(`signed at ${head.timestamp}`);
    }
  });

  it("shows the inclusion proof of entry 0 and the consistency proof 2 → 3, which verify", () => {
    expect(section7).toContain(JSON.stringify(example.inclusion0in3).replace(",", ", "));
    expect(section7).toContain(JSON.stringify(example.consistency2to3));
    const [r2, r3] = [hexToBytes(example.roots[2]!), hexToBytes(example.roots[3]!)];
    expect(verifyInclusion(hexToBytes(example.entries[0]!.leafHash), 0, 3, example.inclusion0in3.map(hexToBytes), r3)).toEqual({ ok: true });
    expect(verifyConsistency(2, 3, r2, r3, example.consistency2to3.map(hexToBytes))).toEqual({ ok: true });
  });

  it("is a log whose heads and entries pass every check", () => {
    const publicKey = hexToBytes(example.publicKey);
    const sentence = "fairgammon transparency-log example key: for the published example only";
    expect(section7).toContain(`SHA-256 of the\nUTF-8 text \`${sentence}\``);
    expect(bytesToHex(ed25519.getPublicKey(sha256(utf8ToBytes(sentence))))).toBe(example.publicKey);
    expect(verifyTreeHead(example.heads.size2, publicKey)).toEqual({ ok: true });
    expect(checkHeads(example.heads.size2, example.heads.size3, example.consistency2to3, publicKey)).toEqual({ ok: true });
    expect(checkEntryInHead(EXAMPLE_ENTRIES[0], 0, example.inclusion0in3, example.heads.size3, publicKey)).toEqual({ ok: true });
  });
});
