/**
 * The Socket.IO side of the match server: checks the protocol version and who the client is at the handshake, then
 * routes every command through the same steps — rate limit, zod schema, handler, acknowledgement. A handler's bug
 * answers ERR_INTERNAL to that one command and is logged; the process and the match stay as they were.
 */
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { commandSchemas, type Ack, type CommandName } from "@/lib/protocol";
import { isDatabaseUnavailable } from "@/server/db/postgres-resilience";
import { ActionLimits } from "@/server/action-limits";
import type { CommandHandler } from "./command-handler";
import { commandHandlers } from "./command-table";
import type { ComputerDriver } from "@/server/match/computer-driver";
import type { AreaServices, CommandContext } from "./context";
import type { Actor, GameSocket } from "./socket-types";
import { fail } from "./failure";
import { Matchmaker } from "@/server/match/matchmaking";
import type { ConnectionLimits } from "./connection-limits";
import { CommandRateLimiter, type UserCommandLimit } from "./rate-limit";
import { presenceOf } from "@/server/match/snapshot";
import { concealsMatch, NOT_VISIBLE } from "@/server/match/visibility";
import { attachHandshake } from "./handshake";
import { rooms } from "./rooms";

export interface GatewayOptions extends AreaServices {
  readonly computer?: ComputerDriver | null;
  /** The matchmaking queue; one is made for the gateway when left out. */
  readonly matchmaker?: Matchmaker;
  /** Who is behind a handshake request (the next-auth session cookie); null for an anonymous spectator. */
  readonly identify: (request: IncomingMessage) => Promise<Actor | null>;
  readonly abandonAfterMs: number;
  readonly rateLimit?: { readonly burst: number; readonly perSecond: number };
  readonly now?: () => number;
  /** Matches whose command failed for a database outage, settled once it is back (outage-recovery.ts). */
  readonly outage?: { schedule(matchId: string): void };
  /** Told how long each handled command took, from its handler's start to its answer (metrics, the load benchmark). */
  readonly onCommandHandled?: (command: CommandName, ms: number) => void;
  /** Sockets per user and per address, over the cluster (connection-limits.ts); none: unlimited. */
  readonly connectionLimits?: ConnectionLimits;
  /** Commands per user over all their sockets (rate-limit.ts); none: only the per-socket limit. */
  readonly userCommandLimit?: UserCommandLimit;
  /** Behind a trusted proxy the client's address (for the per-address cap) is X-Forwarded-For's first. */
  readonly trustProxy?: boolean;
  /** Matches one user may have waiting for an opponent at once. */
  readonly waitingMatchesPerUser?: number;
  /** Whether registered players (not only administrators) may create tournaments (PLAYER_TOURNAMENTS). */
  readonly playerTournaments?: boolean;
  /** Chat, report, challenge and tournament limits (action-limits.ts); one counting in this process when left out. */
  readonly actionLimits?: ActionLimits;
}

function isCommandName(name: unknown): name is CommandName {
  return typeof name === "string" && Object.hasOwn(commandSchemas, name);
}

/** The first problem zod found in a payload: where (`field`, "moves.0.from") and zod's code for what (`problem`). */
export function payloadIssue(error: z.ZodError): { readonly field: string; readonly problem: string } {
  const issue = error.issues[0];
  return { field: issue && issue.path.length > 0 ? issue.path.join(".") : "payload", problem: issue?.code ?? "invalid" };
}

/**
 * A refusal of a command on a match the sender may not see — or one that does not exist — becomes NOT_VISIBLE,
 * whichever check refused it first (visibility.ts), so that probing cannot tell a private match from no match.
 */
async function concealUnseenMatch<T extends object>(ctx: CommandContext, payload: unknown, answer: Ack<T>): Promise<Ack<T>> {
  if (answer.ok || typeof payload !== "object" || payload === null || !("matchId" in payload) || typeof payload.matchId !== "string") return answer;
  const invite = "inviteToken" in payload && typeof payload.inviteToken === "string" ? payload.inviteToken : undefined;
  const conceal = await ctx.service.withMatch(payload.matchId, (live) => concealsMatch(live, ctx.actor, invite));
  return conceal ? NOT_VISIBLE : answer;
}

export interface Gateway {
  /**
   * Resolves once no command is being handled (none started after the sockets were closed): a node shutting down
   * waits for it, so that every event its commands store is also published before its Redis connection closes.
   */
  idle(): Promise<void>;
}

export function attachGateway(options: GatewayOptions): Gateway {
  const { io, logger, presence } = options;
  const now = options.now ?? Date.now;
  const socketLimit = options.rateLimit ?? { burst: 30, perSecond: 15 };
  // A user's limit is never below one socket's: the per-user count only stops many sockets adding up.
  const userLimit = options.userCommandLimit && {
    ...options.userCommandLimit,
    burst: Math.max(options.userCommandLimit.burst, socketLimit.burst),
    perSecond: Math.max(options.userCommandLimit.perSecond, socketLimit.perSecond),
  };
  const limiter = new CommandRateLimiter(socketLimit, userLimit);
  const limits = { waitingMatchesPerUser: options.waitingMatchesPerUser ?? 3, playerTournaments: options.playerTournaments ?? false };
  const actionLimits = options.actionLimits ?? new ActionLimits();
  const matchmaker = options.matchmaker ?? new Matchmaker({ db: options.db, service: options.service, io, logger, now });

  const inFlight = new Set<Promise<void>>();

  attachHandshake(io, options);

  io.on("connection", (socket: GameSocket) => {
    const actor = socket.data.actor;
    if (actor) {
      presence.connect(actor.id, socket.id, now());
      void socket.join(rooms.user(actor.id));
    }
    const ctx: CommandContext = { ...options, computer: options.computer ?? null, matchmaker, actor, socket, now, limits, actionLimits };
    socket.on("disconnect", () => options.connectionLimits?.release(socket.id));

    // One listener for every command, not one per command: twelve closures per socket were ~5 % of the server's live
    // heap at 2,000 matches (4,000 sockets), and all of it is marked at every full garbage collection.
    socket.onAny(async (name: string, payload: unknown, ack: unknown) => {
      if (!isCommandName(name) || typeof ack !== "function") return; // every command is acknowledged; others are ignored
      const reply = ack as (reply: Ack) => void;
      if (!(await limiter.take(socket.id, actor?.id))) {
        reply(fail("ERR_RATE_LIMITED", { reason: "commands" }));
        return;
      }
      const parsed = commandSchemas[name].safeParse(payload);
      if (!parsed.success) {
        reply(fail("ERR_BAD_PAYLOAD", { reason: "field", ...payloadIssue(parsed.error) }));
        return;
      }
      const handler = commandHandlers[name] as CommandHandler<CommandName>;
      const started = performance.now();
      const handling = handler(ctx, parsed.data as never)
        .then((answer) => concealUnseenMatch(ctx, parsed.data, answer))
        .then(
          (answer) => {
            const ms = performance.now() - started;
            options.onCommandHandled?.(name, ms);
            // The payload is the client's own; the answer is summed up (snapshots are large), never copied whole.
            logger.debug("command", {
              command: name,
              userId: actor?.id ?? null,
              payload: parsed.data,
              ok: answer.ok,
              ...(answer.ok ? ("version" in answer ? { version: answer.version } : {}) : { code: answer.code }),
              ms: Math.round(ms * 10) / 10,
            });
            reply(answer);
          },
          (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            if (isDatabaseUnavailable(error)) {
              // Each event is one transaction: it was stored whole or not at all. What the match owed by itself after a
              // stored one is written when the database is back; the client resyncs from the events it then gets.
              logger.warn("command failed: database unavailable", { command: name, error: message.split("\n").at(-1) });
              const matchId = (parsed.data as { matchId?: unknown }).matchId;
              if (typeof matchId === "string") options.outage?.schedule(matchId);
              reply(fail("ERR_UNAVAILABLE"));
              return;
            }
            logger.error("command failed", { command: name, error: message });
            reply(fail("ERR_INTERNAL", { reason: "command" }));
          },
        );
      inFlight.add(handling);
      void handling.finally(() => inFlight.delete(handling));
    });

    socket.on("disconnecting", () => {
      if (!actor) return;
      // A player who disconnects leaves the matchmaking queue: nobody should be paired with an empty chair.
      matchmaker.leaveSocket(socket.id);
      if (!presence.disconnect(actor.id, socket.id, now())) return;
      for (const room of socket.rooms) {
        const matchId = rooms.matchIdOf(room);
        if (matchId === null) continue;
        void options.service.withMatch(matchId, (live) => {
          if (live) io.to(room).emit("match:presence", presenceOf(live, presence));
        });
      }
    });
  });

  return {
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
