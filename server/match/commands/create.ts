import { randomInt } from "node:crypto";
import { decideJoin, type Ack, type CommandPayload, type CommandReplies } from "@/lib/protocol";
import { createMatch } from "@/server/db/matches";
import { findPlayer } from "@/server/db/users";
import { LOBBY_ROOM, matchRoom, type CommandContext } from "../context";
import { fail, lobbyDecision } from "../match-service";
import { snapshotFor } from "../snapshot";

/**
 * Creates a match with a freshly drawn, sealed server seed. Its commitment is public from this moment, before any
 * client seed can be chosen (fair-dice-v1, section 2, step 1). Against the computer, the computer of the chosen level
 * takes the other seat at once and adds its own client seed — drawn after the commitment, like anyone's.
 */
export async function createCommand(ctx: CommandContext, payload: CommandPayload<"lobby:create">): Promise<Ack<CommandReplies["lobby:create"]>> {
  const { actor, computer } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", "Sign in (or play as a guest) to create a match.");
  if (payload.computer && !computer) return fail("ERR_WRONG_STATUS", "This server has no computer players.");
  if (payload.rated && payload.computer) return fail("ERR_BAD_PAYLOAD", "Matches against the computer are never rated.");
  if (payload.rated && actor.isGuest) return fail("ERR_REGISTERED_ONLY", "Rated matches are for registered players: register to play one.");
  const color = payload.color === "random" ? (randomInt(2) === 0 ? "white" : "black") : payload.color;
  const seed = ctx.vault.draw();
  const created = await createMatch(ctx.db, {
    creatorId: actor.id,
    color,
    matchLength: payload.matchLength,
    visibility: payload.visibility,
    seed,
    timeControl: payload.timeControl ?? null,
    rated: payload.rated === true,
    // A match against the computer starts at once; only matches waiting for a person are capped.
    ...(payload.computer ? {} : { maxWaiting: ctx.limits.waitingMatchesPerUser }),
  });
  if (!created.ok) {
    if (created.code === "ERR_TOO_MANY_WAITING") {
      return fail("ERR_TOO_MANY_WAITING", `You have ${ctx.limits.waitingMatchesPerUser} matches waiting for an opponent already; cancel one first.`);
    }
    return created.code === "ERR_REGISTERED_ONLY"
      ? fail("ERR_REGISTERED_ONLY", "Rated matches are for registered players: register to play one.")
      : fail("ERR_UNAUTHENTICATED", "Your account no longer exists; sign in again.");
  }
  const matchId = created.value.match.id;
  if (payload.computer && computer) {
    const computerId = computer.userOf(payload.computer);
    const player = await findPlayer(ctx.db, computerId);
    if (!player) return fail("ERR_INTERNAL", "The computer player's account is missing.");
    // Invited: its creator asked for it.
    const seated = await ctx.service.command(matchId, (live) => lobbyDecision(decideJoin(live.view, player, true), computerId));
    if (!seated.ok) return fail("ERR_INTERNAL", `The computer could not take its seat: ${seated.message}`);
    // Its client seed follows from the stored match (computer-driver.ts), in the snapshot this command answers with.
    await computer.wake(matchId);
  }
  const live = await ctx.service.withMatch(matchId, (held) => held);
  if (!live) return fail("ERR_INTERNAL", "The match was created but could not be loaded; open it from the lobby.");
  await ctx.socket.join(matchRoom(matchId));
  if (payload.visibility === "public" && !payload.computer) ctx.io.to(LOBBY_ROOM).emit("lobby:changed");
  return { ok: true, matchId, inviteToken: live.inviteToken, snapshot: snapshotFor(live, actor, ctx.presence, ctx.abandonAfterMs, ctx.now()) };
}
