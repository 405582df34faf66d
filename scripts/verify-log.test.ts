/**
 * `npm run verify -- --log`, run as a child process as a player would: the log checks of a bundle and a .mat file
 * built with lib/transparency and a throwaway key, the site's latest head compared through a small stand-in for the
 * site's log API, and two saved heads; each exit code, and every failure named.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROOF_KEYS_FORMAT, keyIdOf, proofKeyEntry } from "@/lib/dice";
import { proofFromMat, withProof } from "@/lib/record/mat-proof";
import { ENTRY_FORMAT, type LogEntry, type SignedTreeHead } from "@/lib/transparency";
import { testLog } from "@/lib/transparency/bundle-log-fixture";
import { entryArgs } from "@/tests/support/server-bundle";
import { keyEntry, scratchFiles } from "@/tests/fair-dice-v2/verifier-inputs";
import { playFinishedMatch } from "@/tests/support/finished-match";
import { startTestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const { file } = scratchFiles("verify-log-");
const run = async (args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...entryArgs("verify"), ...args], { cwd: repoRoot, encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const hex = (text: string) => createHash("sha256").update(text).digest("hex");
const privateKey = Uint8Array.from(createHash("sha256").update("verify-log test key: throwaway").digest());
const publicKey = bytesToHex(ed25519.getPublicKey(privateKey));
const keysPath = file("keys.json", { format: PROOF_KEYS_FORMAT, keys: [keyEntry(privateKey)] });
const T0 = 1767225600000;

// The match of an exported .mat (lib/record/fixtures/exported.mat), so that its proofs and its log entry agree.
const matText = readFileSync(join(repoRoot, "lib/record/fixtures/exported.mat"), "utf8");
const matRead = proofFromMat(matText);
if (!matRead.ok) throw new Error("the .mat fixture does not read");
const matBundle = matRead.value.bundle as { matchId: string; protocol: string; commitment: string };

const MATCH = "m_verifylog1";
const COMMITMENT = hex("commitment");
const DIGEST = hex("record");
const entries: LogEntry[] = [
  { format: ENTRY_FORMAT, kind: "match-created", matchId: MATCH, protocol: "fair-dice-v2", commitment: COMMITMENT, createdAt: T0 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: matBundle.matchId, protocol: matBundle.protocol, commitment: matBundle.commitment, createdAt: T0 + 1 },
  { format: ENTRY_FORMAT, kind: "match-ended", matchId: MATCH, recordDigest: DIGEST, endedAt: T0 + 2 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_later0001", protocol: "fair-dice-v2", commitment: hex("later"), createdAt: T0 + 3 },
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_later0002", protocol: "fair-dice-v2", commitment: hex("later 2"), createdAt: T0 + 4 },
];
const log = testLog(entries, privateKey, T0);
// The same five entries with the match's end rewritten: what a site that changed a finished record would sign.
const rewritten = testLog(entries.map((entry, i) => (i === 2 ? { ...entry, recordDigest: hex("rewritten") } : entry)), privateKey, T0);

const section = (created: unknown, ended: unknown) => ({ keyId: keyIdOf(publicKey), publicKey, created, ended });
const document = { protocol: "fair-dice-v2", matchId: MATCH, commitment: COMMITMENT, recordDigest: DIGEST, end: { reason: "finished" }, transparency: section(log.inclusion(0, 3), log.inclusion(2, 3)) };
const paths = {
  logged: file("logged.json", document),
  rewritten: file("rewritten.json", { ...document, recordDigest: hex("rewritten") }),
  unlogged: file("unlogged.json", { ...document, transparency: undefined }),
  otherTree: file("other-tree.json", { ...document, transparency: section({ ...log.inclusion(0, 3), head: log.headOf(2) }, log.inclusion(2, 3)) }),
  mat: file("logged.mat", withProof(matText.replace(/^; \[FairDice[^\n]*\n/gm, ""), { ...(matRead.value.bundle as unknown as Parameters<typeof withProof>[1]), transparency: section(log.inclusion(1, 3), null) })),
  head3: file("head-3.json", { head: log.headOf(3) }),
  head5: file("head-5.json", log.headOf(5)),
  forked5: file("forked-5.json", rewritten.headOf(5)),
  proof3to5: file("proof-3-5.json", { from: log.headOf(3), to: log.headOf(5), proof: log.consistency(3, 5) }),
  badProof: file("bad-proof.json", rewritten.consistency(3, 5)),
};

/** A stand-in for the site's log API: serves `state.head` and the consistency proofs of `state.log`. */
const state: { head: SignedTreeHead | null; log: typeof log } = { head: log.headOf(5), log };
let server: Server;
let site = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    response.setHeader("content-type", "application/json");
    if (url.pathname === "/api/transparency/head") return response.end(JSON.stringify({ format: "fairgammon-transparency-v1", head: state.head, keyId: keyIdOf(publicKey), publicKey }));
    if (url.pathname === "/api/transparency/consistency") {
      const [from, to] = [Number(url.searchParams.get("from")), Number(url.searchParams.get("to"))];
      return response.end(JSON.stringify({ from: state.log.headOf(from), to: state.log.headOf(to), proof: state.log.consistency(from, to) }));
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: "ERR_NOT_FOUND", message: "no such page" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("npm run verify -- --log", () => {
  it("exit 0 for a bundle whose entries are in the log, each check and entry printed", async () => {
    const { code, stdout } = await run(["--log", paths.logged, "--keys", keysPath]);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain(`transparency log check of ${paths.logged}`);
    expect(stdout).toContain("PASS  In the log: The match's creation and its end are both in the log.");
    expect(stdout).toContain("PASS  Log entries match the file: Each entry names this match, with the file's protocol and commitment, and the file's record digest.");
    expect(stdout).toMatch(/PASS {2}The log's key: Signed with key fg-ed25519-[0-9a-f]{16}/);
    expect(stdout).toContain("PASS  Inclusion proofs: Both entries' proofs lead to the root of a head signed by the log's key.");
    expect(stdout).toContain("End: entry 2 of the log, in the head of 3 entries signed 2026-01-01 00:00:03 UTC");
    expect(stdout).toContain("LOGGED: every log check passed.");
  });

  it("exit 1 naming the record digest when the record was rewritten after the end", async () => {
    const { code, stdout } = await run(["--log", paths.rewritten, "--keys", keysPath, "--json"]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { verdict: string; checks: { id: string; status: string; detail: string }[] };
    expect(report.verdict).toBe("failed");
    expect(report.checks.find((c) => c.id === "log-entry")).toMatchObject({ status: "failed", detail: expect.stringContaining("the record was changed after the match ended") as unknown });
  });

  it("exit 1, not logged, for a bundle without a log section, and for a key it was not given", async () => {
    const unlogged = await run(["--log", paths.unlogged, "--keys", keysPath]);
    expect(unlogged.code).toBe(1);
    expect(unlogged.stdout).toMatch(/NONE {2}In the log: The file has no transparency log section/);
    expect(unlogged.stdout).toContain("NOT LOGGED");
    // Without --keys only the published keys (and this machine's own) are trusted: not the throwaway key.
    const untrusted = await run(["--log", paths.logged]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatch(/FAIL {2}The log's key: .*not one of the keys this verifier trusts/);
  });

  it("exit 1 naming an inclusion proof for another tree", async () => {
    const { code, stdout } = await run(["--log", paths.otherTree, "--keys", keysPath]);
    expect(code).toBe(1);
    expect(stdout).toContain("FAIL  Inclusion proofs: The creation entry's inclusion proof does not hold: a proof made for another tree");
    expect(stdout).toContain('LOG FAILED: check "Inclusion proofs"');
  });

  it("reads the log section of a .mat file", async () => {
    const { code, stdout } = await run(["--log", paths.mat, "--keys", keysPath]);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain("(the proofs and the moves of the .mat file)");
    expect(stdout).toContain("The match's creation is in the log; its end is logged when it ends.");
  });

  /** The verifier run against the stand-in site serving `head`, with the proofs of `served`. */
  const againstSite = (head: SignedTreeHead, served = log) => {
    state.head = head;
    state.log = served;
    return run(["--log", paths.logged, "--keys", keysPath, "--site", site]);
  };

  it("with --site, checks that the site's latest head extends the file's, and names a fork or a shrunk log", async () => {
    const extended = await againstSite(log.headOf(5));
    expect(extended.code, extended.stdout + extended.stderr).toBe(0);
    expect(extended.stdout).toContain("PASS  The site's latest head (5 entries, signed 2026-01-01 00:00:05 UTC) against the file's (3 entries): The head of 5 entries extends the head of 3: consistent.");
    expect(extended.stdout).toContain("LOGGED: every log check passed, and the site's latest head extends the file's.");
    // The site rewrote the match's end and re-signed: its head of 5 no longer extends the file's head of 3.
    const inconsistent = await againstSite(rewritten.headOf(5), rewritten);
    expect(inconsistent.code).toBe(1);
    expect(inconsistent.stdout).toContain("FAIL  The site's latest head (5 entries");
    expect(inconsistent.stdout).toContain("Inconsistent: the log of 5 entries does not extend the one of 3");
    expect(inconsistent.stdout).toContain("LOG FAILED");
    const shrunk = await againstSite(log.headOf(2));
    expect(shrunk.code).toBe(1);
    expect(shrunk.stdout).toContain("Shrunk: a head of 2 entries after one of 3: entries were removed.");
    const fork = await againstSite(rewritten.headOf(3));
    expect(fork.code).toBe(1);
    expect(fork.stdout).toContain("Fork: two signed heads of 3 entries with different roots.");
  });

  it("exit 2 when the site cannot be read", async () => {
    const { code, stderr } = await run(["--log", paths.logged, "--keys", keysPath, "--site", "http://127.0.0.1:1"]);
    expect(code).toBe(2);
    expect(stderr).toContain("cannot read the site's log at http://127.0.0.1:1/api/transparency/head");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("npm run verify -- --log --heads", () => {
  const key = ["--key", publicKey];

  it("exit 0 for two saved heads the proof shows consistent", async () => {
    const { code, stdout } = await run(["--log", "--heads", paths.head3, paths.head5, "--proof", paths.proof3to5, ...key]);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain("PASS  The head of 5 entries extends the head of 3: consistent.");
    expect(stdout).toMatch(/CONSISTENT: the newer head extends the older; both are signed by key fg-ed25519-/);
  });

  it("exit 1 naming an inconsistent proof, a fork, a shrunk log and a bad signature", async () => {
    const inconsistent = await run(["--log", "--heads", paths.head3, paths.forked5, "--proof", paths.badProof, ...key]);
    expect(inconsistent.code).toBe(1);
    expect(inconsistent.stdout).toContain("FAIL  Inconsistent: the log of 5 entries does not extend the one of 3 (old-root-mismatch)");
    expect(inconsistent.stdout).toContain("NOT CONSISTENT: both heads bear the signature of key");
    const fork = await run(["--log", "--heads", paths.head5, paths.forked5, "--proof", paths.badProof, ...key]);
    expect(fork.stdout).toContain("Fork: two signed heads of 5 entries with different roots.");
    const shrunk = await run(["--log", "--heads", paths.head5, paths.head3, "--proof", paths.badProof, ...key]);
    expect(shrunk.stdout).toContain("Shrunk: a head of 3 entries after one of 5");
    const stranger = bytesToHex(ed25519.getPublicKey(Uint8Array.from(createHash("sha256").update("nobody").digest())));
    const badSignature = await run(["--log", "--heads", paths.head3, paths.head5, "--proof", paths.proof3to5, "--key", stranger, "--json"]);
    expect(badSignature.code).toBe(1);
    expect(JSON.parse(badSignature.stdout)).toMatchObject({ consistent: false, check: { reason: "bad-signature", head: "older" } });
  });

  it.each([
    ["no newer head", ["--log", "--heads", "x.json", "--proof", "p.json", "--key", "00".repeat(32)], /--heads takes the older head's file/],
    ["no key", ["--log", "--heads", "x.json", "y.json", "--proof", "p.json"], /--heads takes the older head's file/],
    ["--site without --log", ["x.json", "--site", "http://x"], /--site, --heads, --proof and --key go with --log/],
    ["--log with --record", ["--log", "x.json", "--record", "r.json"], /--log takes one bundle/],
  ])("exit 2 with a clear message for %s", async (_name, args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("npm run verify -- --log against a running site", () => {
  it("verifies a finished match's audit document and the site's latest head, then names a rewritten record", async () => {
    const t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
    try {
      const { matchId } = await playFinishedMatch(t, 302);
      const entries = () => t.db.prisma.transparencyEntry.count({ where: { matchId } });
      await waitFor(async () => (await entries()) === 2, "the match-ended entry");
      const audit = (await (await fetch(`${t.url}/api/matches/${matchId}/audit`)).json()) as Record<string, unknown>;
      const siteKeys = file("site-keys.json", { format: PROOF_KEYS_FORMAT, keys: [proofKeyEntry(t.proofKey.publicKey, "2026-01-01T00:00:00Z")] });
      const logged = await run(["--log", file("site-audit.json", audit), "--keys", siteKeys, "--site", t.url]);
      expect(logged.code, logged.stdout + logged.stderr).toBe(0);
      expect(logged.stdout).toContain("LOGGED: every log check passed, and the site's latest head extends the file's.");
      const rewritten = await run(["--log", file("site-rewritten.json", { ...audit, recordDigest: hex("another record") }), "--keys", siteKeys]);
      expect(rewritten.code).toBe(1);
      expect(rewritten.stdout).toMatch(/FAIL {2}Log entries match the file: .*the record was changed after the match ended/);
    } finally {
      await t.close();
    }
  });
});
