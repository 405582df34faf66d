import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { seatOf } from "@/lib/match";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

/**
 * A player asks the server to look at the clock, because their page shows a flag down: the server settles the match
 * by its own clock — storing the timeout if the flag has fallen, nothing otherwise — so the page's clock decides
 * nothing. The flag timer does the same by itself; this covers the node that held the timer going away.
 */
export async function checkClockCommand(ctx: CommandContext, payload: CommandPayload<"match:check-clock">): Promise<Ack<CommandReplies["match:check-clock"]>> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "play" });
  const seated = await ctx.service.withMatch(payload.matchId, (live) => (live ? seatOf(live.view, actor.id) !== null : null));
  if (seated === null) return fail("ERR_NOT_FOUND");
  if (!seated) return fail("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  const live = await ctx.service.settle(payload.matchId);
  if (!live) return fail("ERR_NOT_FOUND");
  return { ok: true, version: live.view.version, timedOut: live.view.ended?.reason === "timeout" };
}
