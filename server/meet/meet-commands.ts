/**
 * The lobby's meet commands: who is online now, and direct challenges by username. A challenge is a private match
 * created for one player, who is told at once on every page they have open (the `user:<id>` room, across nodes) and
 * answers it: accepting seats them in the match, declining cancels it. Both sides see their waiting challenges after
 * a reload (`challenge:list`).
 *
 * @example
 *   socket.emit("challenge:send", { username: "ada", matchLength: 5, color: "random" }, (ack) => open(ack.matchId));
 *   socket.emit("challenge:answer", { challengeId, accept: true }, (ack) => open(ack.matchId));
 */
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { usernameKey } from "@/server/auth/account-rules";
import { findParticipant } from "@/server/db/users";
import { createCommand } from "@/server/match/commands/create";
import { joinCommand } from "@/server/match/commands/join";
import type { CommandTable } from "@/server/socket/command-handler";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { answerChallenge, hasPendingChallenge, pendingChallenges, pendingChallengeTo, recentlyDeclined, recordChallenge } from "./challenge-store";
import { onlinePlayers } from "./online";
import { rooms } from "@/server/socket/rooms";

type Reply<C extends keyof CommandReplies> = Promise<Ack<CommandReplies[C]>>;

export async function onlineCommand(ctx: CommandContext): Reply<"lobby:online"> {
  return { ok: true, ...(await onlinePlayers(ctx.db, ctx.presence.onlineUsers(), ctx.actor?.id ?? null)) };
}

export async function challengeSendCommand(ctx: CommandContext, payload: CommandPayload<"challenge:send">): Reply<"challenge:send"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "create" });
  if (actor.isGuest) return fail("ERR_CHALLENGE", { reason: "guest" });
  const target = await ctx.db.prisma.user.findUnique({ where: { username: usernameKey(payload.username) }, select: { id: true, username: true, isGuest: true, computerLevel: true } });
  // A guest or a computer is not someone to challenge by name; to the sender they are "no such player".
  if (!target || target.isGuest || target.computerLevel !== null) return fail("ERR_CHALLENGE", { reason: "noPlayer", name: payload.username });
  if (target.id === actor.id) return fail("ERR_CHALLENGE", { reason: "self" });
  if (await hasPendingChallenge(ctx.db, actor.id, target.id)) return fail("ERR_CHALLENGE", { reason: "pending", name: target.username });
  const wait = await ctx.actionLimits.takeChallenge(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "challenges", seconds: Math.ceil(wait / 1000) });
  const { username: _username, ...settings } = payload;
  const created = await createCommand(ctx, { ...settings, visibility: "private" });
  if (!created.ok) return created;
  const challenge = await recordChallenge(ctx.db, { matchId: created.matchId, fromId: actor.id, toId: target.id, at: new Date(ctx.now()) });
  ctx.io.to(rooms.user(target.id)).emit("challenge:received", challenge);
  ctx.logger.info("challenge sent", { challengeId: challenge.id, fromId: actor.id, toId: target.id, matchId: created.matchId });
  return { ok: true, challenge, inviteToken: created.inviteToken };
}

export async function challengeListCommand(ctx: CommandContext): Reply<"challenge:list"> {
  if (!ctx.actor) return { ok: true, received: [], sent: [], declined: [] };
  const [pending, declined] = await Promise.all([pendingChallenges(ctx.db, ctx.actor.id), recentlyDeclined(ctx.db, ctx.actor.id, ctx.now())]);
  return { ok: true, ...pending, declined };
}

export async function challengeAnswerCommand(ctx: CommandContext, payload: CommandPayload<"challenge:answer">): Reply<"challenge:answer"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  const challenge = await pendingChallengeTo(ctx.db, payload.challengeId, actor.id);
  if (!challenge) return fail("ERR_CHALLENGE", { reason: "noChallenge" });
  const match = await ctx.service.withMatch(challenge.matchId, (live) => (live ? { status: live.view.status, inviteToken: live.inviteToken } : null));
  if (!match || match.status !== "waiting") return fail("ERR_CHALLENGE", { reason: "gone" });
  const answered = { challengeId: challenge.id, matchId: challenge.matchId, by: actor.name };
  if (payload.accept) {
    // The seat is taken by the aggregate, which lets one player in: a second accept (another tab) is refused there.
    const joined = await joinCommand(ctx, { matchId: challenge.matchId, ...(match.inviteToken ? { inviteToken: match.inviteToken } : {}) });
    if (!joined.ok) return joined;
    await answerChallenge(ctx.db, challenge.id, "accepted", new Date(ctx.now()));
    ctx.io.to(rooms.user(challenge.from.id)).emit("challenge:answered", { ...answered, accepted: true });
    return { ok: true, matchId: challenge.matchId };
  }
  if (!(await answerChallenge(ctx.db, challenge.id, "declined", new Date(ctx.now())))) return fail("ERR_CHALLENGE", { reason: "noChallenge" });
  // Declined: the match made for it is cancelled in its creator's name (its seed revealed, as any cancel).
  const creator = await findParticipant(ctx.db, challenge.from.id);
  if (creator) {
    const cancelled = await ctx.service.command(challenge.matchId, { type: "cancel" }, creator, ctx.socket.id);
    if (!cancelled.ok) ctx.logger.warn("declined challenge's match not cancelled", { matchId: challenge.matchId, code: cancelled.code });
  }
  ctx.io.to(rooms.user(challenge.from.id)).emit("challenge:answered", { ...answered, accepted: false });
  return { ok: true, matchId: challenge.matchId };
}

export const meetCommands = {
  "lobby:online": onlineCommand,
  "challenge:send": challengeSendCommand,
  "challenge:list": challengeListCommand,
  "challenge:answer": challengeAnswerCommand,
} satisfies CommandTable;
