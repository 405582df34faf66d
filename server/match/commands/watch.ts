import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { matchRoom, type CommandContext } from "../context";
import { fail } from "../match-service";
import { canView, presenceOf, snapshotFor } from "../snapshot";

/**
 * Opens a match for this socket — as a player or a spectator — and answers with a snapshot. The socket joins the
 * match's room in the same queue turn as the snapshot is taken, so it misses no event between the two.
 */
export function watchCommand(ctx: CommandContext, payload: CommandPayload<"match:watch">): Promise<Ack<CommandReplies["match:watch"]>> {
  return ctx.service.withMatch(payload.matchId, async (live) => {
    if (!live || !canView(live, ctx.actor, payload.inviteToken)) return fail("ERR_NOT_FOUND", "There is no such match, or it is private.");
    await ctx.socket.join(matchRoom(payload.matchId));
    // A player opening the match tells the room they are here (the opponent's connection light).
    ctx.io.to(matchRoom(payload.matchId)).emit("match:presence", presenceOf(live, ctx.presence));
    return { ok: true as const, snapshot: snapshotFor(live, ctx.actor, ctx.presence, ctx.abandonAfterMs) };
  });
}

/** A fresh snapshot for a client that saw a gap in the versions. */
export function snapshotCommand(ctx: CommandContext, payload: CommandPayload<"match:snapshot">): Promise<Ack<CommandReplies["match:snapshot"]>> {
  return watchCommand(ctx, payload);
}

export async function unwatchCommand(ctx: CommandContext, payload: CommandPayload<"match:unwatch">): Promise<Ack<CommandReplies["match:unwatch"]>> {
  await ctx.socket.leave(matchRoom(payload.matchId));
  return { ok: true };
}
