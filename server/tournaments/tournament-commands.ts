/**
 * The tournament commands people send over the socket — create, register, leave, and watch a tournament's page — as
 * thin shells: the rules are lib/tournament's (`decideTournament`, creation.ts), the path is the kernel's
 * (tournament-service.ts); here are only the rate limits and the site setting that lets players create.
 *
 * @example
 *   socket.emit("tournament:register", { tournamentId }, (ack) => ack.ok || show(ack));
 */
import { accountKind } from "@/lib/access/may";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { mayCreateTournament, settingsFrom } from "@/lib/tournament/creation";
import { playerTournamentsAllowed } from "@/server/admin/site-settings";
import type { CommandTable } from "@/server/socket/command-handler";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { answer, fail } from "@/server/socket/failure";
import { rooms } from "@/server/socket/rooms";

type Reply<C extends keyof CommandReplies> = Promise<Ack<CommandReplies[C]>>;

export async function tournamentCreateCommand(ctx: CommandContext, payload: CommandPayload<"tournament:create">): Reply<"tournament:create"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "create" });
  const kind = accountKind(actor);
  const mayCreate = mayCreateTournament({ kind, admin: actor.role === "ADMIN" }, await playerTournamentsAllowed(ctx.db, ctx.limits.playerTournaments));
  if (!mayCreate) return fail("ERR_TOURNAMENT", { reason: "createNotAllowed" });
  // A request that can only be refused costs no token of the creator's hourly allowance (decide checks it again).
  const settings = settingsFrom(payload, ctx.now());
  if (!settings.ok) return answer(settings);
  const wait = await ctx.actionLimits.takeTournament(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "tournaments", seconds: Math.ceil(wait / 1000) });
  const created = await ctx.tournaments.create(payload, participantOf(actor), mayCreate);
  if (!created.ok) return answer(created);
  ctx.logger.info("tournament created", { tournamentId: created.view.id, by: actor.id, format: created.view.settings.format });
  return { ok: true, tournamentId: created.view.id };
}

async function entry(ctx: CommandContext, tournamentId: string, type: "register" | "leave"): Reply<"tournament:register"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  const wait = await ctx.actionLimits.takeEntry(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "tournaments", seconds: Math.ceil(wait / 1000) });
  const decided = await ctx.tournaments.command(tournamentId, { type }, participantOf(actor));
  return decided.ok ? { ok: true, version: decided.view.version } : answer(decided);
}

export function tournamentRegisterCommand(ctx: CommandContext, payload: CommandPayload<"tournament:register">): Reply<"tournament:register"> {
  return entry(ctx, payload.tournamentId, "register");
}

export function tournamentLeaveCommand(ctx: CommandContext, payload: CommandPayload<"tournament:leave">): Reply<"tournament:leave"> {
  return entry(ctx, payload.tournamentId, "leave");
}

/**
 * Opens a tournament's page: the socket joins its room before the view is read, so every event is in the view or
 * reaches the socket (or both: the page drops versions it has), as `match:watch` does.
 */
export async function tournamentWatchCommand(ctx: CommandContext, payload: CommandPayload<"tournament:watch">): Reply<"tournament:watch"> {
  const room = rooms.tournament(payload.tournamentId);
  await ctx.socket.join(room);
  const view = await ctx.tournaments.read(payload.tournamentId);
  if (!view) {
    await ctx.socket.leave(room);
    return fail("ERR_TOURNAMENT", { reason: "notFound" });
  }
  return { ok: true, view };
}

export async function tournamentUnwatchCommand(ctx: CommandContext, payload: CommandPayload<"tournament:unwatch">): Reply<"tournament:unwatch"> {
  await ctx.socket.leave(rooms.tournament(payload.tournamentId));
  return { ok: true };
}

export const tournamentCommands = {
  "tournament:create": tournamentCreateCommand,
  "tournament:register": tournamentRegisterCommand,
  "tournament:leave": tournamentLeaveCommand,
  "tournament:watch": tournamentWatchCommand,
  "tournament:unwatch": tournamentUnwatchCommand,
} satisfies CommandTable;
