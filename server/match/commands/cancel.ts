import type { CommandPayload } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { rooms } from "@/server/socket/rooms";

/**
 * Cancels a match before its first roll (waiting for an opponent, or for seeds). The seed is revealed at once: no
 * roll was drawn with it, and revealing it shows the commitment was honest (lib/match/leaving.ts).
 */
export async function cancelCommand(ctx: CommandContext, payload: CommandPayload<"match:cancel">) {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "cancel" });
  const result = await ctx.service.command(payload.matchId, { type: "cancel", expectedVersion: payload.expectedVersion }, participantOf(ctx.actor), ctx.socket.id);
  if (result.ok) ctx.io.to(rooms.lobby).emit("lobby:changed");
  return result;
}
