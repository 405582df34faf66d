import type { Ack, CommandPayload, CommandReplies, ErrorCode } from "@/lib/protocol";
import { joinMatch } from "@/server/db/matches";
import { LOBBY_ROOM, matchRoom, type CommandContext } from "../context";
import { fail } from "../match-service";
import { snapshotFor } from "../snapshot";

const JOIN_ERRORS: Record<string, ErrorCode> = {
  ERR_MATCH_NOT_FOUND: "ERR_NOT_FOUND",
  ERR_MATCH_NOT_OPEN: "ERR_SEAT_TAKEN",
  ERR_ALREADY_SEATED: "ERR_ALREADY_SEATED",
  ERR_INVITE_REQUIRED: "ERR_FORBIDDEN",
  ERR_USER_NOT_FOUND: "ERR_UNAUTHENTICATED",
};

/** Takes the free seat of a waiting match (private matches need the invite token from the link). */
export async function joinCommand(ctx: CommandContext, payload: CommandPayload<"match:join">): Promise<Ack<CommandReplies["match:join"]>> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", "Sign in (or play as a guest) to join a match.");
  const { result: joined } = await ctx.service.external(payload.matchId, async (live) => {
    if (live.view.ended) return fail("ERR_WRONG_STATUS", "This match is over.");
    return joinMatch(ctx.db, { matchId: payload.matchId, userId: actor.id, inviteToken: payload.inviteToken });
  });
  if (!joined.ok) return fail(JOIN_ERRORS[joined.code] ?? (joined.code as ErrorCode), joined.message);
  // Into the room before the snapshot is read: with other nodes writing to the match, an event broadcast between the
  // read and the join would reach neither (watch.ts says more).
  await ctx.socket.join(matchRoom(payload.matchId));
  const snapshot = await ctx.service.withMatch(payload.matchId, (live) => (live ? snapshotFor(live, actor, ctx.presence, ctx.abandonAfterMs) : null));
  if (!snapshot) return fail("ERR_NOT_FOUND", "There is no such match.");
  ctx.io.to(LOBBY_ROOM).emit("lobby:changed");
  return { ok: true, snapshot };
}
