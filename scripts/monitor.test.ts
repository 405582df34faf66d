/**
 * Runs the transparency monitor (scripts/monitor.ts) as a child process against a small site of our own: a node:http
 * server that serves the transparency API from an in-memory log built with lib/transparency and signed with a
 * throwaway key. The log grows, then one finished match's end is rewritten and every head re-signed — which the
 * monitor must name.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENTRY_FORMAT, TREE_HEAD_FORMAT, checkHeads, consistencyProof, entryLeafHash, rootHash, signTreeHead, type LogEntry, type MatchCreatedEntry, type MatchEndedEntry, type SignedTreeHead } from "@/lib/transparency";
import { tempDirs } from "@/tests/support/temp-dirs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const tempDir = tempDirs("monitor-cli-");
const T0 = 1767225600000;
const hexOf = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** A site's transparency log in memory: entries, a head signed at each append, and the API's answers over them. */
class LogSite {
  entries: LogEntry[] = [];
  /** What /entries serves; the tree's own entries unless a test rewrites only what is served. */
  served: LogEntry[] = [];
  heads = new Map<number, SignedTreeHead>();
  /** An answer to serve instead of the API's, for hostile-site tests. */
  override: ((path: string) => { status: number; body: string } | undefined) | undefined;
  private clock = T0;
  readonly publicKey: string;

  constructor(private readonly key = sha256(utf8ToBytes("monitor CLI test: a throwaway site key"))) {
    this.publicKey = bytesToHex(ed25519.getPublicKey(key));
  }

  private root(size: number): string {
    return bytesToHex(rootHash(this.entries.slice(0, size).map(entryLeafHash)));
  }

  private sign(size: number): void {
    this.clock += 1000;
    this.heads.set(size, signTreeHead({ treeSize: size, rootHash: this.root(size), timestamp: this.clock }, this.key));
  }

  append(...entries: LogEntry[]): void {
    this.entries.push(...entries);
    this.served = [...this.entries];
    this.sign(this.entries.length);
  }

  /** Entry `index` replaced, and every head signed again from scratch over the rewritten log. */
  rewrite(index: number, entry: LogEntry): void {
    this.entries[index] = entry;
    this.served = [...this.entries];
    for (const size of [...this.heads.keys()].sort((a, b) => a - b)) this.sign(size);
  }

  private latest(): SignedTreeHead | null {
    return this.heads.get(Math.max(0, ...this.heads.keys())) ?? null;
  }

  answer(path: string): { status: number; body: unknown } {
    const url = new URL(path, "http://site");
    const int = (name: string) => (/^\d{1,15}$/.test(url.searchParams.get(name) ?? "") ? Number(url.searchParams.get(name)) : NaN);
    const noHead = { status: 404, body: { error: "ERR_NO_HEAD", message: "no head of that size" } };
    const route = url.pathname.replace(/^\/api\/transparency\//, "");
    if (route === "head") return { status: 200, body: { format: TREE_HEAD_FORMAT, head: this.latest(), keyId: `fg-ed25519-${this.publicKey.slice(0, 16)}`, publicKey: this.publicKey } };
    const heads = /^heads\/(\d+)$/.exec(route);
    if (heads) return this.heads.has(Number(heads[1])) ? { status: 200, body: { head: this.heads.get(Number(heads[1])) } } : noHead;
    if (route === "consistency") {
      const [from, to] = [int("from"), int("to")];
      const proof = consistencyProof(this.entries.map(entryLeafHash), from, to);
      if (!proof.ok) return { status: 400, body: { error: "ERR_BAD_REQUEST", message: proof.reason } };
      if ((from > 0 && !this.heads.has(from)) || !this.heads.has(to)) return noHead;
      return { status: 200, body: { from: from === 0 ? null : this.heads.get(from), to: this.heads.get(to), proof: proof.proof.map(bytesToHex) } };
    }
    if (route === "entries") {
      const [start, count] = [int("start"), int("count")];
      if (!(start >= 0 && count >= 1 && count <= 256)) return { status: 400, body: { error: "ERR_BAD_REQUEST", message: "start, count" } };
      return { status: 200, body: { entries: this.served.slice(start, start + count).map((entry, i) => ({ index: start + i, entry })) } };
    }
    return { status: 404, body: { error: "ERR_NOT_FOUND", message: route } };
  }

  handle = (request: IncomingMessage, response: ServerResponse): void => {
    const special = this.override?.(request.url ?? "");
    const { status, body } = special ?? (({ status, body }) => ({ status, body: JSON.stringify(body) }))(this.answer(request.url ?? ""));
    response.writeHead(status, { "content-type": "application/json" }).end(body);
  };
}

let matchNumber = 0;
/** A match's two entries: created, and ended with its record's digest. */
function match(record = "a game"): [MatchCreatedEntry, MatchEndedEntry] {
  const matchId = `m_cli${++matchNumber}`;
  return [
    { format: ENTRY_FORMAT, kind: "match-created", matchId, protocol: "fair-dice-v2", commitment: hexOf(`commitment of ${matchId}`), createdAt: T0 + matchNumber },
    { format: ENTRY_FORMAT, kind: "match-ended", matchId, recordDigest: hexOf(`${record} of ${matchId}`), endedAt: T0 + matchNumber + 60_000 },
  ];
}

const site = new LogSite();
let address = "";
const server = createServer(site.handle);

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

/** The monitor started, as a person or cron would: its output so far, and its exit code when it has ended. */
function started(args: readonly string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "scripts/monitor.ts"), ...args], { cwd: repoRoot });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
  const ended = once(child, "close").then(([code]) => ({ code: code as number | null, ...output }));
  return { child, output, ended };
}

async function monitor(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return started(args).ended;
}

/** The address of a port nobody listens on: one just closed. */
async function closedAddress(): Promise<string> {
  const closed = createServer().listen(0, "127.0.0.1");
  await once(closed, "listening");
  const port = (closed.address() as AddressInfo).port;
  closed.close();
  await once(closed, "close");
  return `http://127.0.0.1:${port}`;
}

/** Every line of the output that reports a finding. */
const findingLines = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("!! "));

describe("npm run monitor", () => {
  it("follows a growing log, then names the rewrite of a finished match's end", async () => {
    const state = join(tempDir(), "state.json");
    const run = (...args: string[]) => monitor(address, "--state", state, "--once", "--audit-entries", ...args);
    const [created1, ended1] = match();
    site.append(created1);
    site.append(...match(), ended1);

    const first = await run();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`pinned the site's key ${site.publicKey}`);
    expect(first.stdout).toMatch(/^ok first head: size 4 root [0-9a-f]{16}…/m);
    expect(first.stdout).toContain("ok entries 0 → 4 audited: they rebuild the signed root of size 4");

    site.append(...match());
    site.append(...match(), ...match());
    const grown = await run();
    expect(grown.code).toBe(0);
    expect(grown.stdout).toContain("ok size 4 → 10, consistent (proof of 2 hashes)");
    expect(grown.stdout).toContain("ok entries 4 → 10 audited");
    expect(findingLines(grown.stdout)).toEqual([]);
    const again = await run();
    expect(again.stdout).toContain("ok size 10, unchanged");
    expect(again.stdout).toContain("ok re-fetched the head of size 4: same root");

    // Match 1 ended long ago (entry 3); its record is rewritten, and the site signs its whole log again, then grows.
    site.rewrite(3, { ...ended1, recordDigest: hexOf("another record") });
    site.append(...match());
    const caught = await run();
    expect(caught.code).toBe(1);
    const lines = findingLines(caught.stdout);
    // The heads of size 10 and 12 (from the proof), and the head of size 4 re-fetched: each signed anew.
    expect(lines.map((line) => line.split(" ")[1])).toEqual(["FORK", "INCONSISTENT", "FORK"]);
    expect(lines[0]).toContain(`two signed roots for size 10: ${JSON.parse(readFileSync(state, "utf8")).heads.at(-1).head.rootHash}`);
    expect(lines[1]).toMatch(/size 12 root .* does not extend size 10 root .*: an entry was changed/);
    // The evidence is the signed heads, the proof and the key, as JSON on the same line: anyone can run the check again.
    const evidence = JSON.parse(lines[1]!.slice(lines[1]!.indexOf("evidence: ") + 10)) as { older: SignedTreeHead; newer: SignedTreeHead; proof: string[]; keys: string[] };
    expect(evidence.newer).toEqual(site.heads.get(12));
    expect(checkHeads(evidence.older, evidence.newer, evidence.proof, hexToBytes(evidence.keys[0]!))).toMatchObject({ ok: false, reason: "inconsistent" });

    expect(lines[2]).toContain("(from recheck): two signed roots for size 4");
    // The rewritten log is not followed: the next run says it all again.
    const later = await run();
    expect(later.code).toBe(1);
    expect(findingLines(later.stdout).map((line) => line.split(" ")[1])).toEqual(["the", "FORK", "INCONSISTENT", "FORK"]);
    expect(later.stdout).toContain("keeps 3 earlier findings");
  });

  it("follows a round every --interval seconds until it is stopped", async () => {
    const { child, output, ended } = started([address, "--state", join(tempDir(), "state.json"), "--interval", "1"]);
    await vi.waitFor(() => expect(output.stdout).toContain("ok first head"), { timeout: 20_000, interval: 50 });
    const size = Math.max(...site.heads.keys());
    site.append(...match());
    await vi.waitFor(() => expect(output.stdout).toContain(`ok size ${size} → ${size + 2}, consistent`), { timeout: 20_000, interval: 50 });
    child.kill("SIGINT");
    expect(await ended).toMatchObject({ code: 0, stderr: "" });
  });

  it("audits a long log a page at a time, and keeps what it audited when the site fails midway", async () => {
    const long = new LogSite();
    long.append(...Array.from({ length: 150 }, () => match()).flat());
    const state = join(tempDir(), "state.json");
    site.override = (path) => (/entries\?start=(2\d\d)/.test(path) ? { status: 503, body: "{}" } : { status: 200, body: JSON.stringify(long.answer(path).body) });
    try {
      const failed = await monitor(address, "--state", state, "--once", "--audit-entries");
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining("entries?start=256&count=44 answered 503") });
      expect(failed.stdout).toContain("ok entries 0 → 256 audited: no signed size reached yet");
      site.override = (path) => ({ status: 200, body: JSON.stringify(long.answer(path).body) });
      const resumed = await monitor(address, "--state", state, "--once", "--audit-entries");
      expect(resumed).toMatchObject({ code: 0, stderr: "" });
      expect(resumed.stdout).toContain("ok entries 256 → 300 audited: they rebuild the signed root of size 300");
    } finally {
      site.override = undefined;
    }
  });

  it("names an entry served rewritten under a tree left as it was, and a key it was not told of", async () => {
    const honest = new LogSite();
    const [created, ended] = match();
    honest.append(created, ended, ...match());
    honest.served[1] = { ...ended, recordDigest: hexOf("a rewritten record") };
    site.override = (path) => ({ status: 200, body: JSON.stringify(honest.answer(path).body) });
    try {
      const audited = await monitor(address, "--state", join(tempDir(), "state.json"), "--once", "--audit-entries");
      expect(audited.code).toBe(1);
      expect(findingLines(audited.stdout)).toEqual([expect.stringMatching(/^!! ENTRIES-MISMATCH \(from entries\): the entries served rebuild root [0-9a-f]{64} at size 4, but the site signed/)]);
      const other = await monitor(address, "--state", join(tempDir(), "state.json"), "--once", "--key", "ab".repeat(32));
      expect(other.code).toBe(1);
      expect(findingLines(other.stdout)).toEqual([expect.stringContaining(`!! KEY-CHANGED (from head): the site now says its key is "${honest.publicKey}"`)]);
    } finally {
      site.override = undefined;
    }
  });

  it("says in one line why it could not check: no site, not JSON, not the API, too much, bad arguments or state", async () => {
    const dir = tempDir();
    const cases: [string, () => Promise<{ code: number | null; stdout: string; stderr: string }>, RegExp][] = [
      ["unreachable", async () => monitor(await closedAddress(), "--state", join(dir, "a.json"), "--once"), /cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/transparency\/head: ECONNREFUSED/],
      ["not JSON", () => withAnswer({ status: 200, body: "<html>hello</html>" }), /answered 200 with something that is not JSON: "<html>hello<\/html>"/],
      ["not the API", () => withAnswer({ status: 200, body: JSON.stringify({ head: null }) }), /is not a fairgammon-transparency-v1 head answer/],
      ["a server error", () => withAnswer({ status: 500, body: "{}" }), /answered 500/],
      ["too much", () => withAnswer({ status: 200, body: `{"x":"${"a".repeat(3 * 1024 * 1024)}"}` }), /answered more than 2097152 bytes/],
      ["no site", () => monitor("--once"), /give exactly one site address/],
      ["a bad key", () => monitor(address, "--key", "12"), /--key: the site's Ed25519 public key/],
      ["a bad interval", () => monitor(address, "--interval", "0"), /--interval/],
      ["a bad state file", () => (writeFileSync(join(dir, "bad.json"), "{}"), monitor(address, "--state", join(dir, "bad.json"), "--once")), /is not a monitor's state \(format: /],
    ];
    for (const [name, run, message] of cases) {
      const result = await run();
      expect({ name, code: result.code, stderr: result.stderr }).toMatchObject({ name, code: 2, stderr: expect.stringMatching(message) });
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }

    async function withAnswer(answer: { status: number; body: string }) {
      site.override = () => answer;
      try {
        return await monitor(address, "--state", join(dir, "b.json"), "--once");
      } finally {
        site.override = undefined;
      }
    }
  });

  it("names a head with hostile values as malformed, and keeps no more of it than it must", async () => {
    site.override = (path) => (path.endsWith("/head") ? { status: 200, body: JSON.stringify({ ...(site.answer(path).body as object), head: { treeSize: 1e300, rootHash: "x".repeat(50_000) } }) } : undefined);
    try {
      const result = await monitor(address, "--state", join(tempDir(), "state.json"), "--once");
      expect(result.code).toBe(1);
      expect(findingLines(result.stdout)).toEqual([expect.stringMatching(/^!! MALFORMED-HEAD \(from head\): .*treeSize.*"served":"\(\d+ characters of JSON, not kept\)"/)]);
    } finally {
      site.override = undefined;
    }
  });
});
