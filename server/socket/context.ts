/**
 * What every command handler gets: who is asking (from the authenticated session, never from the payload), the
 * match service, and the shell's collaborators.
 */
import { accountKind } from "@/lib/access/may";
import type { Participant } from "@/lib/match";
import type { Db } from "@/server/db/client";
import type { ActionLimits } from "@/server/action-limits";
import type { Logger } from "@/server/log";
import type { SeedVault } from "@/server/vault";
import type { ComputerDriver } from "@/server/match/computer-driver";
import type { MatchService } from "@/server/match/match-service";
import type { Challenges } from "@/server/meet/challenges";
import type { RematchReactions } from "@/server/reactions/rematch-reactions";
import type { TournamentService } from "@/server/tournaments/tournament-service";
import type { Matchmaker } from "@/server/match/matchmaking";
import type { Presence } from "@/server/match/presence";
import type { Actor, GameServer, GameSocket } from "./socket-types";

/** The actor as the match aggregate knows them (a session's user is a person: registered or a guest); their record says the kind too. */
export function participantOf(actor: Actor): Participant {
  const kind = accountKind(actor);
  return { player: { id: actor.id, name: actor.name, isGuest: actor.isGuest, kind }, kind };
}

/** The node's services every area reaches through the socket layer (the gateway is given them, and hands them on). */
export interface AreaServices {
  readonly io: GameServer;
  readonly db: Db;
  readonly vault: SeedVault;
  readonly service: MatchService;
  /** The tournaments' kernel (server/tournaments/tournament-service.ts). */
  readonly tournaments: TournamentService;
  /** Direct challenges' kernel (server/meet/challenges.ts). */
  readonly challenges: Challenges;
  /** Makes an agreed rematch's match (a reaction to its stored agreement; the answer waits for it). */
  readonly rematches: RematchReactions;
  readonly presence: Presence;
  readonly logger: Logger;
}

export interface CommandContext extends AreaServices {
  readonly actor: Actor | null;
  readonly socket: GameSocket;
  /** The computer players' driver; null where the server runs without an engine. */
  readonly computer: ComputerDriver | null;
  /** The matchmaking queue of this node. */
  readonly matchmaker: Matchmaker;
  readonly abandonAfterMs: number;
  readonly now: () => number;
  /** What one user may hold at once (server/config/env.ts: WAITING_MATCHES_PER_USER). */
  readonly limits: { readonly waitingMatchesPerUser: number; readonly playerTournaments: boolean };
  /** How fast each user may chat, report, challenge and enter tournaments, over the cluster (server/action-limits.ts). */
  readonly actionLimits: ActionLimits;
}
