/**
 * The chat's broadcast path for code that runs outside a socket command: the admin routes (app/api/admin/chat) run
 * inside Next.js, in the same process as the Socket.IO server, and tell a channel's room that a message is gone through
 * the same `io.to(rooms.chat(channel))` the chat's own messages take — over the Redis adapter, on every node. The server
 * registers its io at boot (server/main.ts); kept on globalThis because Next.js loads route modules in bundles of
 * their own. Null where no socket server runs (a page-less script): then there is nobody connected to tell.
 *
 * @example
 *   registerChatRooms(io);                                  // server/main.ts
 *   chatRooms()?.to(rooms.chat("lobby")).emit("chat:removed", { id, channel: "lobby" });
 */
import type { GameServer } from "@/server/socket/socket-types";

export type ChatRooms = Pick<GameServer, "to">;

const processWide = globalThis as typeof globalThis & { __fairgammonChatRooms?: ChatRooms | null };

/** The socket server to broadcast on; `null` (at close) unregisters it, unless another server registered since. */
export function registerChatRooms(sockets: ChatRooms | null, previous?: ChatRooms): void {
  if (sockets === null && previous !== undefined && processWide.__fairgammonChatRooms !== previous) return;
  processWide.__fairgammonChatRooms = sockets;
}

export function chatRooms(): ChatRooms | null {
  return processWide.__fairgammonChatRooms ?? null;
}
