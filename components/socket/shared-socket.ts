/**
 * One Socket.IO connection per page, shared by every component that opens one: the header's notice center and the
 * page's own lobby, match or tournament view ride the same connection instead of each holding one (the server caps
 * the sockets a user may hold open: components/socket/socket-client.ts, server/socket/connection-limits.ts).
 *
 * Each `acquireSocket` returns the holder's own handle on the connection, used exactly like a socket of its own:
 *
 * - `on`/`once`/`off` add and remove the holder's listeners only; `close()` (or `disconnect()`) takes them all off,
 *   and closes the connection only when its last holder closes.
 * - A "connect" listener added while the connection is already up is called once, soon after (a socket of its own
 *   would have connected then): a page's component that watches a match on "connect" still does so when the
 *   header connected first.
 * - What the holder entered on the server through `send` — a match's room, a chat channel, the matchmaking queue, a
 *   tournament's room — it leaves when it closes while others still hold the connection (a socket of its own would
 *   have left it all by closing), unless another holder entered the same.
 *
 * @example
 *   const socket = acquireSocket(protocol, connectToSite);  // a handle; the connection is made on the first
 *   socket.on("connect", watch);                            // called at once if already connected
 *   socket.close();                                         // its listeners off; the connection stays for the others
 */
import type { Socket } from "socket.io-client";
import type { ClientToServerEvents, CommandName, ServerToClientEvents } from "@/lib/protocol/protocol";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type Fn = (...args: unknown[]) => void;
type Payload = Readonly<Record<string, unknown>>;

interface Connection {
  readonly socket: ClientSocket;
  holders: number;
  /** What the holders entered on the server, by the key of the command that leaves it: how many holders did. */
  readonly entered: Map<string, number>;
}

interface Holder {
  /** What this holder entered: key → the command (and payload) that leaves it. */
  readonly entered: Map<string, readonly [CommandName, Payload]>;
  readonly connection: Connection;
}

const connections = new Map<number, Connection>();
const holders = new WeakMap<object, Holder>();

/** The commands that put the socket somewhere on the server until it closes, and the command that leaves it. */
const LEAVING: Readonly<Record<string, (payload: Payload) => readonly [CommandName, Payload]>> = {
  "match:watch": (payload) => ["match:unwatch", { matchId: payload.matchId }],
  "match:snapshot": (payload) => ["match:unwatch", { matchId: payload.matchId }],
  "match:join": (payload) => ["match:unwatch", { matchId: payload.matchId }],
  "chat:join": (payload) => ["chat:leave", { channel: payload.channel }],
  "queue:join": () => ["queue:leave", {}],
  "tournament:watch": (payload) => ["tournament:unwatch", { tournamentId: payload.tournamentId }],
};
const LEAVES = new Set<string>(Object.values(LEAVING).map((leave) => leave({})[0]));

const keyOf = (command: string, payload: Payload) => `${command} ${JSON.stringify(payload)}`;

/** How many components hold the page's connection for this protocol version (0: none is open). */
export function socketHolders(protocol: number): number {
  return connections.get(protocol)?.holders ?? 0;
}

/** Called by `send` before a command goes out on `socket`: remembers what a holder enters, and forgets what it leaves. */
export function noteCommand(socket: ClientSocket, command: CommandName, payload: unknown): void {
  const holder = holders.get(socket);
  if (!holder || typeof payload !== "object" || payload === null) return;
  const leaving = LEAVING[command];
  if (leaving) {
    const [leave, leavePayload] = leaving(payload as Payload);
    const key = keyOf(leave, leavePayload);
    if (holder.entered.has(key)) return;
    holder.entered.set(key, [leave, leavePayload]);
    holder.connection.entered.set(key, (holder.connection.entered.get(key) ?? 0) + 1);
  } else if (LEAVES.has(command)) {
    const key = keyOf(command, payload as Payload);
    if (holder.entered.delete(key)) leftBy(holder.connection, key);
  }
}

/** One holder fewer in `key`; true when it was the last. */
function leftBy(connection: Connection, key: string): boolean {
  const count = (connection.entered.get(key) ?? 1) - 1;
  if (count > 0) connection.entered.set(key, count);
  else connection.entered.delete(key);
  return count <= 0;
}

/** A handle on the page's connection for `protocol`, made by `connect` if there is none (see the module's comment). */
export function acquireSocket(protocol: number, connect: (protocol: number) => ClientSocket): ClientSocket {
  let connection = connections.get(protocol);
  if (!connection) {
    connection = { socket: connect(protocol), holders: 0, entered: new Map() };
    connections.set(protocol, connection);
  } else if (!connection.socket.active) {
    // Refused for good, or closed: a new holder tries again, as a socket of its own would.
    connection.socket.connect();
  }
  connection.holders++;
  return handleOn(protocol, connection);
}

function handleOn(protocol: number, connection: Connection): ClientSocket {
  const { socket } = connection;
  const emitter = socket as unknown as { on(event: string, fn: Fn): unknown; once(event: string, fn: Fn): unknown; off(event: string, fn: Fn): unknown };
  const mine: { event: string; fn: Fn; registered: Fn }[] = [];
  const holder: Holder = { entered: new Map(), connection };
  let released = false;

  const forget = (item: (typeof mine)[number]) => {
    const index = mine.indexOf(item);
    if (index >= 0) mine.splice(index, 1);
  };
  const listen = (event: string, fn: Fn, once: boolean) => {
    if (released) return;
    const item = { event, fn, registered: fn };
    if (once)
      item.registered = (...args: unknown[]) => {
        forget(item);
        fn(...args);
      };
    mine.push(item);
    emitter[once ? "once" : "on"](event, item.registered);
    if (event === "connect" && socket.connected) {
      queueMicrotask(() => {
        if (!mine.includes(item) || !socket.connected) return;
        if (once) emitter.off(event, item.registered);
        item.registered();
      });
    }
  };
  const unlisten = (event?: string, fn?: Fn) => {
    for (const item of [...mine]) {
      if ((event !== undefined && item.event !== event) || (fn !== undefined && item.fn !== fn)) continue;
      forget(item);
      emitter.off(item.event, item.registered);
    }
  };
  const release = () => {
    if (released) return;
    released = true;
    unlisten();
    connection.holders--;
    for (const [key, [leave, payload]] of holder.entered) {
      const last = leftBy(connection, key);
      if (last && connection.holders > 0 && socket.connected) (socket.emit as unknown as (event: string, payload: Payload, ack: () => void) => void)(leave, payload, () => {});
    }
    holder.entered.clear();
    if (connection.holders > 0) return;
    socket.disconnect();
    if (connections.get(protocol) === connection) connections.delete(protocol);
  };

  const overrides: Record<PropertyKey, unknown> = {
    on: (event: string, fn: Fn) => (listen(event, fn, false), proxy),
    once: (event: string, fn: Fn) => (listen(event, fn, true), proxy),
    off: (event?: string, fn?: Fn) => (unlisten(event, fn), proxy),
    removeListener: (event?: string, fn?: Fn) => (unlisten(event, fn), proxy),
    removeAllListeners: (event?: string) => (unlisten(event), proxy),
    close: () => (release(), proxy),
    disconnect: () => (release(), proxy),
    connect: () => (!released && !socket.active && socket.connect(), proxy),
    open: () => (!released && !socket.active && socket.connect(), proxy),
  };
  const proxy: ClientSocket = new Proxy(socket, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as Fn).bind(target) : value;
    },
  });
  holders.set(proxy, holder);
  return proxy;
}
