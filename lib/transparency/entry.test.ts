import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { matchIdSchema } from "../protocol/protocol";
import { ENTRY_FORMAT, canonicalEntry, entryBytes, entryLeafHash, parseEntry, parseEntryBytes, type LogEntry, type MatchCreatedEntry, type MatchEndedEntry } from "./entry";
import { EXAMPLE_ENTRIES } from "./fixtures/example-log";
import { leafHash } from "./merkle";

const created = EXAMPLE_ENTRIES[0] as MatchCreatedEntry;
const ended = EXAMPLE_ENTRIES[2] as MatchEndedEntry;

describe("log entries", () => {
  it("are canonical JSON: keys in byte order, no spaces", () => {
    expect(canonicalEntry(created)).toBe(
      '{"commitment":"81a19d8043f9b48a4af58ade7ee73d3a747d08374387c9ed6c0d87f250de6f85","createdAt":1767225600000,"format":"fairgammon-log-entry-1","kind":"match-created","matchId":"m_example1","protocol":"fair-dice-v2"}',
    );
    expect(canonicalEntry(ended)).toBe(
      '{"endedAt":1767227400000,"format":"fairgammon-log-entry-1","kind":"match-ended","matchId":"m_example1","recordDigest":"b272f5a8e3fa1ad500007059609723e0509bab4caf07ccd4212c2267844506a6"}',
    );
  });

  it("do not depend on the order the fields were written in", () => {
    const shuffled = { createdAt: created.createdAt, matchId: "m_example1", kind: "match-created", protocol: "fair-dice-v2", format: ENTRY_FORMAT, commitment: created.commitment } as LogEntry;
    expect(canonicalEntry(shuffled)).toBe(canonicalEntry(created));
  });

  it("hash as the leaf SHA-256(0x00 || their bytes)", () => {
    expect(bytesToHex(entryLeafHash(created))).toBe(bytesToHex(leafHash(entryBytes(created))));
    expect(bytesToHex(entryLeafHash(created))).toBe("319f8a99b4a38434126564763647f763c738cb84e1b8d7a4688589aa8ce8212b");
  });

  it("read back from their bytes", () => {
    for (const entry of EXAMPLE_ENTRIES) expect(parseEntryBytes(entryBytes(entry))).toEqual({ ok: true, entry });
  });

  it("refuse bytes that are the same entry written another way", () => {
    const text = canonicalEntry(created);
    const variants = [
      text.replace(/,/g, ", "),
      `${text}\n`,
      ` ${text}`,
      text.replace('"matchId":"m_example1"', '"matchId":"m_ex\\u0061mple1"'),
      text.replace("1767225600000", "1.7672256e12"),
      JSON.stringify({ ...created }),
    ];
    for (const variant of variants) expect(parseEntryBytes(utf8ToBytes(variant)), variant).toMatchObject({ ok: false, reason: "not-canonical" });
    expect(parseEntryBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8ToBytes(text)]))).toMatchObject({ ok: false, reason: "not-canonical" });
  });

  it("refuse bytes that are not UTF-8 JSON", () => {
    expect(parseEntryBytes(utf8ToBytes("{"))).toMatchObject({ ok: false, reason: "not-json" });
    expect(parseEntryBytes(new Uint8Array([0x22, 0xff, 0x22]))).toMatchObject({ ok: false, reason: "not-json" });
  });

  it("refuse anything but exactly their fields, each in its form", () => {
    const bad: [string, unknown][] = [
      ["an extra field", { ...created, note: "x" }],
      ["a missing field", { ...ended, endedAt: undefined }],
      ["another format", { ...created, format: "fairgammon-log-entry-2" }],
      ["another kind", { ...created, kind: "match-deleted" }],
      ["an upper-case commitment", { ...created, commitment: created.commitment.toUpperCase() }],
      ["a short digest", { ...ended, recordDigest: "ab" }],
      ["a match id with a quote", { ...created, matchId: 'm_exa"mple' }],
      ["a match id too short", { ...created, matchId: "m_1" }],
      ["a protocol with a space", { ...created, protocol: "fair dice" }],
      ["a negative time", { ...created, createdAt: -1 }],
      ["a fractional time", { ...created, createdAt: 1.5 }],
      ["a time past 2^53", { ...created, createdAt: 2 ** 53 }],
      ["a time as text", { ...created, createdAt: "1767225600000" }],
      ["an ended entry's digest in a created one", { ...created, recordDigest: ended.recordDigest }],
      ["not an object", "match-created"],
    ];
    for (const [label, input] of bad) expect(parseEntry(input), label).toMatchObject({ ok: false, reason: "format" });
    expect(parseEntry({ ...created, note: "x" })).toMatchObject({ issue: expect.stringContaining("note") });
  });

  it("cannot be made from a malformed entry: the site only logs entries a verifier can read back", () => {
    expect(() => entryBytes({ ...created, matchId: "bad id" } as LogEntry)).toThrow(/not a log entry/);
  });

  it("take match ids as the protocol does", () => {
    for (const id of ["abcdef", "m_example1", "A-B_c-9xyz", "abc", "a".repeat(41), "a".repeat(40), "with space", "ünïcode"]) {
      expect(parseEntry({ ...created, matchId: id }).ok, id).toBe(matchIdSchema.safeParse(id).success);
    }
  });
});
