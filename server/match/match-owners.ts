/**
 * Which node owes each match what it owes by itself: the node that wrote its latest event. That node settled the
 * match after the write, armed its flag timer and — against the computer — is the one thinking about the computer's
 * move (its ComputerDriver hears its own service's events). If it dies, it is that node's matches, and only those,
 * that a survivor must recover: the fault run saw every survivor, and every node booting, recover all 24 unfinished
 * matches of the database one by one (18.6 s), those live on another node included.
 *
 * One Redis hash per deployment, `<prefix>:match-owner`: match id → node id, written (without waiting) with every
 * event the node publishes, and claimed by a node that recovers a match (taken over atomically from a lost node, so
 * that one survivor, not every one, recovers each). Entries of matches that are over are
 * removed when a recovery pass reads them (at boot and at each lost node). Without Redis there is one node, and it
 * owns everything.
 *
 * @example
 *   const owners = new MatchOwners(redis, prefix, nodeId);
 *   publish: (message) => { owners.note(message.matchId); … }
 *   const theirs = await owners.takeOver(lostNode, unfinished); // the lost node's unfinished matches, now ours
 *   const orphans = await owners.notOwnedBy(live, unfinished);  // those whose owner is not alive (or unknown)
 */
import type { RedisClientType } from "redis";

type OwnersRedis = Pick<RedisClientType, "hSet" | "hDel" | "hGetAll" | "eval" | "isReady">;

// KEYS[1]: the hash; ARGV: the lost node, the new owner, then match ids. Takes each match still owned by the lost
// node, so that of several survivors exactly one recovers it; returns the ids taken.
const TAKE_OVER = `
local taken = {}
for i = 3, #ARGV do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[1] then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[2])
    table.insert(taken, ARGV[i])
  end
end
return taken`;

export class MatchOwners {
  readonly #redis: OwnersRedis;
  readonly #key: string;
  readonly #nodeId: string;

  constructor(redis: OwnersRedis, prefix: string, nodeId: string) {
    this.#redis = redis;
    this.#key = `${prefix}:match-owner`;
    this.#nodeId = nodeId;
  }

  /** This node just wrote an event of the match. A lost write only widens the next recovery, never narrows a live one. */
  note(matchId: string): void {
    if (this.#redis.isReady) void this.#redis.hSet(this.#key, matchId, this.#nodeId).catch(() => {});
  }

  /** This node recovered these matches: they are its own now (and not recovered again at another node's boot). */
  async claim(matchIds: readonly string[]): Promise<void> {
    if (matchIds.length === 0 || !this.#redis.isReady) return;
    await this.#redis.hSet(this.#key, Object.fromEntries(matchIds.map((id) => [id, this.#nodeId])));
  }

  /**
   * Of the unfinished matches, those whose latest event the lost `node` wrote, made this node's (the pass for a lost
   * node): another survivor running the same pass takes none of them.
   */
  async takeOver(node: string, unfinished: readonly string[]): Promise<string[]> {
    const owners = await this.#read(unfinished);
    const theirs = unfinished.filter((matchId) => owners.get(matchId) === node);
    if (theirs.length === 0) return [];
    return (await this.#redis.eval(TAKE_OVER, { keys: [this.#key], arguments: [node, this.#nodeId, ...theirs] })) as string[];
  }

  /** Of the unfinished matches, those no node in `live` owns: their owner is gone, or none was noted (the boot's pass). */
  async notOwnedBy(live: ReadonlySet<string>, unfinished: readonly string[]): Promise<string[]> {
    const owners = await this.#read(unfinished);
    return unfinished.filter((matchId) => {
      const owner = owners.get(matchId);
      return owner === undefined || !live.has(owner);
    });
  }

  /** Every owner noted; the entries of matches no longer unfinished are removed on the way (they owe nothing now). */
  async #read(unfinished: readonly string[]): Promise<Map<string, string>> {
    const all = new Map(Object.entries(await this.#redis.hGetAll(this.#key)));
    const open = new Set(unfinished);
    const over = [...all.keys()].filter((matchId) => !open.has(matchId));
    if (over.length > 0) await this.#redis.hDel(this.#key, over).catch(() => {});
    return all;
  }
}
