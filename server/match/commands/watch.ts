import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { presenceOf, snapshotFor } from "../snapshot";
import { canView } from "../visibility";
import { rooms } from "@/server/socket/rooms";

/**
 * Opens a match for this socket — as a player or a spectator — and answers with a snapshot. The socket joins the
 * match's room before the state for the snapshot is read, so every event is in the snapshot or reaches the socket (or
 * both; clients drop versions they have). Joining after the read would lose events on a cluster: another node's event
 * arriving through Redis between this node's read and the join would reach neither (seen in scale-out.test.ts;
 * join-before-read.test.ts pins the order). The socket joins only once the match is known to be viewable, so a
 * private match's events never reach a stranger.
 */
export async function watchCommand(ctx: CommandContext, payload: CommandPayload<"match:watch">): Promise<Ack<CommandReplies["match:watch"]>> {
  const notFound = () => fail("ERR_NOT_FOUND");
  const room = rooms.match(payload.matchId);
  const viewable = await ctx.service.withMatch(payload.matchId, (live) => live !== null && canView(live, ctx.actor, payload.inviteToken));
  if (!viewable) return notFound();
  await ctx.socket.join(room);
  return ctx.service.withMatch(payload.matchId, async (live) => {
    if (!live) {
      await ctx.socket.leave(room);
      return notFound();
    }
    // A player opening the match tells the room they are here (the opponent's connection light).
    ctx.io.to(room).emit("match:presence", presenceOf(live, ctx.presence));
    return { ok: true as const, snapshot: snapshotFor(live, ctx.actor, ctx.presence, ctx.abandonAfterMs, ctx.now()) };
  });
}

/** A fresh snapshot for a client that saw a gap in the versions. */
export function snapshotCommand(ctx: CommandContext, payload: CommandPayload<"match:snapshot">): Promise<Ack<CommandReplies["match:snapshot"]>> {
  return watchCommand(ctx, payload);
}

export async function unwatchCommand(ctx: CommandContext, payload: CommandPayload<"match:unwatch">): Promise<Ack<CommandReplies["match:unwatch"]>> {
  await ctx.socket.leave(rooms.match(payload.matchId));
  return { ok: true };
}
