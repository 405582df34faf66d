/**
 * Scale-out: who is connected where. The Socket.IO Redis adapter already carries every match event to every node's
 * sockets, and each node checks its cached matches against the shared database (MatchService `sharedDatabase`); what
 * the nodes still tell each other (`io.serverSideEmit`) is presence, for the connection lights and the abandonment
 * clock:
 *
 * - `presence:change` — a user's first socket opened or last socket closed on a node.
 * - `presence:report` — every few seconds, and when asked with `presence:hello`, each node's full list of connected
 *   users. A node that stops reporting (it crashed) is forgotten after three periods and its users count as away
 *   from then; `onNodeLost` is told, and the node recovers the unfinished matches (server/match/recovery.ts).
 *
 * Silence only means a node is gone while this node's own link to Redis is up: during a Redis outage every node
 * hears nothing from every other, and each "recovering" the others' live matches was seen in an attack run. So no
 * node is declared lost while `linked()` is false, nor until three periods after it comes back (time for the others'
 * reports to arrive again; a hello asks for them at once).
 *
 * @example
 *   const link = attachPresenceLink({ io, presence, nodeId: randomUUID() });
 *   link.close(); // on shutdown
 */
import type { GameServer } from "./socket-types";
import type { Presence } from "./presence";


export interface PresenceLinkOptions {
  readonly io: GameServer;
  readonly presence: Presence;
  readonly nodeId: string;
  readonly reportEveryMs?: number;
  readonly now?: () => number;
  /**
   * A node stopped reporting (it crashed, or its machine is gone). What its matches owed by themselves when it died (an
   * opening roll, a forced pass, the reveal) nobody writes until a command comes, and the players are waiting for
   * exactly that: the surviving nodes recover the unfinished matches, as a restarted node would.
   */
  readonly onNodeLost?: (node: string) => void;
  /** Whether this node's Redis connection is up now (default: always). */
  readonly linked?: () => boolean;
}

export interface PresenceLink {
  close(): void;
}

export function attachPresenceLink(options: PresenceLinkOptions): PresenceLink {
  const { io, presence, nodeId } = options;
  const now = options.now ?? Date.now;
  const every = options.reportEveryMs ?? 5000;
  const report = () => io.serverSideEmit("presence:report", { node: nodeId, users: presence.localUsers() });

  presence.onLocalChange((userId, connected, at) => io.serverSideEmit("presence:change", { node: nodeId, userId, connected, at }));
  io.on("presence:change", ({ node, userId, connected, at }) => presence.remoteChange(node, userId, connected, at, now()));
  io.on("presence:report", ({ node, users }) => presence.remoteReport(node, users, now()));
  io.on("presence:hello", () => report());

  io.serverSideEmit("presence:hello", nodeId);
  const linked = options.linked ?? (() => true);
  let deafUntil = 0;
  let wasLinked = true;
  const timer = setInterval(() => {
    const up = linked();
    if (!up || !wasLinked) deafUntil = now() + 3 * every;
    if (up && !wasLinked) io.serverSideEmit("presence:hello", nodeId);
    wasLinked = up;
    if (!up) return;
    report();
    // Reports missed while deaf were not the other nodes' fault: count their silence from when we could hear again.
    if (now() < deafUntil) return;
    for (const lost of presence.expireNodes(now() - 3 * every, now())) options.onNodeLost?.(lost);
  }, every);
  timer.unref();

  return { close: () => clearInterval(timer) };
}
