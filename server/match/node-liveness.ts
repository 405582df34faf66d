/**
 * Which nodes of the cluster are alive right now, as Redis itself knows it: each node gives all its Redis connections
 * one name (`connectionName`), and a process that dies — kill -9, an out-of-memory kill, a crash —
 * has its connections closed by the kernel at once, so its name leaves `CLIENT LIST` within milliseconds. Silence on
 * the presence link takes three report periods (15 s in production) to mean the same; the fault run saw reconnecting
 * players refused, and a queued player paired with a dead node's entry, in that window.
 *
 * A node counts as alive while any of its connections is listed, so one of them reconnecting does not make it dead.
 * A machine that vanishes without closing its connections (power cut, a network partition) stays listed until Redis
 * times the connection out: the presence link's loss detection still covers that case. And the answer is only ever
 * used to free what a dead node held early — never to treat a listed node as gone — so a wrong "alive" only costs the
 * wait there was before. `live()` is null when it cannot be known (Redis down, or CLIENT refused by an ACL): callers
 * then keep what they had.
 *
 * @example
 *   const client = redis.duplicate({ name: NodeLiveness.connectionName(prefix, nodeId) });
 *   const liveness = new NodeLiveness(client, prefix);
 *   (await liveness.live())?.has(otherNode);  // false: its process is gone
 */
import type { RedisClientType } from "redis";

type LivenessRedis = Pick<RedisClientType, "sendCommand" | "isReady">;

export class NodeLiveness {
  readonly #redis: LivenessRedis;
  readonly #namePrefix: string;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  /**
   * The answer on its way, or the last one while younger than `maxAgeMs`: a flood of refused sockets shares one
   * question at a time. Not longer by default — an answer from before a kill would pair a player with the dead.
   */
  #last: { at: number; settled: boolean; answer: Promise<ReadonlySet<string> | null> } | null = null;

  /** The name a node's connection carries (no spaces: CLIENT SETNAME refuses them). */
  static connectionName(prefix: string, nodeId: string): string {
    return `${prefix}:node:${nodeId}`.replace(/\s/g, "_");
  }

  constructor(redis: LivenessRedis, prefix: string, options: { maxAgeMs?: number; now?: () => number } = {}) {
    this.#redis = redis;
    this.#namePrefix = NodeLiveness.connectionName(prefix, "");
    this.#maxAgeMs = options.maxAgeMs ?? 0;
    this.#now = options.now ?? Date.now;
  }

  /** The ids of the nodes with a named connection open to Redis now, or null when that cannot be known. */
  live(): Promise<ReadonlySet<string> | null> {
    const now = this.#now();
    if (this.#last && (!this.#last.settled || now - this.#last.at < this.#maxAgeMs)) return this.#last.answer;
    const last = { at: now, settled: false, answer: this.#ask() };
    void last.answer.finally(() => (last.settled = true));
    this.#last = last;
    return last.answer;
  }

  async #ask(): Promise<ReadonlySet<string> | null> {
    if (!this.#redis.isReady) return null;
    try {
      const list = String(await this.#redis.sendCommand(["CLIENT", "LIST", "TYPE", "normal"]));
      const nodes = new Set<string>();
      for (const match of list.matchAll(/(?:^| )name=(\S*)/gm)) {
        const name = match[1] ?? "";
        if (name.startsWith(this.#namePrefix)) nodes.add(name.slice(this.#namePrefix.length));
      }
      return nodes;
    } catch {
      return null;
    }
  }
}
