import type { CommandPayload } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

/**
 * Claims a match whose opponent has been away longer than the abandonment limit: the claimer wins the match, the
 * reason is recorded, and the seed is revealed (lib/match/leaving.ts; presence is this node's view of the cluster).
 */
export async function claimAbandonedCommand(ctx: CommandContext, payload: CommandPayload<"match:claim-abandoned">) {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "play" });
  return ctx.service.command(payload.matchId, { type: "claim-abandoned", expectedVersion: payload.expectedVersion }, participantOf(ctx.actor), ctx.socket.id);
}
