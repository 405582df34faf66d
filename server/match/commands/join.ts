import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { findParticipant } from "@/server/db/users";
import { LOBBY_ROOM, matchRoom, type CommandContext } from "../context";
import { fail } from "../failure";
import { snapshotFor } from "../snapshot";

/** Takes the free seat of a waiting match (private matches need the invite token from the link). */
export async function joinCommand(ctx: CommandContext, payload: CommandPayload<"match:join">): Promise<Ack<CommandReplies["match:join"]>> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  // The seat shows the player as the user rows name them (as a match rebuilt from its events does); a session whose
  // user is gone cannot sit down.
  const joiner = await findParticipant(ctx.db, actor.id);
  if (!joiner) return fail("ERR_UNAUTHENTICATED", { reason: "accountGone" });
  const joined = await ctx.service.command(payload.matchId, { type: "join", inviteToken: payload.inviteToken }, joiner);
  if (!joined.ok) return joined;
  // Into the room before the snapshot is read: with other nodes writing to the match, an event broadcast between the
  // read and the join would reach neither (watch.ts says more).
  await ctx.socket.join(matchRoom(payload.matchId));
  const snapshot = await ctx.service.withMatch(payload.matchId, (live) => (live ? snapshotFor(live, actor, ctx.presence, ctx.abandonAfterMs, ctx.now()) : null));
  if (!snapshot) return fail("ERR_NOT_FOUND");
  ctx.io.to(LOBBY_ROOM).emit("lobby:changed");
  return { ok: true, snapshot };
}
