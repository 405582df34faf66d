import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

/** Joins the matchmaking queue (server/match/matchmaking.ts); the pairing is told later as `queue:result`. */
export async function queueJoinCommand(ctx: CommandContext, payload: CommandPayload<"queue:join">): Promise<Ack<CommandReplies["queue:join"]>> {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "queue" });
  return ctx.matchmaker.join(ctx.actor, ctx.socket.id, payload);
}

export async function queueLeaveCommand(ctx: CommandContext): Promise<Ack<CommandReplies["queue:leave"]>> {
  if (ctx.actor) await ctx.matchmaker.leave(ctx.actor.id);
  return { ok: true };
}
