/**
 * The tournament commands people send over the socket: create one (administrators; registered players too when an
 * administrator allows it at /admin/settings, PLAYER_TOURNAMENTS by default), register, and leave (unregister before the close, withdraw after). Each is decided by
 * lib/tournament/tournament.ts and appended with the version check (tournament-store.ts); what happens by itself
 * (the close, the rounds, the results) is the runner's (tournament-runner.ts).
 *
 * @example
 *   socket.emit("tournament:register", { tournamentId }, (ack) => ack.ok || show(ack));
 */
import { randomBytes } from "node:crypto";
import { cleanUserText } from "@/lib/chat";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { ok, type Result } from "@/lib/engine/types";
import { leaveEvents, registerEvent, type TournamentEvent, type TournamentRefusal, type TournamentSettings, type TournamentView } from "@/lib/tournament/tournament";
import { playerTournamentsAllowed } from "@/server/admin/site-settings";
import type { CommandTable } from "@/server/socket/command-handler";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { appendTournamentEvents, createTournament, loadTournament } from "./tournament-store";

type Reply<C extends keyof CommandReplies> = Promise<Ack<CommandReplies[C]>>;

const DAY_MS = 24 * 60 * 60_000;

export async function tournamentCreateCommand(ctx: CommandContext, payload: CommandPayload<"tournament:create">): Reply<"tournament:create"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "create" });
  const allowed = actor.role === "ADMIN" || (!actor.isGuest && (await playerTournamentsAllowed(ctx.db, ctx.limits.playerTournaments)));
  if (!allowed) return fail("ERR_TOURNAMENT", { reason: "createNotAllowed" });
  const now = ctx.now();
  if (payload.closesAt <= now || payload.closesAt > now + 30 * DAY_MS) return fail("ERR_TOURNAMENT", { reason: "closesAt" });
  if (payload.startsAt < payload.closesAt || payload.startsAt > payload.closesAt + DAY_MS) return fail("ERR_TOURNAMENT", { reason: "startsAt" });
  if (payload.format === "swiss" && (payload.swissRounds === undefined || payload.swissRounds >= payload.maxPlayers)) return fail("ERR_TOURNAMENT", { reason: "swissRounds", max: payload.maxPlayers - 1 });
  const settings: TournamentSettings = {
    // Cleaned as chat is (lib/chat/chat-text.ts): the name is shown on pages, in notifications and in draw.json.
    name: cleanUserText(payload.name),
    format: payload.format,
    matchLength: payload.matchLength,
    timeControl: payload.timeControl,
    rated: payload.rated,
    maxPlayers: payload.maxPlayers,
    closesAt: payload.closesAt,
    startsAt: payload.startsAt,
    swissRounds: payload.format === "swiss" ? (payload.swissRounds ?? null) : null,
    noShowMs: payload.noShowMinutes * 60_000,
  };
  if (settings.name.length === 0) return fail("ERR_TOURNAMENT", { reason: "name" });
  const wait = await ctx.actionLimits.takeTournament(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "tournaments", seconds: Math.ceil(wait / 1000) });
  const id = `t${randomBytes(10).toString("hex")}`;
  // The draw seed is drawn and sealed now, before anyone registers: its commitment is published with the tournament.
  await createTournament(ctx.db, { id, settings, createdBy: { id: actor.id, name: actor.name }, stored: ctx.vault.draw(), at: new Date(now) });
  ctx.logger.info("tournament created", { tournamentId: id, by: actor.id, format: settings.format });
  return { ok: true, tournamentId: id };
}

/**
 * Decides on the tournament as stored and appends what was decided, deciding again (a few times) when another
 * command or node appended first: the version check makes the second writer see the first's events.
 */
async function appendDecided(ctx: CommandContext, tournamentId: string, decide: (view: TournamentView, now: number) => Result<TournamentEvent[], TournamentRefusal>): Reply<"tournament:register"> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const loaded = await loadTournament(ctx.db, tournamentId);
    if (!loaded) return fail("ERR_TOURNAMENT", { reason: "notFound" });
    const events = decide(loaded.view, ctx.now());
    if (!events.ok) return fail(events.code, events.values);
    const appended = await appendTournamentEvents(ctx.db, tournamentId, loaded.view, events.value, new Date(ctx.now()));
    if (appended.ok) return { ok: true, version: appended.value.version };
  }
  return fail("ERR_CONFLICT");
}

export async function tournamentRegisterCommand(ctx: CommandContext, payload: CommandPayload<"tournament:register">): Reply<"tournament:register"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  if (actor.isGuest) return fail("ERR_TOURNAMENT", { reason: "guest" });
  const wait = await ctx.actionLimits.takeEntry(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "tournaments", seconds: Math.ceil(wait / 1000) });
  return appendDecided(ctx, payload.tournamentId, (view, now) => {
    const event = registerEvent(view, { id: actor.id, name: actor.name }, now);
    return event.ok ? ok([event.value]) : event;
  });
}

export async function tournamentLeaveCommand(ctx: CommandContext, payload: CommandPayload<"tournament:leave">): Reply<"tournament:leave"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  const wait = await ctx.actionLimits.takeEntry(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "tournaments", seconds: Math.ceil(wait / 1000) });
  return appendDecided(ctx, payload.tournamentId, (view, now) => leaveEvents(view, actor.id, now));
}

export const tournamentCommands = {
  "tournament:create": tournamentCreateCommand,
  "tournament:register": tournamentRegisterCommand,
  "tournament:leave": tournamentLeaveCommand,
} satisfies CommandTable;
