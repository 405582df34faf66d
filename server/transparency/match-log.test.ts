/**
 * Every match in the public transparency log, through a running server: its commitment logged when it is created (so
 * before its first client seed), its record's digest when it ends; the audit document carries both entries with proofs
 * that verify against the site's signed heads; the API answers heads, proofs and entries, refuses bad queries with a
 * 400 that names them, and never says anything secret; and the catch-up appends what was left out.
 */
import { hexToBytes } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEntryInHead, checkHeads, verifyTreeHead, type LogEntry, type SignedTreeHead } from "@/lib/transparency";
import { BotClient } from "@/scripts/bot/bot-client";
import { playFinishedMatch } from "@/tests/support/finished-match";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { proofFromMat } from "@/lib/record/mat-proof";
import { matExport } from "@/server/record/match-review";
import { MatchLog } from "./match-log";
import { TransparencyLog } from "./transparency-log";

let t: TestServer;
let publicKey: Uint8Array;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
  publicKey = hexToBytes(t.proofKey.publicKey);
});
afterAll(async () => {
  await t.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown>; text: string; headers: Headers }> {
  const response = await fetch(`${t.url}${path}`);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text, headers: response.headers };
}

const entriesOf = (matchId: string) => t.db.prisma.transparencyEntry.findMany({ where: { matchId }, orderBy: { index: "asc" } });

describe("the transparency log of a running site", () => {
  it("logs a match's commitment before its creator can send a client seed, and nothing secret", async () => {
    const user = await t.user();
    const bot = new BotClient({ url: t.url, cookie: user.cookie, seed: 1 });
    await bot.connect();
    const { matchId } = await bot.create({ matchLength: 3, color: "white", visibility: "public" });
    // The create's answer came after the append: the entry is there already, with the match's own commitment.
    const [entry, ...rest] = await entriesOf(matchId);
    expect(rest).toEqual([]);
    const seed = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId } });
    expect(JSON.parse(entry!.entry)).toMatchObject({ kind: "match-created", matchId, protocol: "fair-dice-v3", commitment: seed.commitment });
    // Nothing the log serves holds the sealed seed or anything but the commitment.
    const served = (await get(`/api/transparency/inclusion?match=${matchId}&kind=match-created`)).text + (await get(`/api/transparency/entries?start=0`)).text;
    expect(served).not.toContain(seed.ciphertext);
    expect(served).toContain(seed.commitment);
    bot.close();
  });

  it("logs the digest of a finished match's record; its audit document proves both entries in signed heads", async () => {
    const { matchId } = await playFinishedMatch(t, 301);
    await waitFor(async () => (await entriesOf(matchId)).length === 2, "the match-ended entry");
    const audit = await get(`/api/matches/${matchId}/audit`);
    expect(audit.status).toBe(200);
    const document = audit.body as { commitment: string; recordDigest: string; protocol: string; transparency: { publicKey: string; keyId: string; created: Proof; ended: Proof } };
    type Proof = { index: number; entry: LogEntry; head: SignedTreeHead; proof: string[] };
    const { transparency } = document;
    expect(transparency.publicKey).toBe(t.proofKey.publicKey);
    expect(transparency.keyId).toBe(t.proofKey.keyId);
    expect(transparency.created.entry).toMatchObject({ kind: "match-created", matchId, protocol: document.protocol, commitment: document.commitment });
    expect(transparency.ended.entry).toMatchObject({ kind: "match-ended", matchId, recordDigest: document.recordDigest });
    for (const { entry, index, head, proof } of [transparency.created, transparency.ended]) {
      expect(checkEntryInHead(entry, index, proof, head, publicKey)).toEqual({ ok: true });
    }
    // The same proof from the API, and a consistency proof from the head the creation was first in to the latest.
    const inclusion = await get(`/api/transparency/inclusion?match=${matchId}&kind=match-ended`);
    expect(inclusion.status).toBe(200);
    const latest = (await get("/api/transparency/head")).body as { head: SignedTreeHead; publicKey: string; format: string };
    expect(latest).toMatchObject({ format: "fairgammon-transparency-v1", publicKey: t.proofKey.publicKey });
    expect(verifyTreeHead(latest.head, publicKey)).toEqual({ ok: true });
    const first = transparency.created.index + 1;
    const firstHead = await get(`/api/transparency/heads/${latest.head.treeSize}`);
    expect(firstHead.headers.get("cache-control")).toContain("immutable");
    const consistency = (await get(`/api/transparency/consistency?from=${first}&to=${latest.head.treeSize}`)) as unknown as { status: number; body: { from: SignedTreeHead | null; to: SignedTreeHead; proof: string[] } };
    if (consistency.status === 200 && consistency.body.from) expect(checkHeads(consistency.body.from, consistency.body.to, consistency.body.proof, publicKey)).toEqual({ ok: true });
    else expect(consistency.status).toBe(404); // that size was never signed alone (appends that met share a head)
  });

  it("a finished match's .mat carries the same entries and proofs, read back by its proof lines", async () => {
    const { matchId } = await playFinishedMatch(t, 331);
    await waitFor(async () => (await entriesOf(matchId)).length === 2, "the match-ended entry");
    const exported = await matExport(t.db, matchId, null, undefined, t.proofKey);
    if (!exported.ok) throw new Error(exported.code);
    const read = proofFromMat(exported.value.text);
    if (!read.ok) throw new Error(read.code);
    expect(read.value.lineProblem).toBeNull();
    const audit = (await get(`/api/matches/${matchId}/audit`)).body as { transparency: { created: unknown; ended: { entry: LogEntry; index: number; proof: string[]; head: SignedTreeHead } } };
    const fromMat = read.value.bundle.transparency as typeof audit.transparency;
    expect(fromMat.created).toEqual(audit.transparency.created);
    expect(fromMat.ended.entry).toEqual(audit.transparency.ended.entry);
    expect(checkEntryInHead(fromMat.ended.entry, fromMat.ended.index, fromMat.ended.proof, fromMat.ended.head, publicKey)).toEqual({ ok: true });
  });

  it("pages the entries for monitors, in index order with no gaps", async () => {
    const page = (await get("/api/transparency/entries?start=0&count=256")).body as { entries: { index: number; entry: LogEntry }[] };
    expect(page.entries.length).toBeGreaterThan(0);
    page.entries.forEach((entry, i) => expect(entry.index).toBe(i));
  });

  it.each([
    ["/api/transparency/heads/abc", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/heads/1e3", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/heads/99999999999", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/heads/0", 404, "ERR_NO_HEAD"],
    ["/api/transparency/heads/999999", 404, "ERR_NO_HEAD"],
    ["/api/transparency/consistency?from=5&to=2", 400, "ERR_SIZES"],
    ["/api/transparency/consistency?from=-1&to=2", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/consistency?to=2", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/inclusion?match=%27%3B%20DROP%20TABLE&kind=match-created", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/inclusion?match=m_nosuchmatch&kind=match-created", 404, "ERR_NOT_LOGGED"],
    ["/api/transparency/inclusion?match=m_nosuchmatch&kind=secrets", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/inclusion?match=m_nosuchmatch&kind=match-created&size=x", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/entries?start=0&count=100000", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/entries?start=0&count=0", 400, "ERR_BAD_REQUEST"],
    ["/api/transparency/entries", 400, "ERR_BAD_REQUEST"],
  ])("refuses %s with %i %s, naming what is wrong", async (path, status, code) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(code);
    expect(typeof answer.body.message).toBe("string");
  });

  it("answers a flood of reads, every one bounded (a page, a proof: O(log n) rows)", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => fetch(`${t.url}/api/transparency/${i % 2 ? "head" : "entries?start=0&count=256"}`)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });

  it("catch-up logs every match a database from before the log holds, oldest first, and nothing twice", async () => {
    const { matchId } = await playFinishedMatch(t, 401);
    await waitFor(async () => (await entriesOf(matchId)).length === 2, "the match-ended entry");
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const matchLog = new MatchLog({ db: t.db, log: new TransparencyLog(t.db, t.proofKey), logger: quiet });
    expect(await matchLog.catchUp()).toEqual({ created: 0, ended: 0 });
    // A database from before the log: the same matches, an empty log (only a test may lift the append-only triggers).
    for (const table of ["TransparencyEntry", "TransparencyNode", "TransparencyHead"]) {
      await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER "${table}_no_delete"`);
      await t.db.prisma.$executeRawUnsafe(`DELETE FROM "${table}"`);
    }
    const matches = await t.db.prisma.match.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, status: true } });
    const fresh = new MatchLog({ db: t.db, log: new TransparencyLog(t.db, t.proofKey), logger: quiet });
    const ended = matches.filter((match) => match.status === "finished" || match.status === "aborted").length;
    expect(await fresh.catchUp()).toEqual({ created: matches.length, ended });
    const logged = await t.db.prisma.transparencyEntry.findMany({ orderBy: { index: "asc" } });
    expect(logged.slice(0, matches.length).map((row) => row.matchId)).toEqual(matches.map((match) => match.id));
    expect(logged).toHaveLength(matches.length + ended);
    expect(await fresh.catchUp()).toEqual({ created: 0, ended: 0 });
  });
});
