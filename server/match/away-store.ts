/**
 * The away clocks of a cluster, kept in Redis so that a restart does not lose them: after one, presence knew nobody
 * as away (issue 47 item 1) — an opponent who had waited four minutes of the five before claiming an abandoned match
 * had to wait five more, and the away marks showed the restart's time. One sorted set per deployment,
 * `<prefix>:away`: user id scored by when they went away, written (without waiting) as each node's Presence starts
 * or stops a clock, read back once when a node starts. Entries older than `keepMs` are dropped then: past the
 * abandonment limit the exact start matters no more.
 *
 * Without Redis, a single node on SQLite keeps them in a file beside its database instead (away-file.ts).
 *
 * @example
 *   const away = new AwayStore(redis, prefix);
 *   presence.restoreAway(await away.load(Date.now()));
 *   away.attach(presence);
 */
import type { RedisClientType } from "redis";
import type { Presence } from "./presence";

type AwayRedis = Pick<RedisClientType, "zAdd" | "zRem" | "zRangeWithScores" | "zRemRangeByScore" | "isReady">;

export class AwayStore {
  readonly #redis: AwayRedis;
  readonly #key: string;
  readonly #keepMs: number;

  constructor(redis: AwayRedis, prefix: string, keepMs = 24 * 60 * 60_000) {
    this.#redis = redis;
    this.#key = `${prefix}:away`;
    this.#keepMs = keepMs;
  }

  /** Keeps every clock `presence` starts or stops from now on. */
  attach(presence: Pick<Presence, "onAwayChange">): void {
    presence.onAwayChange((userId, since) => {
      if (!this.#redis.isReady) return;
      const written = since === null ? this.#redis.zRem(this.#key, userId) : this.#redis.zAdd(this.#key, { score: since, value: userId });
      void written.catch(() => {});
    });
  }

  /** The clocks kept, user → when they went away (those older than `keepMs` dropped). */
  async load(now: number): Promise<[string, number][]> {
    if (!this.#redis.isReady) return [];
    await this.#redis.zRemRangeByScore(this.#key, "-inf", now - this.#keepMs);
    return (await this.#redis.zRangeWithScores(this.#key, 0, -1)).map(({ value, score }) => [String(value), score]);
  }
}
