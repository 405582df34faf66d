import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { findParticipant } from "@/server/db/users";
import { type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { presenceOf, snapshotFor } from "../snapshot";
import { rooms } from "@/server/socket/rooms";

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
  await ctx.socket.join(rooms.match(payload.matchId));
  const seen = await ctx.service.withMatch(payload.matchId, (live) =>
    live ? { snapshot: snapshotFor(live, actor, ctx.presence, ctx.abandonAfterMs, ctx.now()), presence: presenceOf(live, ctx.presence) } : null,
  );
  if (!seen) return fail("ERR_NOT_FOUND");
  const { snapshot } = seen;
  // The room hears that the new player is here: they sat down from the match page (an invitation link, a challenge
  // in the lobby), whose watch had told the room nothing about a seat they did not have yet.
  ctx.io.to(rooms.match(payload.matchId)).emit("match:presence", seen.presence);
  ctx.io.to(rooms.lobby).emit("lobby:changed");
  return { ok: true, snapshot };
}
