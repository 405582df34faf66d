/**
 * The server side of the public transparency log (docs/transparency-log.md): entries, the tree's complete subtrees
 * and the signed tree heads, in three append-only tables (TransparencyEntry, TransparencyNode, TransparencyHead), over
 * the pure core in lib/transparency.
 *
 * One sequencer across every node: an append runs in one transaction that first takes the log's lock (PostgreSQL: a
 * transaction-scoped advisory lock; SQLite: the IMMEDIATE transaction, on the process's one connection, is the lock),
 * then reads the size, rebuilds the frontier (a cached one when it is of the stored size and gives the stored root,
 * else from the O(log n) stored nodes), appends the leaves, and writes the entries, the nodes they completed and the
 * signed head of the new size — so entry indexes have no gaps, every head's size is larger than the one before, and a
 * head's timestamp is never earlier than the one before it. Appends that arrive together share one transaction and one
 * head (group commit), which is what keeps the cost per match low under load. A match's entry of a kind is logged
 * once: appending it again returns its index and writes nothing (a different entry for the same match and kind is
 * refused with a throw: that is a bug to see).
 *
 * Proofs read only the nodes their plans name, in one query (plus the entry's row and the head's).
 *
 * @example
 *   const log = new TransparencyLog(db, treeHeadSigner(privateKey));
 *   const { index } = await log.append({ format: ENTRY_FORMAT, kind: "match-created", matchId, protocol, commitment, createdAt });
 *   const head = await log.latestHead();                           // SignedTreeHead | null
 *   const proof = await log.inclusionProof(matchId, "match-created"); // ok({ entry, index, head, proof: hex[] })
 *   const extension = await log.consistencyProof(2, head!.treeSize); // ok({ from, to, proof: hex[] })
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { err, ok, type Result } from "@/lib/engine/types";
import {
  appendLeaf,
  assembleProof,
  canonicalEntry,
  consistencyPlan,
  entryLeafHash,
  frontierAddresses,
  frontierFromNodes,
  frontierRoot,
  inclusionPlan,
  lookupOf,
  parseEntry,
  planAddresses,
  signTreeHead,
  type LogEntry,
  type MerkleFrontier,
  type NodeAddress,
  type ProofElementPlan,
  type SignedTreeHead,
  type StoredNode,
  type TreeHead,
} from "@/lib/transparency";
import type { Db } from "@/server/db/client";
import type { Dialect, Row, SqlPlan } from "@/server/db/sql-plan";
import { writePlan } from "@/server/db/transaction";

/** The PostgreSQL advisory lock (transaction-scoped) every node's append takes: a constant no other code takes. */
export const SEQUENCER_LOCK = 4_808_162;

export type EntryKind = LogEntry["kind"];

/** Signs tree heads: the site's proof key (docs/transparency-log.md, section 4; server/vault/proof-key.ts is one). */
export interface TreeHeadSigner {
  /** 64 lowercase hex: the Ed25519 public key heads verify with. */
  readonly publicKey: string;
  signTreeHead(head: TreeHead): SignedTreeHead;
}

/** A signer from a 32-byte Ed25519 private key (the proof key's seed; tests use throwaway ones). */
export function treeHeadSigner(privateKey: Uint8Array): TreeHeadSigner {
  const key = Uint8Array.from(privateKey);
  return { publicKey: bytesToHex(ed25519.getPublicKey(key)), signTreeHead: (head) => signTreeHead(head, key) };
}

export interface Appended {
  /** The entry's index in the log. */
  readonly index: number;
  /** False when the match's entry of this kind was logged already (nothing was written). */
  readonly appended: boolean;
  /** The head signed by the transaction that appended it (its size is at least index + 1); null when nothing was appended. */
  readonly head: SignedTreeHead | null;
}

export interface LoggedEntry {
  readonly index: number;
  readonly entry: LogEntry;
  /** The entry's canonical JSON, as stored: the bytes its leaf hash is over. */
  readonly text: string;
  readonly leafHash: string;
  readonly createdAt: Date;
}

export interface InclusionProof {
  readonly entry: LogEntry;
  readonly index: number;
  readonly head: SignedTreeHead;
  /** RFC 9162 PATH(index, D[head.treeSize]), 64-hex each. */
  readonly proof: string[];
}

export interface ConsistencyProof {
  /** The head of the older size (null for size 0, which has none). */
  readonly from: SignedTreeHead | null;
  readonly to: SignedTreeHead;
  /** RFC 9162 SUBPROOF(from, D[to], true), 64-hex each. */
  readonly proof: string[];
}

export type ProofError =
  /** The match has no entry of that kind in the log. */
  | "ERR_NOT_LOGGED"
  /** No head of that size was signed (the log is smaller, or the size is not a size). */
  | "ERR_NO_HEAD"
  /** The entry was appended after the head asked for. */
  | "ERR_NOT_IN_HEAD"
  /** A consistency proof from a larger size to a smaller one. */
  | "ERR_SIZES";

/** An entry of a match and kind that the log holds already, with other contents. */
export class TransparencyEntryConflict extends Error {
  constructor(readonly kind: EntryKind, readonly matchId: string, readonly index: number) {
    super(`transparency log: entry ${index} already logs ${kind} of ${matchId}, with other contents`);
  }
}

const hexHash = (bytes: Uint8Array) => bytesToHex(bytes);

function nodesWhere(addresses: readonly NodeAddress[]): { sql: string; params: number[] } {
  return {
    sql: addresses.map(() => `("level" = ? AND "index" = ?)`).join(" OR "),
    params: addresses.flatMap((address) => [address.level, address.index]),
  };
}

function storedNodes(rows: readonly Row[]): StoredNode[] {
  return rows.map((row) => ({ level: Number(row.level), index: Number(row.index), hash: hexToBytes(String(row.hash)) }));
}

/** The most entries one transaction appends (its statements stay well under either database's parameter limit). */
export const MAX_BATCH = 256;

/** What one entry of a batch came to: appended or found, or a conflicting entry (a bug to see, refused alone). */
type EntryOutcome = { readonly index: number; readonly appended: boolean } | TransparencyEntryConflict;

interface BatchOutcome {
  readonly entries: EntryOutcome[];
  /** The head this batch signed; null when it appended nothing. */
  readonly head: SignedTreeHead | null;
  readonly frontier: MerkleFrontier | null;
}

const entryKey = (entry: { kind: string; matchId: string }) => `${entry.kind} ${entry.matchId}`;

/**
 * The frontier of the stored log of `size` entries whose signed root is `root`: this node's own when the log has not
 * moved since its last append, else rebuilt from the O(log n) stored nodes — and checked against the signed root.
 */
function* storedFrontier(size: number, root: string | undefined, cached: MerkleFrontier | null): SqlPlan<MerkleFrontier> {
  if (cached && cached.size === size && (size === 0 || hexHash(frontierRoot(cached)) === root)) return cached;
  const addresses = frontierAddresses(size);
  const where = nodesWhere(addresses);
  const rows = addresses.length === 0 ? [] : yield { sql: `SELECT "level", "index", "hash" FROM "TransparencyNode" WHERE ${where.sql}`, params: where.params };
  const rebuilt = frontierFromNodes(size, lookupOf(storedNodes(rows)));
  if (!rebuilt.ok) throw new Error(`transparency log: the frontier of size ${size} cannot be rebuilt (${rebuilt.reason} ${rebuilt.level ?? ""}/${rebuilt.index ?? ""})`);
  if (size > 0 && hexHash(frontierRoot(rebuilt.frontier)) !== root) throw new Error(`transparency log: the stored nodes of size ${size} do not give the signed root`);
  return rebuilt.frontier;
}

/**
 * A batch's append as one write plan (server/db/sql-plan.ts), run under the log's lock in one transaction: the
 * entries not logged yet get the next indexes in order, their rows and the nodes they complete are written in a few
 * multi-row statements, and one head is signed for the new size.
 */
function* appendBatchPlan(
  dialect: Dialect,
  batch: readonly LogEntry[],
  cached: MerkleFrontier | null,
  signer: TreeHeadSigner,
  now: number,
): SqlPlan<Result<BatchOutcome, never>> {
  if (dialect === "postgres") yield { sql: `SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${SEQUENCER_LOCK})`, params: [] };
  const matchIds = [...new Set(batch.map((entry) => entry.matchId))];
  const stored = yield {
    sql: `SELECT "index", "kind", "matchId", "entry" FROM "TransparencyEntry" WHERE "matchId" IN (${matchIds.map(() => "?").join(", ")})`,
    params: matchIds,
  };
  /** kind + match → the index and text logged, from the store and from this batch. */
  const logged = new Map(stored.map((row) => [entryKey({ kind: String(row.kind), matchId: String(row.matchId) }), { index: Number(row.index), text: String(row.entry) }]));
  const [last] = yield { sql: `SELECT "treeSize", "rootHash", "timestamp" FROM "TransparencyHead" ORDER BY "treeSize" DESC LIMIT 1`, params: [] };
  let frontier = yield* storedFrontier(last ? Number(last.treeSize) : 0, last ? String(last.rootHash) : undefined, cached);
  const entryRows: unknown[][] = [];
  const nodes: StoredNode[] = [];
  const outcomes = batch.map((entry): EntryOutcome => {
    const text = canonicalEntry(entry);
    const found = logged.get(entryKey(entry));
    if (found) return found.text === text ? { index: found.index, appended: false } : new TransparencyEntryConflict(entry.kind, entry.matchId, found.index);
    const index = frontier.size;
    const leaf = entryLeafHash(entry);
    const next = appendLeaf(frontier, leaf);
    frontier = next.frontier;
    nodes.push(...next.nodes);
    entryRows.push([index, entry.kind, entry.matchId, text, hexHash(leaf), new Date(now)]);
    logged.set(entryKey(entry), { index, text });
    return { index, appended: true };
  });
  if (entryRows.length === 0) return ok({ entries: outcomes, head: null, frontier: null });
  yield {
    sql: `INSERT INTO "TransparencyEntry" ("index", "kind", "matchId", "entry", "leafHash", "createdAt") VALUES ${entryRows.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")}`,
    params: entryRows.flat(),
  };
  yield {
    sql: `INSERT INTO "TransparencyNode" ("level", "index", "hash") VALUES ${nodes.map(() => "(?, ?, ?)").join(", ")}`,
    params: nodes.flatMap((node) => [node.level, node.index, hexHash(node.hash)]),
  };
  // A head of more entries never has an earlier timestamp than one of fewer, whatever this node's clock says.
  const timestamp = Math.max(now, last ? Number(last.timestamp) : 0);
  const head = signer.signTreeHead({ treeSize: frontier.size, rootHash: hexHash(frontierRoot(frontier)), timestamp });
  yield {
    sql: `INSERT INTO "TransparencyHead" ("treeSize", "rootHash", "timestamp", "signature") VALUES (?, ?, ?, ?)`,
    params: [head.treeSize, head.rootHash, BigInt(head.timestamp), head.signature],
  };
  return ok({ entries: outcomes, head, frontier });
}

interface Waiting {
  readonly entry: LogEntry;
  readonly resolve: (appended: Appended) => void;
  readonly reject: (error: unknown) => void;
}

function headOf(row: { treeSize: number; rootHash: string; timestamp: bigint | number; signature: string }): SignedTreeHead {
  return { treeSize: row.treeSize, rootHash: row.rootHash, timestamp: Number(row.timestamp), signature: row.signature };
}

function parsedEntry(text: string): LogEntry {
  const parsed = parseEntry(JSON.parse(text));
  if (!parsed.ok) throw new Error(`transparency log: a stored entry is not an entry (${parsed.issue ?? parsed.reason})`);
  return parsed.entry;
}

export class TransparencyLog {
  /** The frontier after the last append this instance committed: used when the stored log has not moved since. */
  #frontier: MerkleFrontier | null = null;
  /** Appends not yet in a transaction, and whether a flush is taking them. */
  readonly #waiting: Waiting[] = [];
  #flushing = false;

  constructor(
    private readonly db: Db,
    private readonly signer: TreeHeadSigner,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Appends the entry (or finds it logged already); see the module comment. Appends that arrive while one transaction
   * runs wait and go together in the next one (group commit: one lock, a few statements and one signature for the lot),
   * so the cost per entry falls as the load rises, and one entry alone waits for nothing.
   */
  append(entry: LogEntry): Promise<Appended> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ entry, resolve, reject });
      if (!this.#flushing) void this.#flush();
    });
  }

  /** Runs batches until none waits; the flag drops in the same step as the last check, so no append is left behind. */
  async #flush(): Promise<void> {
    this.#flushing = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, MAX_BATCH);
      const cached = this.#frontier;
      try {
        const result = await writePlan(this.db, (dialect) => appendBatchPlan(dialect, batch.map((waiting) => waiting.entry), cached, this.signer, this.now()));
        if (!result.ok) throw new Error("unreachable");
        const { entries, head, frontier } = result.value;
        // Kept only once committed, and only if no later append of this instance committed first.
        if (frontier && (this.#frontier === null || this.#frontier.size < frontier.size)) this.#frontier = frontier;
        batch.forEach((waiting, i) => {
          const outcome = entries[i]!;
          if (outcome instanceof TransparencyEntryConflict) waiting.reject(outcome);
          else waiting.resolve({ ...outcome, head: outcome.appended ? head : null });
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#flushing = false;
  }

  /** The head of the log's current size; null while the log is empty. */
  async latestHead(): Promise<SignedTreeHead | null> {
    const row = await this.db.prisma.transparencyHead.findFirst({ orderBy: { treeSize: "desc" } });
    return row ? headOf(row) : null;
  }

  /** The head signed for `treeSize` entries, or null. */
  async head(treeSize: number): Promise<SignedTreeHead | null> {
    if (!Number.isSafeInteger(treeSize) || treeSize < 1 || treeSize > 2 ** 31 - 1) return null;
    const row = await this.db.prisma.transparencyHead.findUnique({ where: { treeSize } });
    return row ? headOf(row) : null;
  }

  /** The match's entries, in log order. */
  async entriesFor(matchId: string): Promise<LoggedEntry[]> {
    const rows = await this.db.prisma.transparencyEntry.findMany({ where: { matchId }, orderBy: { index: "asc" } });
    return rows.map((row) => ({ index: row.index, entry: parsedEntry(row.entry), text: row.entry, leafHash: row.leafHash, createdAt: row.createdAt }));
  }

  /** Entries `start` to `start + count - 1` (fewer at the log's end), in index order, as stored: a monitor's audit. */
  async entries(start: number, count: number): Promise<{ readonly index: number; readonly entry: LogEntry }[]> {
    const rows = await this.db.prisma.transparencyEntry.findMany({ where: { index: { gte: start, lt: start + count } }, orderBy: { index: "asc" }, select: { index: true, entry: true } });
    return rows.map((row) => ({ index: row.index, entry: parsedEntry(row.entry) }));
  }

  /** The proof that the match's entry of `kind` is in the head of `treeSize` (default: the latest head). */
  async inclusionProof(matchId: string, kind: EntryKind, treeSize?: number): Promise<Result<InclusionProof, ProofError>> {
    const row = await this.db.prisma.transparencyEntry.findUnique({ where: { kind_matchId: { kind, matchId } } });
    if (!row) return err("ERR_NOT_LOGGED");
    const head = treeSize === undefined ? await this.latestHead() : await this.head(treeSize);
    if (!head) return err("ERR_NO_HEAD");
    if (row.index >= head.treeSize) return err("ERR_NOT_IN_HEAD");
    const plan = inclusionPlan(row.index, head.treeSize);
    if (!plan.ok) throw new Error(`transparency log: no inclusion plan for ${row.index} in ${head.treeSize} (${plan.reason})`);
    return ok({ entry: parsedEntry(row.entry), index: row.index, head, proof: await this.#assemble(plan.plan) });
  }

  /** The proof that the head of `from` entries is a prefix of the head of `to` (both signed; `from` may be 0). */
  async consistencyProof(from: number, to: number): Promise<Result<ConsistencyProof, ProofError>> {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0) return err("ERR_NO_HEAD");
    if (from > to) return err("ERR_SIZES");
    const [older, newer] = await Promise.all([from === 0 ? Promise.resolve(null) : this.head(from), this.head(to)]);
    if (!newer || (from > 0 && !older)) return err("ERR_NO_HEAD");
    const plan = consistencyPlan(from, to);
    if (!plan.ok) throw new Error(`transparency log: no consistency plan from ${from} to ${to} (${plan.reason})`);
    return ok({ from: older, to: newer, proof: await this.#assemble(plan.plan) });
  }

  /** The proof a plan names, from its nodes fetched in one query. */
  async #assemble(plan: readonly ProofElementPlan[]): Promise<string[]> {
    const addresses = planAddresses(plan);
    const rows = addresses.length === 0 ? [] : await this.db.prisma.transparencyNode.findMany({ where: { OR: addresses.map(({ level, index }) => ({ level, index })) } });
    const proof = assembleProof(plan, lookupOf(rows.map((row) => ({ level: row.level, index: row.index, hash: hexToBytes(row.hash) }))));
    if (!proof.ok) throw new Error(`transparency log: a proof's node is missing (${proof.reason} ${proof.level ?? ""}/${proof.index ?? ""})`);
    return proof.proof.map(hexHash);
  }
}
