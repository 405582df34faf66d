/**
 * The Socket.IO server's types: who is behind a socket (`Actor`, from the authenticated session), the events nodes
 * send each other (presence-link.ts), and the typed server and socket every part of the shell shares. A leaf: it imports
 * only lib/protocol, so the command context, the cluster link and the matchmaker can all name these types without
 * importing each other.
 */
import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/protocol";

/** The signed-in user behind a socket; null for an anonymous spectator. */
export interface Actor {
  readonly id: string;
  readonly name: string;
  readonly isGuest: boolean;
  readonly role: "USER" | "ADMIN";
}

export interface SocketData {
  actor: Actor | null;
}

export type GameServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** What the nodes of a cluster tell each other about presence (presence-link.ts). */
export interface InterServerEvents {
  "presence:change": (change: { node: string; userId: string; connected: boolean; at: number }) => void;
  "presence:report": (report: { node: string; users: string[] }) => void;
  "presence:hello": (node: string) => void;
  /** A node is shutting down, its matches settled and its sockets closed: the others take its matches over now. */
  "presence:bye": (node: string) => void;
}
