/**
 * Where the matchmaking queue (matchmaking.ts) keeps who is waiting: one queue for the whole cluster, so two players
 * connected to different nodes meet. Without Redis the node is the whole cluster and the queue is a Map in memory;
 * with Redis it is one hash per deployment (`<prefix>:queue`, a field per user), which every node reads when it
 * pairs — the pairing itself stays the pure decision of lib/matchmaking.
 *
 * Redis rather than the database: the queue is seconds-long and holds nothing that must survive (a player whose node
 * restarts queues again), and every node looks at it every second. Three things make it safe to share:
 * - a pair is *claimed* atomically (a Lua script removes both entries only if both are still exactly as read), so two
 *   nodes pairing at once can never put one player in two matches: the loser of the race just looks again;
 * - each node keeps a short-lived key saying it is alive, renewed every time it looks at the queue (every second); the
 *   entries of a node whose key has lapsed (`staleAfterMs`: it died with players queued) are removed unpaired, so
 *   nobody is paired with an empty chair — and, sooner, those of a node whose Redis connection is gone (its process
 *   died: node-liveness.ts). A player queued on a node killed less than `staleAfterMs` before was paired, in a fault
 *   run, into a match nobody would play. Only nodes that say they name their connection (their alive key reads
 *   "named") are judged by it: an older node during a rolling upgrade is not taken for dead;
 * - a player leaves with their socket (disconnect, `queue:leave`), on any node.
 * While Redis is down, joining answers ERR_UNAVAILABLE and pairing waits; no one is paired twice or lost in a match.
 *
 * @example
 *   const store = redis ? new RedisQueueStore(redis, "fairgammon", nodeId) : new MemoryQueueStore();
 *   await store.put(entry);   const waiting = await store.all(now);   if (await store.claim(a, b)) startMatch(a, b);
 */
import type { RedisClientType } from "redis";
import type { QueueEntry } from "@/lib/matchmaking/pairing";
import type { NodeLiveness } from "./node-liveness";

export interface QueuedPlayer extends QueueEntry {
  /** The socket they queued from: told of the pairing, and leaving with it. */
  readonly socketId: string;
  /** The node holding that socket (its players leave the queue when it dies). */
  readonly node: string;
}

export interface QueueStore {
  /** Queues a player, replacing an entry of theirs from another tab. */
  put(entry: QueuedPlayer): Promise<void>;
  remove(userId: string): Promise<void>;
  /** Removes whoever queued from this socket. */
  removeSocket(socketId: string): Promise<void>;
  /** Everyone waiting now (the players of dead nodes dropped); says this node is alive. */
  all(): Promise<QueuedPlayer[]>;
  /** Takes both out of the queue if both are still there exactly as read; false when another node was first. */
  claim(a: QueuedPlayer, b: QueuedPlayer): Promise<boolean>;
  close(): void;
}

export class MemoryQueueStore implements QueueStore {
  readonly #entries = new Map<string, QueuedPlayer>();

  async put(entry: QueuedPlayer): Promise<void> {
    this.#entries.set(entry.userId, entry);
  }

  async remove(userId: string): Promise<void> {
    this.#entries.delete(userId);
  }

  async removeSocket(socketId: string): Promise<void> {
    for (const [userId, entry] of this.#entries) if (entry.socketId === socketId) this.#entries.delete(userId);
  }

  async all(): Promise<QueuedPlayer[]> {
    return [...this.#entries.values()];
  }

  async claim(a: QueuedPlayer, b: QueuedPlayer): Promise<boolean> {
    if (this.#entries.get(a.userId) !== a || this.#entries.get(b.userId) !== b) return false;
    this.#entries.delete(a.userId);
    this.#entries.delete(b.userId);
    return true;
  }

  close(): void {
    this.#entries.clear();
  }
}

// KEYS[1]: the hash; ARGV: userA, entryA, userB, entryB. Both fields must hold exactly what the claimer read.
const CLAIM = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] or redis.call('HGET', KEYS[1], ARGV[3]) ~= ARGV[4] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
return 1`;

type QueueRedis = Pick<RedisClientType, "hSet" | "hDel" | "hGetAll" | "eval" | "set" | "mGet" | "isReady">;

export class RedisQueueStore implements QueueStore {
  readonly #redis: QueueRedis;
  readonly #key: string;
  readonly #node: string;
  readonly #prefix: string;
  /** How long a node's alive key lasts without renewal. */
  readonly #staleAfterMs: number;
  /** The exact stored text of each entry of the last read, to claim by value. */
  readonly #serialized = new Map<QueuedPlayer, string>();

  readonly #liveness: Pick<NodeLiveness, "live"> | null;

  constructor(redis: QueueRedis, prefix: string, node: string, staleAfterMs = 5000, liveness: Pick<NodeLiveness, "live"> | null = null) {
    this.#redis = redis;
    this.#liveness = liveness;
    this.#prefix = prefix;
    this.#key = `${prefix}:queue`;
    this.#node = node;
    this.#staleAfterMs = staleAfterMs;
  }

  #ready(): void {
    if (!this.#redis.isReady) throw Object.assign(new Error("the matchmaking queue's Redis is not connected"), { unavailable: true });
  }

  async put(entry: QueuedPlayer): Promise<void> {
    this.#ready();
    await this.#redis.hSet(this.#key, entry.userId, JSON.stringify(entry));
  }

  async remove(userId: string): Promise<void> {
    if (this.#redis.isReady) await this.#redis.hDel(this.#key, userId);
  }

  async removeSocket(socketId: string): Promise<void> {
    if (!this.#redis.isReady) return;
    const gone = (await this.#read()).filter(({ entry }) => entry.socketId === socketId).map(({ entry }) => entry.userId);
    if (gone.length > 0) await this.#redis.hDel(this.#key, gone);
  }

  async all(): Promise<QueuedPlayer[]> {
    this.#ready();
    await this.#redis.set(this.#aliveKey(this.#node), this.#liveness ? "named" : "1", { PX: this.#staleAfterMs });
    const entries = (await this.#read()).map(({ entry }) => entry);
    const others = [...new Set(entries.map((entry) => entry.node).filter((node) => node !== this.#node))];
    const alive = others.length > 0 ? await this.#redis.mGet(others.map((node) => this.#aliveKey(node))) : [];
    const live = alive.includes("named") ? await this.#liveness?.live() : null;
    const dead = new Set(others.filter((node, i) => alive[i] === null || (alive[i] === "named" && live && !live.has(node))));
    const gone = entries.filter((entry) => dead.has(entry.node)).map((entry) => entry.userId);
    if (gone.length > 0) await this.#redis.hDel(this.#key, gone);
    return entries.filter((entry) => !dead.has(entry.node));
  }

  #aliveKey(node: string): string {
    return `${this.#prefix}:queue-node:${node}`;
  }

  async claim(a: QueuedPlayer, b: QueuedPlayer): Promise<boolean> {
    this.#ready();
    const [rawA, rawB] = [this.#serialized.get(a), this.#serialized.get(b)];
    if (rawA === undefined || rawB === undefined) return false;
    return Number(await this.#redis.eval(CLAIM, { keys: [this.#key], arguments: [a.userId, rawA, b.userId, rawB] })) === 1;
  }

  close(): void {
    this.#serialized.clear();
  }

  async #read(): Promise<{ entry: QueuedPlayer; raw: string }[]> {
    this.#serialized.clear();
    const fields = await this.#redis.hGetAll(this.#key);
    const entries: { entry: QueuedPlayer; raw: string }[] = [];
    for (const raw of Object.values(fields)) {
      try {
        entries.push({ entry: JSON.parse(raw) as QueuedPlayer, raw });
      } catch {
        // Not ours to understand: skipped (and never paired).
      }
    }
    for (const { entry, raw } of entries) this.#serialized.set(entry, raw);
    return entries;
  }
}
