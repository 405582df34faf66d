/**
 * Who is connected, for the opponent-status light and the abandonment clock. A player counts as connected while any
 * socket of theirs is open on this node; when the last one closes, the time is noted. After a restart nobody has been
 * seen, so everyone counts as away since the start: an opponent must wait the full limit again before claiming.
 */
export class Presence {
  readonly #sockets = new Map<string, Set<string>>();
  readonly #awaySince = new Map<string, number>();
  readonly #startedAt: number;

  constructor(now: number) {
    this.#startedAt = now;
  }

  connect(userId: string, socketId: string): void {
    let sockets = this.#sockets.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.#sockets.set(userId, sockets);
    }
    sockets.add(socketId);
    this.#awaySince.delete(userId);
  }

  /** True when this was the user's last socket. */
  disconnect(userId: string, socketId: string, now: number): boolean {
    const sockets = this.#sockets.get(userId);
    if (!sockets) return false;
    sockets.delete(socketId);
    if (sockets.size > 0) return false;
    this.#sockets.delete(userId);
    this.#awaySince.set(userId, now);
    return true;
  }

  isConnected(userId: string): boolean {
    return this.#sockets.has(userId);
  }

  /** When the user went away (ms since the epoch); null while connected. */
  awaySince(userId: string): number | null {
    if (this.isConnected(userId)) return null;
    return this.#awaySince.get(userId) ?? this.#startedAt;
  }
}
