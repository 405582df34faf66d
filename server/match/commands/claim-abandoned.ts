import { opponentOf } from "@/lib/engine/types";
import type { CommandPayload } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import type { CommandContext } from "../context";
import { fail, type Decision } from "../match-service";
import { staleVersion } from "./play-action";

/**
 * Claims a match whose opponent has been away longer than the abandonment limit: the claimer wins the match, the
 * reason is recorded, and the seed is revealed.
 */
export function claimAbandonedCommand(ctx: CommandContext, payload: CommandPayload<"match:claim-abandoned">) {
  const { actor } = ctx;
  if (!actor) return Promise.resolve(fail("ERR_UNAUTHENTICATED", "Sign in to play."));
  return ctx.service.command(payload.matchId, (live): Decision => {
    const seat = seatOf(live.view, actor.id);
    if (!seat) return fail("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
    if (live.view.status !== "playing") return fail("ERR_WRONG_STATUS", "Only a match in play can be claimed.");
    const opponent = live.view.players[opponentOf(seat)];
    if (!opponent) return fail("ERR_WRONG_STATUS", "Only a match in play can be claimed.");
    const stale = staleVersion(live, payload.expectedVersion);
    if (stale) return stale;
    const awaySince = ctx.presence.awaySince(opponent.id);
    if (awaySince === null) return fail("ERR_OPPONENT_CONNECTED", `${opponent.name} is connected.`);
    const awayMs = ctx.now() - awaySince;
    if (awayMs < ctx.abandonAfterMs) {
      const wait = Math.ceil((ctx.abandonAfterMs - awayMs) / 1000);
      return fail("ERR_OPPONENT_CONNECTED", `${opponent.name} has been away for ${Math.floor(awayMs / 1000)} s; you can claim the match in ${wait} s.`);
    }
    const minutes = Math.round(ctx.abandonAfterMs / 60_000);
    const detail = `${opponent.name} left and did not come back within ${minutes >= 1 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.round(ctx.abandonAfterMs / 1000)} seconds`}; ${actor.name} wins the match.`;
    return { ok: true, draft: ctx.service.endDraft(live, "abandoned", seat, detail, actor.id) };
  }, ctx.socket.id);
}
