/**
 * Rematch, at the end of a match: either player offers it (`match:rematch`), the opponent accepts or declines
 * (`match:rematch-answer`); the rules and the events are lib/match/rematch.ts. An answer that agrees the rematch stores
 * `rematch-made` on the finished match, naming the new match's id (`rematchIdOf`); the match itself is made by a
 * reaction to that stored event (server/reactions/rematch-reactions.ts), which then sends both pages to it. The
 * answer waits for that match, so the answering page too never opens a match that does not exist yet.
 */
import type { MatchCommand } from "@/lib/match";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

type Reply = Ack<CommandReplies["match:rematch"]>;

export function rematchCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch">): Promise<Reply> {
  return rematch(ctx, payload.matchId, { type: "rematch-offer" });
}

export function rematchAnswerCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch-answer">): Promise<Reply> {
  return rematch(ctx, payload.matchId, { type: "rematch-answer", accept: payload.accept });
}

async function rematch(ctx: CommandContext, matchId: string, command: MatchCommand): Promise<Reply> {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "play" });
  // No origin: the answer carries the rematch, not the events, so the sender's page hears them as everyone does.
  const stored = await ctx.service.command(matchId, command, participantOf(ctx.actor));
  if (!stored.ok) return stored;
  const view = await ctx.service.withMatch(matchId, (live) => live?.view ?? null);
  if (!view) return fail("ERR_NOT_FOUND");
  // Not made yet (the database away, say): the reaction retries it, and the page is sent there once it exists.
  if (view.rematch.matchId && !(await ctx.rematches.ready(matchId).catch(() => false))) return fail("ERR_WRONG_STATUS", { reason: "rematchNotMade", cause: "ERR_UNAVAILABLE" });
  return { ok: true, rematch: view.rematch };
}
