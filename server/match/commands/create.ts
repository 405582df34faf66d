import { randomInt } from "node:crypto";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { findParticipant } from "@/server/db/users";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { snapshotFor } from "../snapshot";
import { rooms } from "@/server/socket/rooms";

/**
 * Creates a match with a freshly drawn, sealed server seed (MatchService.create; the rules are lib/match/seating.ts).
 * Against the computer, the computer of the chosen level takes the other seat in the same create and adds its own
 * client seed — drawn after the commitment, like anyone's.
 */
export async function createCommand(ctx: CommandContext, payload: CommandPayload<"lobby:create">): Promise<Ack<CommandReplies["lobby:create"]>> {
  const { actor, computer } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "create" });
  if (payload.computer && !computer) return fail("ERR_WRONG_STATUS", { reason: "noComputer" });
  const opponent = payload.computer && computer ? await findParticipant(ctx.db, computer.userOf(payload.computer)) : undefined;
  if (opponent === null) return fail("ERR_INTERNAL", { reason: "computerMissing" });
  const created = await ctx.service.create(
    {
      type: "create",
      matchLength: payload.matchLength,
      visibility: payload.visibility,
      timeControl: payload.timeControl ?? null,
      rated: payload.rated === true,
      color: payload.color === "random" ? (randomInt(2) === 0 ? "white" : "black") : payload.color,
      ...(opponent ? { opponent } : {}),
    },
    // A match against the computer starts at once; only matches waiting for a person are capped.
    { creator: participantOf(actor), ...(opponent ? {} : { maxWaiting: ctx.limits.waitingMatchesPerUser }) },
  );
  if (!created.ok) {
    switch (created.code) {
      case "ERR_TOO_MANY_WAITING":
        return fail("ERR_TOO_MANY_WAITING", { count: ctx.limits.waitingMatchesPerUser });
      case "ERR_USER_NOT_FOUND":
        return fail("ERR_UNAUTHENTICATED", { reason: "accountGone" });
      case "ERR_MATCH_EXISTS":
        return fail("ERR_CONFLICT", { reason: "matchId" });
      default:
        return fail(created.code, created.values);
    }
  }
  const { live } = created;
  const matchId = live.view.matchId;
  // The computer's client seed follows from the stored match (computer-driver.ts), in the snapshot this answers with.
  if (opponent) await computer?.wake(matchId);
  const current = (await ctx.service.withMatch(matchId, (held) => held)) ?? live;
  await ctx.socket.join(rooms.match(matchId));
  if (payload.visibility === "public" && !opponent) ctx.io.to(rooms.lobby).emit("lobby:changed");
  return { ok: true, matchId, inviteToken: current.inviteToken, snapshot: snapshotFor(current, actor, ctx.presence, ctx.abandonAfterMs, ctx.now()) };
}
