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
 * @example
 *   const limits = new ConnectionLimits({ perUser: 10, perAddress: 50, redis, prefix: "fairgammon", nodeId });
 *   const refusal = await limits.admit(socket.id, { user: actor?.id, address });  // null, or ERR_TOO_MANY_CONNECTIONS
 *   limits.release(socket.id);                                                     // on disconnect
 */
import type { RedisClientType } from "redis";
import { err, type Failed } from "@/lib/engine/types";

export interface ConnectionCaps {
  readonly perUser: number;
  readonly perAddress: number;
}

export interface ConnectionLimitsOptions extends ConnectionCaps {
  /** A connected node-redis client of its own (the limits' keys live in the deployment's Redis), or none. */
  readonly redis?: Pick<RedisClientType, "eval" | "zAdd" | "zRem" | "pExpire" | "isReady"> | null;
  readonly prefix?: string;
  readonly nodeId: string;
  readonly ttlMs?: number;
  readonly renewMs?: number;
  readonly now?: () => number;
}

type Keys = { readonly user?: string; readonly address: string };

// KEYS: the sets to count in; ARGV: now, expiry, member, cap per key… Adds the member to every set or to none.
const ADMIT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, math.max(1, tonumber(ARGV[2]) - now))
end
return 0`;

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

  #keysOf(keys: Keys): { key: string; cap: number; refusal: Failed<"ERR_TOO_MANY_CONNECTIONS"> }[] {
    const prefix = `${this.#options.prefix ?? "fairgammon"}:sockets`;
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
      const now = this.#now();
      try {
        const over = Number(
          await redis.eval(ADMIT, {
            keys: counted.map(({ key }) => key),
            arguments: [String(now), String(now + this.#ttlMs), this.#member(socketId), ...counted.map(({ cap }) => String(cap))],
          }),
        );
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

  release(socketId: string): void {
    const keys = this.#held.get(socketId);
    if (!keys) return;
    this.#held.delete(socketId);
    for (const key of keys) {
      const left = (this.#local.get(key) ?? 1) - 1;
      if (left > 0) this.#local.set(key, left);
      else this.#local.delete(key);
    }
    const redis = this.#options.redis;
    if (redis?.isReady) for (const key of keys) void redis.zRem(key, this.#member(socketId)).catch(() => {});
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
    await Promise.all(
      [...this.#held].flatMap(([socketId, keys]) =>
        keys.map(async (key) => {
          await redis.zAdd(key, { score: expiry, value: this.#member(socketId) });
          await redis.pExpire(key, this.#ttlMs);
        }),
      ).map((renewal) => renewal.catch(() => {})),
    );
  }
}
