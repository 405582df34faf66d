/**
 * How many sockets one user, and one client address, may hold open at once — across every node of a cluster. An
 * outside attack opened 100 sockets as one guest and sent 40 `lobby:create` on each: the per-socket command limit
 * (rate-limit.ts) multiplied by the sockets, and /api/health took seconds to answer. A person needs a few tabs; a
 * household or an office behind one address needs more, hence a separate, larger cap per address.
 *
 * With Redis (a cluster), each key is a sorted set of `node:socket` members scored by an expiry time: admitting is
 * one Lua script (drop expired members, count, add if under the cap) so two nodes cannot both let the last one in;
 * every node renews its own sockets' expiry every `renewMs`, so a node that dies stops holding its sockets' places
 * after `ttlMs`. If Redis does not answer, the node counts its own sockets in memory meanwhile (never refusing
 * everyone, never letting one user past the cap on this node). Without Redis, the memory count is the whole truth.
 *
 * `ttlMs` alone was too slow: after a `kill -9` the players reconnecting to a survivor counted twice — their dead
 * sockets still held their places — hit the cap and, as Socket.IO never retries after a middleware refusal, stayed
 * offline (3 of 24 matches in a fault run). So each node also keeps an index of the keys it holds places in
 * (`<prefix>:sockets:node:<id>`), and its places go at once: when a socket would be refused, the owners of the places
 * in its way are checked against Redis's own list of live connections (node-liveness.ts), and a dead node's places
 * are dropped before counting again; and `dropNode` drops them when the presence link declares a node lost (a
 * machine gone without closing its connections). Places of nodes without an index (an older version during a rolling
 * upgrade) are left to their expiry.
 *
 * @example
 *   const limits = new ConnectionLimits({ perUser: 10, perAddress: 50, redis, prefix: "fairgammon", nodeId });
 *   const refusal = await limits.admit(socket.id, { user: actor?.id, address });  // null, or ERR_TOO_MANY_CONNECTIONS
 *   limits.release(socket.id);                                                     // on disconnect
 */
import type { RedisClientType } from "redis";
import { err, type Failed } from "@/lib/engine/types";
import type { NodeLiveness } from "@/server/match/node-liveness";

export interface ConnectionCaps {
  readonly perUser: number;
  readonly perAddress: number;
}

export interface ConnectionLimitsOptions extends ConnectionCaps {
  /** A connected node-redis client of its own (the limits' keys live in the deployment's Redis), or none. */
  readonly redis?: Pick<RedisClientType, "eval" | "zAdd" | "zRem" | "sAdd" | "sRem" | "sMembers" | "pExpire" | "isReady"> | null;
  /** Who is alive now, to free a dead node's places the moment they stand in a reconnecting player's way. */
  readonly liveness?: Pick<NodeLiveness, "live"> | null;
  readonly prefix?: string;
  readonly nodeId: string;
  readonly ttlMs?: number;
  readonly renewMs?: number;
  readonly now?: () => number;
}

type Keys = { readonly user?: string; readonly address: string };

// KEYS: this node's index, then the sets to count in; ARGV: now, expiry, member, cap per set… Adds the member to
// every set or to none, and every set it went into to the index (kept as long as the places).
const ADMIT = `
local now = tonumber(ARGV[1])
local ttl = math.max(1, tonumber(ARGV[2]) - now)
for i = 2, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[2 + i]) then return i - 1 end
end
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[i], ttl)
  redis.call('SADD', KEYS[1], KEYS[i])
end
redis.call('PEXPIRE', KEYS[1], ttl)
return 0`;

// KEYS: the sets a refused socket would count in; ARGV: the index keys' prefix, this node, then every live node. The
// other nodes holding places there that are not live but have an index (so they name their connection, and their
// absence from the list means they are gone).
const DEAD_OWNERS = `
local live = {}
for i = 2, #ARGV do live[ARGV[i]] = true end
local dead, seen = {}, {}
for _, key in ipairs(KEYS) do
  for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local node = string.match(member, '^([^:]+):')
    if node and not live[node] and not seen[node] then
      seen[node] = true
      if redis.call('EXISTS', ARGV[1] .. node) == 1 then table.insert(dead, node) end
    end
  end
end
return dead`;

// KEYS: the node's index, then the sets it lists; ARGV: the node's member prefix ("node:"). Drops its places.
const DROP = `
local dropped = 0
for i = 2, #KEYS do
  for _, member in ipairs(redis.call('ZRANGE', KEYS[i], 0, -1)) do
    if string.sub(member, 1, #ARGV[1]) == ARGV[1] then
      redis.call('ZREM', KEYS[i], member)
      dropped = dropped + 1
    end
  end
end
redis.call('DEL', KEYS[1])
return dropped`;

export class ConnectionLimits {
  readonly #options: ConnectionLimitsOptions;
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** This node's sockets and the keys each one counts in. */
  readonly #held = new Map<string, string[]>();
  /** Local counts per key (the whole count without Redis; this node's share with it). */
  readonly #local = new Map<string, number>();
  readonly #renewal: NodeJS.Timeout | null;

  constructor(options: ConnectionLimitsOptions) {
    this.#options = options;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#renewal = options.redis ? setInterval(() => void this.#renew(), options.renewMs ?? 20_000) : null;
    this.#renewal?.unref();
  }

  get #prefix(): string {
    return `${this.#options.prefix ?? "fairgammon"}:sockets`;
  }

  #indexOf(nodeId: string): string {
    return `${this.#prefix}:node:${nodeId}`;
  }

  #keysOf(keys: Keys): { key: string; cap: number; refusal: Failed<"ERR_TOO_MANY_CONNECTIONS"> }[] {
    const prefix = this.#prefix;
    return [
      ...(keys.user ? [{ key: `${prefix}:user:${keys.user}`, cap: this.#options.perUser, refusal: err("ERR_TOO_MANY_CONNECTIONS", { reason: "account", cap: this.#options.perUser }) }] : []),
      { key: `${prefix}:address:${keys.address}`, cap: this.#options.perAddress, refusal: err("ERR_TOO_MANY_CONNECTIONS", { reason: "address", cap: this.#options.perAddress }) },
    ];
  }

  /** Takes a place for the socket, or says why not (nothing is taken then). */
  async admit(socketId: string, keys: Keys): Promise<Failed<"ERR_TOO_MANY_CONNECTIONS"> | null> {
    const counted = this.#keysOf(keys);
    const full = counted.find(({ key, cap }) => (this.#local.get(key) ?? 0) >= cap);
    if (full) return full.refusal;
    const redis = this.#options.redis;
    if (redis?.isReady) {
      try {
        let over = await this.#admitShared(socketId, counted);
        // Full: perhaps of places a dead node still holds (the reconnects after a kill -9). Freed, count again — even
        // when none was found: another socket's check may have freed them between the count and this one's.
        if (over > 0 && (await this.#dropDeadOwners(counted.map(({ key }) => key)))) over = await this.#admitShared(socketId, counted);
        const limit = counted[over - 1];
        if (limit) return limit.refusal;
      } catch {
        // Redis failed mid-way: this node's own count (checked above) holds meanwhile.
      }
    }
    this.#held.set(socketId, counted.map(({ key }) => key));
    for (const { key } of counted) this.#local.set(key, (this.#local.get(key) ?? 0) + 1);
    return null;
  }

  /** 0 when the place was taken in every set, else the (1-based) set that is full. */
  async #admitShared(socketId: string, counted: readonly { key: string; cap: number }[]): Promise<number> {
    const now = this.#now();
    return Number(
      await this.#options.redis!.eval(ADMIT, {
        keys: [this.#indexOf(this.#options.nodeId), ...counted.map(({ key }) => key)],
        arguments: [String(now), String(now + this.#ttlMs), this.#member(socketId), ...counted.map(({ cap }) => String(cap))],
      }),
    );
  }

  /** Drops the places of every node that holds some in `keys` and is gone; false when who is alive is not known. */
  async #dropDeadOwners(keys: readonly string[]): Promise<boolean> {
    const redis = this.#options.redis;
    const live = await this.#options.liveness?.live();
    if (!redis || !live) return false;
    const dead = (await redis.eval(DEAD_OWNERS, { keys: [...keys], arguments: [this.#indexOf(""), this.#options.nodeId, ...live] })) as string[];
    for (const node of dead) await this.dropNode(node);
    return true;
  }

  /** Frees every place a lost node held (the presence link declared it lost); how many. */
  async dropNode(nodeId: string): Promise<number> {
    const redis = this.#options.redis;
    if (!redis?.isReady || nodeId === this.#options.nodeId) return 0;
    const index = this.#indexOf(nodeId);
    const keys = await redis.sMembers(index);
    return Number(await redis.eval(DROP, { keys: [index, ...keys], arguments: [`${nodeId}:`] }));
  }

  release(socketId: string): void {
    const keys = this.#held.get(socketId);
    if (!keys) return;
    this.#held.delete(socketId);
    const emptied: string[] = [];
    for (const key of keys) {
      const left = (this.#local.get(key) ?? 1) - 1;
      if (left > 0) this.#local.set(key, left);
      else {
        this.#local.delete(key);
        emptied.push(key);
      }
    }
    const redis = this.#options.redis;
    if (!redis?.isReady) return;
    for (const key of keys) void redis.zRem(key, this.#member(socketId)).catch(() => {});
    // The index lists only the sets this node still holds places in (a long-lived node would otherwise list every
    // user and address it ever saw).
    if (emptied.length > 0) void redis.sRem(this.#indexOf(this.#options.nodeId), emptied).catch(() => {});
  }

  close(): void {
    if (this.#renewal) clearInterval(this.#renewal);
  }

  #member(socketId: string): string {
    return `${this.#options.nodeId}:${socketId}`;
  }

  /** Pushes this node's sockets' expiry forward (and puts back any Redis lost while it was away). */
  async #renew(): Promise<void> {
    const redis = this.#options.redis;
    if (!redis?.isReady) return;
    const expiry = this.#now() + this.#ttlMs;
    const index = this.#indexOf(this.#options.nodeId);
    await Promise.all(
      [...this.#held].flatMap(([socketId, keys]) =>
        keys.map(async (key) => {
          await redis.zAdd(key, { score: expiry, value: this.#member(socketId) });
          await redis.pExpire(key, this.#ttlMs);
          await redis.sAdd(index, key);
        }),
      ).map((renewal) => renewal.catch(() => {})),
    );
    if (this.#held.size > 0) await redis.pExpire(index, this.#ttlMs).catch(() => {});
  }
}
