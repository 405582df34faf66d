/**
 * Who is connected, for the opponent-status light and the abandonment clock. A player counts as connected while any
 * socket of theirs is open — on this node, or on another node of a scaled-out deployment (those report through
 * server/match/presence-link.ts). When the last one closes, the time is noted. After a restart nobody has been seen, so
 * everyone counts as away since the start — unless the time was kept: in a cluster every away clock's start is kept
 * in Redis (server/match/away-store.ts, told through `onAwayChange`) and handed back with `restoreAway`, so that a
 * restart neither resets an opponent's wait before claiming nor shows an away mark from the wrong time.
 *
 * @example
 *   const presence = new Presence(Date.now());
 *   presence.connect("user-1", "socket-a");            // true: the user's first socket on this node
 *   presence.disconnect("user-1", "socket-a", now);    // true: their last one; away since `now`
 *   presence.awaySince("user-1");                      // now
 */
export type PresenceListener = (userId: string, connected: boolean, at: number) => void;
/** A user's away clock started at `since`, or (null) stopped: they are connected. */
export type AwayListener = (userId: string, since: number | null) => void;

export class Presence {
  readonly #sockets = new Map<string, Set<string>>();
  readonly #awaySince = new Map<string, number>();
  /** Other nodes: node id → the users connected there, and when the node last reported. */
  readonly #remote = new Map<string, { users: Set<string>; seenAt: number }>();
  readonly #listeners: PresenceListener[] = [];
  readonly #awayListeners: AwayListener[] = [];
  readonly #startedAt: number;

  constructor(now: number) {
    this.#startedAt = now;
  }

  /** Hears a user's first socket opening and last socket closing on this node (the cluster link tells the others). */
  onLocalChange(listener: PresenceListener): void {
    this.#listeners.push(listener);
  }

  /** Hears every away clock start and stop (to keep them across a restart). */
  onAwayChange(listener: AwayListener): void {
    this.#awayListeners.push(listener);
  }

  /**
   * Away clocks kept from before this node started (user → when they went away): each one is taken for a user not
   * connected now and not already known as away here.
   */
  restoreAway(entries: Iterable<readonly [string, number]>): void {
    for (const [userId, since] of entries) if (!this.isConnected(userId) && !this.#awaySince.has(userId)) this.#awaySince.set(userId, since);
  }

  #setAway(userId: string, since: number): void {
    this.#awaySince.set(userId, since);
    for (const listener of this.#awayListeners) listener(userId, since);
  }

  #clearAway(userId: string): void {
    if (!this.#awaySince.delete(userId)) return;
    for (const listener of this.#awayListeners) listener(userId, null);
  }

  /** True when this is the user's first socket on this node. */
  connect(userId: string, socketId: string, now = Date.now()): boolean {
    let sockets = this.#sockets.get(userId);
    const first = !sockets;
    if (!sockets) {
      sockets = new Set();
      this.#sockets.set(userId, sockets);
    }
    sockets.add(socketId);
    this.#clearAway(userId);
    if (first) for (const listener of this.#listeners) listener(userId, true, now);
    return first;
  }

  /** True when this was the user's last socket on this node. */
  disconnect(userId: string, socketId: string, now: number): boolean {
    const sockets = this.#sockets.get(userId);
    if (!sockets) return false;
    sockets.delete(socketId);
    if (sockets.size > 0) return false;
    this.#sockets.delete(userId);
    if (!this.isConnected(userId)) this.#setAway(userId, now);
    for (const listener of this.#listeners) listener(userId, false, now);
    return true;
  }

  isConnected(userId: string): boolean {
    if (this.#sockets.has(userId)) return true;
    for (const node of this.#remote.values()) if (node.users.has(userId)) return true;
    return false;
  }

  /** When the user went away (ms since the epoch); null while connected. */
  awaySince(userId: string): number | null {
    if (this.isConnected(userId)) return null;
    return this.#awaySince.get(userId) ?? this.#startedAt;
  }

  /** Everyone connected now, on this node or another (the lobby's "online now"). */
  onlineUsers(): string[] {
    const users = new Set(this.#sockets.keys());
    for (const node of this.#remote.values()) for (const userId of node.users) users.add(userId);
    return [...users];
  }

  /** The users with a socket on this node (what this node reports to the others). */
  localUsers(): string[] {
    return [...this.#sockets.keys()];
  }

  /** Another node's full report: the users connected there now. */
  remoteReport(node: string, users: readonly string[], now: number): void {
    const previous = this.#remote.get(node)?.users ?? new Set<string>();
    this.#remote.set(node, { users: new Set(users), seenAt: now });
    // Connected there: a clock kept from before (a restart, a missed change) no longer runs.
    for (const userId of users) this.#clearAway(userId);
    for (const userId of previous) this.#markAwayIfGone(userId, now);
  }

  /** Another node saw a user's first socket open or last socket close. */
  remoteChange(node: string, userId: string, connected: boolean, at: number, now: number): void {
    let entry = this.#remote.get(node);
    if (!entry) {
      entry = { users: new Set(), seenAt: now };
      this.#remote.set(node, entry);
    }
    if (connected) {
      entry.users.add(userId);
      this.#clearAway(userId);
    } else {
      entry.users.delete(userId);
      this.#markAwayIfGone(userId, at);
    }
  }

  /** Forgets the nodes not heard from since `staleBefore` (they crashed) and returns their ids; their users are away from `now`. */
  expireNodes(staleBefore: number, now: number): string[] {
    const expired: string[] = [];
    for (const [node, entry] of this.#remote) {
      if (entry.seenAt >= staleBefore) continue;
      this.#remote.delete(node);
      expired.push(node);
      for (const userId of entry.users) this.#markAwayIfGone(userId, now);
    }
    return expired;
  }

  /** The other nodes heard from, and when each last reported. */
  remoteNodes(): { node: string; seenAt: number }[] {
    return [...this.#remote].map(([node, { seenAt }]) => ({ node, seenAt }));
  }

  /** Forgets one node (it said goodbye, or it is known dead): its users are away from `now`. */
  forgetNode(node: string, now: number): void {
    const entry = this.#remote.get(node);
    if (!entry) return;
    this.#remote.delete(node);
    for (const userId of entry.users) this.#markAwayIfGone(userId, now);
  }

  /** Starts the user's away clock at `at`, unless they are connected somewhere or it is running already. */
  #markAwayIfGone(userId: string, at: number): void {
    if (!this.isConnected(userId) && !this.#awaySince.has(userId)) this.#setAway(userId, at);
  }
}
