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
 * - `presence:bye` — a node shutting down (SIGTERM) has closed its sockets and finished what it was doing: the others
 *   take its matches over at once (`onNodeLost`), rather than after three silent periods (the fault run saw a drained
 *   node's match wait 22.5 s for its end).
 *
 * Three silent periods (15 s in production) is also long to wait for a node that was killed: its players reconnect
 * elsewhere within a second, and what its matches owed by themselves waits. So with `liveness` (node-liveness.ts) a
 * node that has missed one report and whose Redis connection is gone — its process died — is lost at once; a machine
 * gone without closing its connections is still found by its silence.
 *
 * Silence only means a node is gone while this node's own link to Redis is up: during a Redis outage every node
 * hears nothing from every other, and each "recovering" the others' live matches was seen in an attack run. So no
 * node is declared lost while `linked()` is false, nor until three periods after it comes back (time for the others'
 * reports to arrive again; a hello asks for them at once).
 *
 * @example
 *   const link = attachPresenceLink({ io, presence, nodeId: randomUUID() });
 *   link.leave(); // on shutdown, once this node's sockets are closed and its commands done
 */
import type { GameServer } from "@/server/socket/socket-types";
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
  /** The nodes whose processes are alive now (null: not known), to tell a dead node from a slow one sooner. */
  readonly liveness?: () => Promise<ReadonlySet<string> | null>;
}

export interface PresenceLink {
  close(): void;
  /** Stops reporting and tells the others this node is gone: they take its matches over now. */
  leave(): void;
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
  io.on("presence:bye", (node) => {
    presence.forgetNode(node, now());
    options.onNodeLost?.(node);
  });

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
    void checkLiveness();
  }, every);
  timer.unref();

  let checking = false;
  const checkLiveness = async () => {
    const late = presence.remoteNodes().filter(({ seenAt }) => seenAt < now() - 1.5 * every);
    if (!options.liveness || late.length === 0 || checking) return;
    checking = true;
    try {
      const live = await options.liveness();
      if (!live || !linked()) return;
      for (const { node } of late) {
        if (live.has(node) || !presence.remoteNodes().some((known) => known.node === node)) continue;
        presence.forgetNode(node, now());
        options.onNodeLost?.(node);
      }
    } finally {
      checking = false;
    }
  };

  return {
    close: () => clearInterval(timer),
    leave: () => {
      clearInterval(timer);
      io.serverSideEmit("presence:bye", nodeId);
    },
  };
}
