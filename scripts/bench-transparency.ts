/**
 * Benchmark of the transparency log's append (server/transparency/transparency-log.ts) at a million entries: a fresh,
 * migrated database is filled with 10^6 entries (their leaves, every completed node and a signed head, written in bulk
 * as the log itself would have left them), then matches are appended through the log as the site appends them — one
 * at a time (an append's latency) and 64 at once (what a busy site's appends cost each, group-committed). Runs on
 * SQLite, and on PostgreSQL when a server URL is given (argument or TEST_POSTGRES_URL).
 *
 *   npx tsx scripts/bench-transparency.ts [postgresql://postgres@127.0.0.1:5432/test] [--entries 1000000]
 *   npm run bench -- transparency
 *
 * @example
 *   const { figure, details } = await benchTransparency(); // figure: SQLite ms per append, 64 at once, at 10^6 entries
 */
import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { bytesToHex } from "@noble/hashes/utils.js";
import { EMPTY_FRONTIER, ENTRY_FORMAT, appendLeaf, canonicalEntry, entryLeafHash, frontierRoot, type LogEntry, type MerkleFrontier } from "@/lib/transparency";
import type { Db } from "@/server/db/client";
import { openTestDatabase, type TestDatabaseKind } from "@/server/db/test-databases";
import { TransparencyLog, treeHeadSigner, type TreeHeadSigner } from "@/server/transparency/transparency-log";
import type { BenchResult } from "./bench-result";

const ENTRIES = Number(process.argv.find((arg, i) => process.argv[i - 1] === "--entries") ?? 1_000_000);
const APPENDS = 2_048;
const AT_ONCE = 64;
const BULK = 2_000;

function entryOf(n: number, run: string): LogEntry {
  const matchId = `m_${run}${String(n).padStart(8, "0")}`;
  const commitment = createHash("sha256").update(`${run} ${n}`).digest("hex");
  return { format: ENTRY_FORMAT, kind: "match-created", matchId, protocol: "fair-dice-v2", commitment, createdAt: 1_767_225_600_000 + n };
}

/** Writes `count` entries, their nodes and one signed head as the log would have; returns nothing but the rows. */
async function fill(db: Db, count: number, signer: TreeHeadSigner): Promise<void> {
  const placeholder = (n: number) => (db.kind === "postgres" ? `$${n}` : "?");
  let frontier: MerkleFrontier = EMPTY_FRONTIER;
  const insert = (table: string, columns: string[], rows: unknown[][]) =>
    db.prisma.$executeRawUnsafe(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${rows.map((_, r) => `(${columns.map((__, c) => placeholder(r * columns.length + c + 1)).join(", ")})`).join(", ")}`,
      ...rows.flat(),
    );
  for (let at = 0; at < count; at += BULK) {
    const entries: unknown[][] = [];
    const nodes: unknown[][] = [];
    for (let n = at; n < Math.min(count, at + BULK); n++) {
      const entry = entryOf(n, "fill");
      const leaf = entryLeafHash(entry);
      const next = appendLeaf(frontier, leaf);
      frontier = next.frontier;
      entries.push([n, entry.kind, entry.matchId, canonicalEntry(entry), bytesToHex(leaf), new Date(1_767_225_600_000)]);
      for (const node of next.nodes) nodes.push([node.level, node.index, bytesToHex(node.hash)]);
    }
    await insert("TransparencyEntry", ["index", "kind", "matchId", "entry", "leafHash", "createdAt"], entries);
    for (let i = 0; i < nodes.length; i += BULK) await insert("TransparencyNode", ["level", "index", "hash"], nodes.slice(i, i + BULK));
  }
  const head = signer.signTreeHead({ treeSize: count, rootHash: bytesToHex(frontierRoot(frontier)), timestamp: Date.now() });
  await insert("TransparencyHead", ["treeSize", "rootHash", "timestamp", "signature"], [[head.treeSize, head.rootHash, BigInt(head.timestamp), head.signature]]);
}

interface Timing {
  readonly fillS: number;
  readonly oneAtATimeMs: number;
  readonly atOnceMs: number;
}

async function timeAppends(kind: TestDatabaseKind, postgresServer?: string): Promise<Timing> {
  const handle = await openTestDatabase(kind, postgresServer);
  try {
    const signer = treeHeadSigner(randomBytes(32));
    const fillStart = performance.now();
    await fill(handle.db, ENTRIES, signer);
    const fillS = (performance.now() - fillStart) / 1000;
    // A node that has just started: its first append rebuilds the frontier from the stored nodes.
    const log = new TransparencyLog(handle.db, signer);
    await log.append(entryOf(0, "warm"));
    const sequentialStart = performance.now();
    for (let n = 0; n < APPENDS / 4; n++) await log.append(entryOf(n, "one"));
    const oneAtATimeMs = (performance.now() - sequentialStart) / (APPENDS / 4);
    const loadStart = performance.now();
    for (let n = 0; n < APPENDS; n += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => log.append(entryOf(n + i, "load"))));
    const atOnceMs = (performance.now() - loadStart) / APPENDS;
    const head = await log.latestHead();
    if (head?.treeSize !== ENTRIES + 1 + APPENDS / 4 + APPENDS) throw new Error(`bench-transparency: the log has ${head?.treeSize} entries`);
    return { fillS, oneAtATimeMs, atOnceMs };
  } finally {
    await handle.dispose();
  }
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function benchTransparency(postgresServer = process.argv.find((arg) => arg.startsWith("postgres")) ?? process.env.TEST_POSTGRES_URL): Promise<BenchResult> {
  const sqlite = await timeAppends("sqlite");
  const postgres = postgresServer ? await timeAppends("postgres", postgresServer) : undefined;
  return {
    name: `transparency log: an append at ${ENTRIES.toLocaleString("en-US")} entries, ${AT_ONCE} at once, on SQLite`,
    figure: round(sqlite.atOnceMs, 3),
    unit: "ms",
    details: {
      entries: ENTRIES,
      sqliteFillS: round(sqlite.fillS, 1),
      sqliteOneAtATimeMs: round(sqlite.oneAtATimeMs, 2),
      sqliteAtOnceMs: round(sqlite.atOnceMs, 3),
      ...(postgres && { postgresFillS: round(postgres.fillS, 1), postgresOneAtATimeMs: round(postgres.oneAtATimeMs, 2), postgresAtOnceMs: round(postgres.atOnceMs, 3) }),
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await benchTransparency();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit}\n${JSON.stringify(result.details, null, 2)}\n`);
}
