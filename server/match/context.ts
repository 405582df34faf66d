/**
 * What every command handler gets: who is asking (from the authenticated session, never from the payload), the
 * match service, and the shell's collaborators.
 */
import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/log";
import type { SeedVault } from "@/server/vault";
import type { InterServerEvents } from "./cluster";
import type { ComputerDriver } from "./computer-driver";
import type { MatchService } from "./match-service";
import type { Matchmaker } from "./matchmaking";
import type { Presence } from "./presence";

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

export interface CommandContext {
  readonly actor: Actor | null;
  readonly socket: GameSocket;
  readonly io: GameServer;
  readonly db: Db;
  readonly vault: SeedVault;
  readonly service: MatchService;
  /** The computer players' driver; null where the server runs without an engine. */
  readonly computer: ComputerDriver | null;
  readonly presence: Presence;
  /** The matchmaking queue of this node. */
  readonly matchmaker: Matchmaker;
  readonly logger: Logger;
  readonly abandonAfterMs: number;
  readonly now: () => number;
  /** What one user may hold at once (server/config/env.ts: WAITING_MATCHES_PER_USER). */
  readonly limits: { readonly waitingMatchesPerUser: number };
}

export function matchRoom(matchId: string): string {
  return `match:${matchId}`;
}

export const LOBBY_ROOM = "lobby";
