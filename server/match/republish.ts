/**
 * Redis restarts: the last event this node published for each match, sent again once Redis is back.
 *
 * Through the Socket.IO Redis adapter a broadcast is written to the Redis stream first and only then delivered, on
 * every node, this one included. While Redis is down node-redis queues the writes and sends them on reconnecting, but
 * a write in flight when the connection broke fails, and that event reaches nobody but its sender (who has it in the
 * command's answer): the opponent would wait forever for a move that was made. So each node remembers the latest event
 * it published per match (a bounded map, oldest dropped first) and, when its Redis connection is ready again,
 * publishes each once more. Clients drop a version they already hold and resync on one beyond the next
 * (lib/sync/match-sync.ts), so a repeat is harmless and a gap heals.
 *
 * @example
 *   const latest = new LatestEvents();
 *   publish: (message) => { latest.note(message); io.to(room).emit("match:event", message); }
 *   redis.on("ready", () => latest.republish((message) => io.to(`match:${message.matchId}`).emit("match:event", message)));
 */
import type { MatchEventMessage } from "@/lib/protocol";

export class LatestEvents {
  readonly #latest = new Map<string, MatchEventMessage>();

  constructor(private readonly limit = 10_000) {}

  note(message: MatchEventMessage): void {
    const held = this.#latest.get(message.matchId);
    if (held && held.version > message.version) return;
    this.#latest.delete(message.matchId);
    this.#latest.set(message.matchId, message);
    if (this.#latest.size > this.limit) {
      const oldest = this.#latest.keys().next().value;
      if (oldest !== undefined) this.#latest.delete(oldest);
    }
  }

  /** Sends every remembered event again, oldest first; returns how many. */
  republish(send: (message: MatchEventMessage) => void): number {
    for (const message of this.#latest.values()) send(message);
    return this.#latest.size;
  }

  get size(): number {
    return this.#latest.size;
  }
}
