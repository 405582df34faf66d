import type { CommandPayload } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import { LOBBY_ROOM, type CommandContext } from "../context";
import { fail, type Decision } from "../match-service";
import { staleVersion } from "./play-action";

/**
 * Cancels a match before its first roll (waiting for an opponent, or for seeds). The seed is revealed at once: no
 * roll was drawn with it, and revealing it shows the commitment was honest.
 */
export async function cancelCommand(ctx: CommandContext, payload: CommandPayload<"match:cancel">) {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", "Sign in to cancel your match.");
  const result = await ctx.service.command(payload.matchId, (live): Decision => {
    const seat = seatOf(live.view, actor.id);
    if (!seat) return fail("ERR_NOT_A_PLAYER", "Only a player of this match can cancel it.");
    if (live.view.status !== "waiting" && live.view.status !== "seeding") {
      return fail("ERR_WRONG_STATUS", live.view.ended ? "The match is over already." : "The match has started; resign instead.");
    }
    const stale = staleVersion(live, payload.expectedVersion);
    if (stale) return stale;
    const detail = `${actor.name} cancelled the match before it started.`;
    return { ok: true, draft: ctx.service.endDraft(live, "cancelled", null, detail, actor.id) };
  }, ctx.socket.id);
  if (result.ok) ctx.io.to(LOBBY_ROOM).emit("lobby:changed");
  return result;
}
