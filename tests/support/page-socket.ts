/**
 * A socket as a page opens it (the session cookie or none), for tests of commands outside a match's play: `send`
 * waits for the answer, `heard(event)` collects what the server pushed of that event.
 *
 * @example
 *   const ada = await pageSocket(t.url, cookie, ["chat:message"]);
 *   await ada.send("chat:join", { channel: "lobby" });
 *   await waitFor(() => ada.heard("chat:message").length > 0, "a message");
 */
import { io, type Socket } from "socket.io-client";
import { PROTOCOL_VERSION, type Ack, type CommandName, type CommandPayload, type CommandReplies, type ServerToClientEvents } from "@/lib/protocol";

export interface PageSocket {
  readonly socket: Socket;
  send<C extends CommandName>(command: C, payload: CommandPayload<C>): Promise<Ack<CommandReplies[C]>>;
  heard<E extends keyof ServerToClientEvents>(event: E): Parameters<ServerToClientEvents[E]>[0][];
  close(): void;
}

const opened = new Set<Socket>();

export async function pageSocket(url: string, cookie: string | undefined, listen: readonly (keyof ServerToClientEvents)[] = []): Promise<PageSocket> {
  const socket = io(url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
  opened.add(socket);
  const heard = new Map<string, unknown[]>();
  for (const event of listen) {
    heard.set(event, []);
    socket.on(event as string, (payload: unknown) => heard.get(event)!.push(payload));
  }
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return {
    socket,
    send: (command, payload) => socket.timeout(5000).emitWithAck(command, payload) as never,
    heard: (event) => (heard.get(event) ?? []) as never,
    close: () => {
      socket.close();
      opened.delete(socket);
    },
  };
}

/** Closes every socket the tests of this file opened. */
export function closePageSockets(): void {
  for (const socket of opened) socket.close();
  opened.clear();
}
