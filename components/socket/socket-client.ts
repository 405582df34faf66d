/**
 * The browser's Socket.IO connection to the match server (same origin, so the next-auth session cookie goes with
 * the handshake) and a promise-returning `send` for the protocol's acknowledged commands. socket.io-client
 * reconnects by itself; callers listen to "connect" to re-open what they were watching.
 *
 * The connection is the page's one (shared-socket.ts): every component calling `openSocket` gets its own handle on it
 * and closes that handle when it is done; the connection closes with its last handle.
 *
 * The protocol version comes in as an argument, handed down from the server component that rendered the page: the
 * module defining PROTOCOL_VERSION (lib/protocol/protocol.ts) builds its zod schemas when loaded, and importing it
 * here would put zod (30 KB gzipped) into every page that talks to the server.
 *
 * @example
 *   const socket = openSocket(protocol);
 *   const reply = await send(socket, "lobby:list", {});
 *   if (reply.ok) show(reply.openMatches); else show(errorText(reply.code, reply.values));
 */
import { io } from "socket.io-client";
import type { Ack, CommandName, CommandPayload, CommandReplies } from "@/lib/protocol/protocol";
import { acquireSocket, noteCommand, type ClientSocket } from "./shared-socket";

export type { ClientSocket } from "./shared-socket";

/**
 * A command the server never answered (connection lost, or too slow): nothing is known to have changed. The page
 * words it as `errors.ERR_NO_ANSWER`; unlike a server's Failure it has no values and no English sentence.
 */
export type NoAnswer = { readonly ok: false; readonly code: "ERR_NO_ANSWER"; readonly values?: undefined };

const NO_ANSWER: NoAnswer = { ok: false, code: "ERR_NO_ANSWER" };

export type Reply<C extends CommandName> = Ack<CommandReplies[C]> | NoAnswer;

/**
 * A handle on the page's connection (made now if the page has none): listen on it, send on it, and close it when the
 * component is done — only the last handle's `close()` closes the connection. `connect` makes the connection (tests
 * point it at their own server).
 */
export function openSocket(protocol: number, connect: (protocol: number) => ClientSocket = connectToSite): ClientSocket {
  return acquireSocket(protocol, connect);
}

/** A new connection to this site's server (same origin), which tries again after a refusal that passes. */
export function connectToSite(protocol: number): ClientSocket {
  const socket: ClientSocket = io({
    path: "/socket.io",
    auth: { protocol },
    transports: ["websocket", "polling"],
    reconnectionDelay: 500,
    reconnectionDelayMax: 4000,
  });
  retryAfterRefusal(socket);
  return socket;
}

/** Middleware refusals that pass by themselves: a cap still counting a lost node's sockets, a node closing. */
const PASSING_REFUSAL = /^ERR_(TOO_MANY_CONNECTIONS|UNAVAILABLE)\b/;

/**
 * Socket.IO never reconnects by itself after the server's middleware refused the handshake (the socket goes inactive),
 * so a refusal that passes — after a node is killed its sockets' places in the cluster-wide caps are freed moments
 * later — would leave the page offline for good. This tries again, after 1 s doubling up to 15 s with ±20 % jitter (so
 * a crowd of pages does not come back in step), and starts over once connected. Other refusals (not signed in, the
 * wrong protocol) stay final.
 */
export function retryAfterRefusal(socket: ClientSocket, options: { readonly firstMs?: number; readonly maxMs?: number } = {}): void {
  const { firstMs = 1000, maxMs = 15_000 } = options;
  let delay = firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  socket.on("connect", () => {
    delay = firstMs;
  });
  socket.on("connect_error", (error) => {
    if (socket.active || !PASSING_REFUSAL.test(error.message) || timer !== undefined) return;
    const wait = delay * (0.8 + Math.random() * 0.4);
    delay = Math.min(maxMs, delay * 2);
    timer = setTimeout(() => {
      timer = undefined;
      if (!socket.connected) socket.connect();
    }, wait);
  });
}

/**
 * How long a command waits for a connection still being made (the page has just loaded, or the socket is
 * reconnecting) before it gives up unsent: a click in the first moments after a page opens goes through instead of
 * asking the player to try again.
 */
export const CONNECT_WAIT_MS = 5_000;

/** Resolves true once `socket` is connected (at once if it is), false if it is not within `ms`. */
export function whenConnected(socket: Pick<ClientSocket, "connected" | "once" | "off">, ms: number): Promise<boolean> {
  if (socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const connected = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      socket.off("connect", connected);
      resolve(false);
    }, ms);
    socket.once("connect", connected);
  });
}

export async function send<C extends CommandName>(socket: ClientSocket, command: C, payload: CommandPayload<C>, timeoutMs = 10_000): Promise<Reply<C>> {
  // Never emitted while disconnected: Socket.IO would buffer it and send it on reconnection, after this promise had
  // already said that nothing changed.
  if (!(await whenConnected(socket, Math.min(CONNECT_WAIT_MS, timeoutMs)))) return NO_ANSWER;
  // A shared connection's handle remembers the rooms it enters, to leave them when it closes (shared-socket.ts).
  noteCommand(socket, command, payload);
  const timed = socket.timeout(timeoutMs);
  const emit = timed.emit as unknown as (
    event: C,
    payload: CommandPayload<C>,
    ack: (error: Error | null, reply: Ack<CommandReplies[C]>) => void,
  ) => void;
  return new Promise((resolve) => emit.call(timed, command, payload, (error, reply) => resolve(error ? NO_ANSWER : reply)));
}
