/**
 * The browser's check of the log's head, as the page runs it: against a stubbed site (fetch) and a stubbed
 * localStorage, a first visit keeps the head, a later one checks the consistency proof and keeps the larger head,
 * and a fork is named and leaves the kept head as it was; the site unreachable is "unavailable", not a failure.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ENTRY_FORMAT, HEAD_MEMORY_KEY, type LogEntry, type SignedTreeHead } from "@/lib/transparency";
import { testLog } from "@/lib/transparency/bundle-log-fixture";
import { checkAgainstMemory } from "./head-check";

const privateKey = sha256(utf8ToBytes("head-check test key: throwaway"));
const publicKey = bytesToHex(ed25519.getPublicKey(privateKey));
const T0 = 1767225600000;
const entry = (i: number, commitment = `commitment ${i}`): LogEntry => ({ format: ENTRY_FORMAT, kind: "match-created", matchId: `m_check00${i}`, protocol: "fair-dice-v2", commitment: bytesToHex(sha256(utf8ToBytes(commitment))), createdAt: T0 + i });
const log = testLog([0, 1, 2, 3, 4, 5].map((i) => entry(i)), privateKey, T0);
const forked = testLog([0, 1, 2, 3, 4, 5].map((i) => entry(i, i === 1 ? "rewritten" : `commitment ${i}`)), privateKey, T0);

const stored = new Map<string, string>();
const site: { head: SignedTreeHead | null; log: typeof log; down: boolean } = { head: null, log, down: false };

vi.stubGlobal("window", { localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) } });
vi.stubGlobal("fetch", (url: string) => {
  if (site.down) return Promise.reject(new TypeError("network"));
  const parsed = new URL(url, "http://site");
  const body =
    parsed.pathname === "/api/transparency/head"
      ? { format: "fairgammon-transparency-v1", head: site.head, keyId: "fg-ed25519-x", publicKey }
      : { proof: site.log.consistency(Number(parsed.searchParams.get("from")), Number(parsed.searchParams.get("to"))) };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
});
afterEach(() => {
  site.down = false;
});
// A fork keeps its globals from one test file to the next (isolate: false): give them back.
afterAll(() => {
  vi.unstubAllGlobals();
});

const keptSize = () => (JSON.parse(stored.get(HEAD_MEMORY_KEY) ?? "null") as { head: SignedTreeHead } | null)?.head.treeSize;

describe("checkAgainstMemory", () => {
  it("keeps the first head, then checks and keeps a larger one, and names a fork without keeping it", async () => {
    site.head = log.headOf(3);
    expect(await checkAgainstMemory([publicKey])).toEqual({ kind: "first", to: 3 });
    expect(keptSize()).toBe(3);
    site.head = log.headOf(5);
    expect(await checkAgainstMemory([publicKey])).toEqual({ kind: "consistent", from: 3, to: 5 });
    expect(keptSize()).toBe(5);
    // The site rewrote entry 1 and signed its log again: the head of 6 does not extend the head of 5 this browser kept.
    site.head = forked.headOf(6);
    site.log = forked;
    expect(await checkAgainstMemory([publicKey])).toMatchObject({ kind: "failed", reason: "inconsistent", from: 5, to: 6 });
    site.head = forked.headOf(5);
    expect(await checkAgainstMemory([publicKey])).toMatchObject({ kind: "failed", reason: "fork", from: 5, to: 5 });
    expect(keptSize()).toBe(5);
    site.down = true;
    expect(await checkAgainstMemory([publicKey])).toEqual({ kind: "unavailable", from: 0, to: 0 });
    expect(await checkAgainstMemory([])).toMatchObject({ kind: "unavailable" });
    site.down = false;
    expect(await checkAgainstMemory([])).toEqual({ kind: "untrusted-key" });
  });
});
