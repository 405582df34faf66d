import { createHash, randomBytes } from "node:crypto";
import { hexToBytes } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENTRY_FORMAT,
  checkEntryInHead,
  checkHeads,
  entryLeafHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  type LogEntry,
  type SignedTreeHead,
} from "@/lib/transparency";
import { openDb, type Db } from "@/server/db/client";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { TransparencyEntryConflict, TransparencyLog, treeHeadSigner, type TreeHeadSigner } from "./transparency-log";

const hex = (text: string) => createHash("sha256").update(text).digest("hex");

function created(n: number, run = "a"): LogEntry {
  return { format: ENTRY_FORMAT, kind: "match-created", matchId: `m_${run}${String(n).padStart(6, "0")}`, protocol: "fair-dice-v2", commitment: hex(`commitment ${run} ${n}`), createdAt: 1_767_225_600_000 + n };
}

function ended(n: number, run = "a"): LogEntry {
  return { format: ENTRY_FORMAT, kind: "match-ended", matchId: `m_${run}${String(n).padStart(6, "0")}`, recordDigest: hex(`record ${run} ${n}`), endedAt: 1_767_227_400_000 + n };
}

/** Every stored entry's leaf hash (as bytes), in index order, checking there are no gaps. */
async function storedLeaves(db: Db): Promise<Uint8Array[]> {
  const rows = await db.prisma.transparencyEntry.findMany({ orderBy: { index: "asc" }, select: { index: true, leafHash: true } });
  rows.forEach((row, i) => expect(row.index).toBe(i));
  return rows.map((row) => hexToBytes(row.leafHash));
}

async function storedHeads(db: Db): Promise<SignedTreeHead[]> {
  const rows = await db.prisma.transparencyHead.findMany({ orderBy: { treeSize: "asc" } });
  return rows.map((row) => ({ treeSize: row.treeSize, rootHash: row.rootHash, timestamp: Number(row.timestamp), signature: row.signature }));
}

describe.each(testDatabaseKinds())("the transparency log on %s", (kind) => {
  let handle: TestDatabase;
  let signer: TreeHeadSigner;
  let publicKey: Uint8Array;
  let log: TransparencyLog;
  /** The leaves in the order appended (the first test's). */
  const leaves: Uint8Array[] = [];
  const APPENDS = 300;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    signer = treeHeadSigner(randomBytes(32));
    publicKey = hexToBytes(signer.publicKey);
    log = new TransparencyLog(handle.db, signer);
  });
  afterAll(() => handle?.dispose());

  it("starts empty: no head, no entries, no proofs", async () => {
    expect(await log.latestHead()).toBeNull();
    expect(await log.entriesFor("m_a000000")).toEqual([]);
    expect(await log.inclusionProof("m_a000000", "match-created")).toEqual({ ok: false, code: "ERR_NOT_LOGGED" });
  });

  it(`${APPENDS} appends: indexes 0, 1, 2 …, each head the root lib/transparency computes over the same leaves, signed`, async () => {
    for (let i = 0; i < APPENDS; i++) {
      // Mostly creations, with the end of an earlier match now and then (a match's two entries far apart).
      const entry = i % 3 === 2 ? ended(i - 2) : created(i);
      const appended = await log.append(entry);
      leaves.push(entryLeafHash(entry));
      expect(appended.appended).toBe(true);
      expect(appended.index).toBe(i);
      expect(appended.head!.treeSize).toBe(i + 1);
      expect(appended.head!.rootHash).toBe(Buffer.from(rootHash(leaves)).toString("hex"));
    }
    const heads = await storedHeads(handle.db);
    expect(heads.map((head) => head.treeSize)).toEqual(Array.from({ length: APPENDS }, (_, i) => i + 1));
    for (const head of heads) {
      expect(verifyTreeHead(head, publicKey)).toEqual({ ok: true });
      expect(head.rootHash).toBe(Buffer.from(rootHash(leaves.slice(0, head.treeSize))).toString("hex"));
    }
    for (let i = 1; i < heads.length; i++) expect(heads[i]!.timestamp).toBeGreaterThanOrEqual(heads[i - 1]!.timestamp);
    expect(await log.latestHead()).toEqual(heads.at(-1));
    expect(await storedLeaves(handle.db)).toEqual(leaves);
  });

  it("inclusion proofs from the store verify with lib/transparency, at the latest head and at earlier ones", async () => {
    const sizes = [1, 2, 3, 7, 8, 9, 64, 100, 255, 256, 257, APPENDS];
    for (const treeSize of sizes) {
      for (let index = 0; index < treeSize; index += Math.max(1, Math.floor(treeSize / 9))) {
        const entry = index % 3 === 2 ? ended(index - 2) : created(index);
        const proof = await log.inclusionProof(entry.matchId, entry.kind, treeSize === APPENDS ? undefined : treeSize);
        if (!proof.ok) throw new Error(proof.code);
        expect(proof.value.index).toBe(index);
        expect(proof.value.entry).toEqual(entry);
        expect(proof.value.head.treeSize).toBe(treeSize);
        const proofBytes = proof.value.proof.map(hexToBytes);
        expect(verifyInclusion(leaves[index]!, index, treeSize, proofBytes, hexToBytes(proof.value.head.rootHash))).toEqual({ ok: true });
        expect(checkEntryInHead(entry, index, proof.value.proof, proof.value.head, publicKey)).toEqual({ ok: true });
      }
    }
    // An entry appended after the head asked for is not in it.
    expect(await log.inclusionProof(created(201).matchId, "match-created", 100)).toEqual({ ok: false, code: "ERR_NOT_IN_HEAD" });
    expect(await log.inclusionProof(created(0).matchId, "match-created", APPENDS + 1)).toEqual({ ok: false, code: "ERR_NO_HEAD" });
  });

  it("consistency proofs from the store verify with lib/transparency, and checkHeads passes between any two heads", async () => {
    const sizes = [0, 1, 2, 3, 4, 5, 8, 13, 64, 99, 128, 129, 200, 256, 299, APPENDS];
    for (const from of sizes) {
      for (const to of sizes.filter((size) => size >= from && size > 0)) {
        const proof = await log.consistencyProof(from, to);
        if (!proof.ok) throw new Error(`${from}→${to}: ${proof.code}`);
        const newRoot = hexToBytes(proof.value.to.rootHash);
        const oldRoot = from === 0 ? rootHash([]) : hexToBytes(proof.value.from!.rootHash);
        expect(verifyConsistency(from, to, oldRoot, newRoot, proof.value.proof.map(hexToBytes))).toEqual({ ok: true });
        if (from > 0) expect(checkHeads(proof.value.from, proof.value.to, proof.value.proof, publicKey)).toEqual({ ok: true });
      }
    }
    expect(await log.consistencyProof(5, 3)).toEqual({ ok: false, code: "ERR_SIZES" });
    expect(await log.consistencyProof(3, APPENDS + 1)).toEqual({ ok: false, code: "ERR_NO_HEAD" });
  });

  it("the same entry twice is logged once: its index again, nothing written", async () => {
    const before = await log.latestHead();
    const again = await log.append(created(4));
    expect(again).toEqual({ index: 4, appended: false, head: null });
    const fresh = new TransparencyLog(handle.db, signer);
    expect(await fresh.append(ended(0))).toEqual({ index: 2, appended: false, head: null });
    expect(await log.latestHead()).toEqual(before);
    expect(await handle.db.prisma.transparencyEntry.count()).toBe(APPENDS);
  });

  it("a different entry for a match and kind already logged is refused, and nothing is written", async () => {
    const before = await log.latestHead();
    const other = { ...created(4), commitment: hex("another commitment") } as LogEntry;
    await expect(log.append(other)).rejects.toThrow(TransparencyEntryConflict);
    expect(await log.latestHead()).toEqual(before);
  });

  it("entriesFor: a match's entries in log order, as stored", async () => {
    const entries = await log.entriesFor(created(0).matchId);
    expect(entries.map((e) => [e.index, e.entry])).toEqual([
      [0, created(0)],
      [2, ended(0)],
    ]);
    expect(entries[0]!.leafHash).toBe(Buffer.from(leaves[0]!).toString("hex"));
  });

  it("a new instance (another node, or a restart) rebuilds the frontier from the stored nodes and goes on", async () => {
    const other = new TransparencyLog(handle.db, signer);
    const first = await other.append(created(1, "b"));
    const second = await log.append(created(2, "b"));
    const third = await other.append(created(3, "b"));
    leaves.push(entryLeafHash(created(1, "b")), entryLeafHash(created(2, "b")), entryLeafHash(created(3, "b")));
    expect([first.index, second.index, third.index]).toEqual([APPENDS, APPENDS + 1, APPENDS + 2]);
    expect(third.head!.rootHash).toBe(Buffer.from(rootHash(leaves)).toString("hex"));
    expect(await storedLeaves(handle.db)).toEqual(leaves);
  });

  it("a clock that goes back never makes a head earlier than the one before it", async () => {
    const latest = (await log.latestHead())!;
    const early = new TransparencyLog(handle.db, signer, () => latest.timestamp - 60_000);
    const appended = await early.append(created(4, "b"));
    leaves.push(entryLeafHash(created(4, "b")));
    expect(appended.head!.timestamp).toBe(latest.timestamp);
    const proof = await log.consistencyProof(latest.treeSize, appended.head!.treeSize);
    if (!proof.ok) throw new Error(proof.code);
    expect(checkHeads(latest, appended.head, proof.value.proof, publicKey)).toEqual({ ok: true });
  });

  it.each(["TransparencyEntry", "TransparencyNode", "TransparencyHead"])("%s: UPDATE and DELETE are refused, every row stays", async (table) => {
    const count = async () => Number((await handle.db.prisma.$queryRawUnsafe<{ n: unknown }[]>(`SELECT COUNT(*) AS n FROM "${table}"`))[0]?.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const column = table === "TransparencyEntry" ? `"leafHash"` : table === "TransparencyNode" ? `"hash"` : `"rootHash"`;
    await expect(handle.db.prisma.$executeRawUnsafe(`UPDATE "${table}" SET ${column} = 'x'`)).rejects.toThrow(`${table} is append-only: UPDATE refused`);
    await expect(handle.db.prisma.$executeRawUnsafe(`DELETE FROM "${table}"`)).rejects.toThrow(`${table} is append-only: DELETE refused`);
    if (kind === "postgres") await expect(handle.db.prisma.$executeRawUnsafe(`TRUNCATE "${table}"`)).rejects.toThrow(`${table} is append-only: TRUNCATE refused`);
    expect(await count()).toBe(before);
  });
});

describe.each(testDatabaseKinds())("the transparency log's one sequencer on %s", (kind) => {
  let handle: TestDatabase;
  let second: Db;
  const signer = treeHeadSigner(randomBytes(32));

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    // A second handle with its own client and connection pool, as another node has (SQLite: one connection per file
    // and process, so the second handle shares it, as the data layer requires).
    second = openDb(kind === "postgres" ? `${handle.url}${handle.url.includes("?") ? "&" : "?"}application_name=second-node` : handle.url);
  });
  afterAll(async () => {
    await second?.close();
    await handle?.dispose();
  });

  it("appends from two handles at once, some of the same entries: no gaps, no duplicates, every head consistent", async () => {
    const PER_HANDLE = 120;
    const one = new TransparencyLog(handle.db, signer);
    const two = new TransparencyLog(second, signer);
    // Each handle appends its own matches and, interleaved, the same 20 shared ones (which must be logged once).
    const work = (log: TransparencyLog, run: string) =>
      Promise.all(Array.from({ length: PER_HANDLE }, (_, i) => log.append(i % 6 === 0 ? created(i / 6, "s") : created(i, run))));
    const [fromOne, fromTwo] = await Promise.all([work(one, "x"), work(two, "y")]);
    const expected = 2 * (PER_HANDLE - PER_HANDLE / 6) + PER_HANDLE / 6;
    const leaves = await storedLeaves(handle.db);
    expect(leaves).toHaveLength(expected);
    const appendedIndexes = [...fromOne, ...fromTwo].filter((a) => a.appended).map((a) => a.index);
    expect(appendedIndexes.sort((a, b) => a - b)).toEqual(Array.from({ length: expected }, (_, i) => i));
    // A shared entry answers with the one index it has, whichever handle logged it.
    for (let i = 0; i < PER_HANDLE; i += 6) expect(fromOne[i]!.index).toBe(fromTwo[i]!.index);
    // Appends that met in one transaction share its head: sizes only grow, and the last head covers everything.
    const heads = await storedHeads(handle.db);
    for (let i = 1; i < heads.length; i++) expect(heads[i]!.treeSize).toBeGreaterThan(heads[i - 1]!.treeSize);
    expect(heads.at(-1)!.treeSize).toBe(expected);
    for (const appended of [...fromOne, ...fromTwo]) if (appended.head) expect(appended.head.treeSize).toBeGreaterThan(appended.index);
    for (const head of heads) {
      expect(verifyTreeHead(head, hexToBytes(signer.publicKey))).toEqual({ ok: true });
      expect(head.rootHash).toBe(Buffer.from(rootHash(leaves.slice(0, head.treeSize))).toString("hex"));
    }
    for (let i = 1; i < heads.length; i++) expect(heads[i]!.timestamp).toBeGreaterThanOrEqual(heads[i - 1]!.timestamp);
  });

  it("measures the cost of an append (reported, not asserted)", async () => {
    const log = new TransparencyLog(handle.db, signer);
    const N = 200;
    const sequentialStart = performance.now();
    for (let i = 0; i < N; i++) await log.append(created(i, "t"));
    const sequential = (performance.now() - sequentialStart) / N;
    const concurrentStart = performance.now();
    await Promise.all(Array.from({ length: N }, (_, i) => log.append(created(i, "u"))));
    const concurrent = (performance.now() - concurrentStart) / N;
    const size = (await log.latestHead())!.treeSize;
    console.log(`transparency log on ${kind}: ${sequential.toFixed(2)} ms per append one at a time, ${concurrent.toFixed(2)} ms per append with ${N} at once (log of ${size})`);
    expect(size).toBeGreaterThan(2 * N);
  });
});
