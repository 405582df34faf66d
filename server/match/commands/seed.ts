import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

/**
 * A player's client seed, sent with the commitment their client displayed (fair-dice-v1, section 2, step 2; the rules
 * are lib/match/seating.ts). When both are in, the opening roll follows by itself and is in the answer's events.
 * Against the computer its seed comes first: a refusal for that wakes it (only a restart between its seat and its seed
 * can leave it missing).
 */
export async function seedCommand(ctx: CommandContext, payload: CommandPayload<"match:seed">): Promise<Ack<CommandReplies["match:seed"]>> {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "play" });
  const command = { type: "seed", clientSeed: payload.clientSeed, commitment: payload.commitment } as const;
  const result = await ctx.service.command(payload.matchId, command, participantOf(ctx.actor), ctx.socket.id);
  if (!result.ok && result.code === "ERR_WRONG_STATUS") void ctx.computer?.wake(payload.matchId);
  return result;
}
