/**
 * The lobby's meet commands: who is online now, direct challenges by username (lib/challenge, on the kernel:
 * challenges.ts), and the notices that wait for a user's answer on any page. Thin: the rules are lib's, the path is
 * the kernel's; here are the lookups by name, the per-pair and rate limits, and the answers.
 *
 * @example
 *   socket.emit("challenge:send", { username: "ada", matchLength: 5, color: "random" }, (ack) => show(ack.challenge));
 *   socket.emit("challenge:answer", { challengeId, accept: true }, (ack) => open(ack.matchId));
 */
import { randomInt } from "node:crypto";
import { accountKind } from "@/lib/access/may";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import type { TournamentMatchNotice } from "@/lib/protocol/meet";
import { usernameKey } from "@/server/auth/account-rules";
import type { CommandTable } from "@/server/socket/command-handler";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { answer, fail } from "@/server/socket/failure";
import { hasPendingChallenge, pendingChallenges, recentlyDeclined } from "./challenge-store";
import { challengeViewOf, newChallengeId } from "./challenges";
import { onlinePlayers } from "./online";

type Reply<C extends keyof CommandReplies> = Promise<Ack<CommandReplies[C]>>;

export async function onlineCommand(ctx: CommandContext): Reply<"lobby:online"> {
  return { ok: true, ...(await onlinePlayers(ctx.db, ctx.presence.onlineUsers(), ctx.actor?.id ?? null)) };
}

export async function challengeSendCommand(ctx: CommandContext, payload: CommandPayload<"challenge:send">): Reply<"challenge:send"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "create" });
  const target = await ctx.db.prisma.user.findUnique({ where: { username: usernameKey(payload.username) }, select: { id: true, username: true, isGuest: true, computerLevel: true } });
  if (!target) return fail("ERR_CHALLENGE", { reason: "noPlayer", name: payload.username });
  if (await hasPendingChallenge(ctx.db, actor.id, target.id, ctx.now())) return fail("ERR_CHALLENGE", { reason: "pending", name: target.username });
  const wait = await ctx.actionLimits.takeChallenge(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "challenges", seconds: Math.ceil(wait / 1000) });
  const { id, matchId } = newChallengeId();
  const color = payload.color === "random" ? (randomInt(2) === 0 ? "white" : "black") : payload.color;
  const offered = await ctx.challenges.command(
    id,
    { type: "offer", to: { id: target.id, name: target.username, kind: accountKind(target) }, matchId, matchLength: payload.matchLength, timeControl: payload.timeControl ?? null, rated: payload.rated === true, color },
    participantOf(actor),
  );
  if (!offered.ok) return answer(offered);
  ctx.logger.info("challenge sent", { challengeId: id, fromId: actor.id, toId: target.id });
  return { ok: true, challenge: challengeViewOf(offered.view) };
}

export async function challengeListCommand(ctx: CommandContext): Reply<"challenge:list"> {
  if (!ctx.actor) return { ok: true, received: [], sent: [], declined: [] };
  const [pending, declined] = await Promise.all([pendingChallenges(ctx.db, ctx.actor.id, ctx.now()), recentlyDeclined(ctx.db, ctx.actor.id, ctx.now())]);
  return { ok: true, ...pending, declined };
}

/** Accepting stores the acceptance, then makes the match (both seated) before answering: the page opens a match that exists. */
export async function challengeAnswerCommand(ctx: CommandContext, payload: CommandPayload<"challenge:answer">): Reply<"challenge:answer"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  const answered = await ctx.challenges.command(payload.challengeId, { type: payload.accept ? "accept" : "decline" }, participantOf(actor));
  if (!answered.ok) return answer(answered);
  const offer = answered.view.offer;
  if (!offer) return fail("ERR_CHALLENGE", { reason: "noChallenge" });
  if (payload.accept) {
    await ctx.challenges.makeMatch(answered.view);
    void ctx.computer?.wake(offer.matchId);
  }
  return { ok: true, matchId: offer.matchId };
}

export async function challengeWithdrawCommand(ctx: CommandContext, payload: CommandPayload<"challenge:withdraw">): Reply<"challenge:withdraw"> {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "join" });
  const withdrawn = await ctx.challenges.command(payload.challengeId, { type: "withdraw" }, participantOf(ctx.actor));
  return withdrawn.ok ? { ok: true } : answer(withdrawn);
}

/**
 * What waits for the user's answer on any page, kept until answered: challenges received and sent, and each
 * tournament match made for them that they have not begun (sent their client seed in) and that has no result yet.
 */
export async function noticesCommand(ctx: CommandContext): Reply<"notices:list"> {
  const { actor } = ctx;
  if (!actor || actor.isGuest) return { ok: true, received: [], sent: [], tournamentMatches: [] };
  const [pending, tournamentMatches] = await Promise.all([pendingChallenges(ctx.db, actor.id, ctx.now()), readyTournamentMatches(ctx, actor.id)]);
  return { ok: true, ...pending, tournamentMatches };
}

async function readyTournamentMatches(ctx: CommandContext, userId: string): Promise<TournamentMatchNotice[]> {
  const entries = await ctx.db.prisma.tournamentEntry.findMany({ where: { userId, withdrawn: false, tournament: { status: "running" } }, select: { tournamentId: true }, take: 20 });
  const notices: TournamentMatchNotice[] = [];
  for (const { tournamentId } of entries) {
    const view = await ctx.tournaments.read(tournamentId);
    const round = view?.rounds.at(-1);
    if (!view || !round) continue;
    const index = round.pairings.findIndex((p) => p.white === userId || p.black === userId);
    const matchId = round.matchIds[index];
    if (index < 0 || !matchId || round.winners[index] !== null) continue;
    const seat = round.pairings[index]?.white === userId ? "white" : "black";
    const begun = await ctx.service.withMatch(matchId, (live) => live === null || live.view.clientSeeds[seat] !== null || live.view.ended !== null);
    if (!begun) notices.push({ tournamentId, name: view.settings.name, round: view.rounds.length, matchId });
  }
  return notices;
}

export const meetCommands = {
  "lobby:online": onlineCommand,
  "challenge:send": challengeSendCommand,
  "challenge:list": challengeListCommand,
  "challenge:answer": challengeAnswerCommand,
  "challenge:withdraw": challengeWithdrawCommand,
  "notices:list": noticesCommand,
} satisfies CommandTable;
