/**
 * Rematch, at the end of a match: either player offers it (`match:rematch`), the opponent accepts or declines
 * (`match:rematch-answer`); the rules and the events are lib/match/rematch.ts. An answer that makes the rematch first
 * creates the new match — same settings, colours swapped, both players seated, under the id the finished match fixes
 * for it (`rematchIdOf`) — and then stores `rematch-made` on the finished match, whose broadcast opens it on both
 * pages: no page is sent to a match that does not exist yet, and two nodes answering at once make one match.
 */
import { rematchCreation, type MatchCommand } from "@/lib/match";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { answer, fail } from "@/server/socket/failure";

type Reply = Ack<CommandReplies["match:rematch"]>;

export function rematchCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch">): Promise<Reply> {
  return rematch(ctx, payload.matchId, { type: "rematch-offer" });
}

export function rematchAnswerCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch-answer">): Promise<Reply> {
  return rematch(ctx, payload.matchId, { type: "rematch-answer", accept: payload.accept });
}

async function rematch(ctx: CommandContext, matchId: string, command: MatchCommand): Promise<Reply> {
  if (!ctx.actor) return fail("ERR_UNAUTHENTICATED", { reason: "play" });
  const actor = participantOf(ctx.actor);
  const preview = await ctx.service.preview(matchId, command, actor);
  if (!preview) return fail("ERR_NOT_FOUND");
  if (!preview.ok) return answer(preview);
  // Each player's account kind (a computer accepter included) is in their seat's record.
  const planned = preview.events.some((event) => event.type === "rematch-made") ? rematchCreation(preview.view) : null;
  if (planned) {
    const created = await ctx.service.create(planned.command, { creator: planned.creator, matchId: planned.matchId });
    // Made already by another node's answer to the same offer: the same id, the same match.
    if (!created.ok && created.code !== "ERR_MATCH_EXISTS") return fail("ERR_WRONG_STATUS", { reason: "rematchNotMade", cause: created.code });
  }
  // No origin: the answer carries the rematch, not the events, so the sender's page hears them as everyone does.
  const stored = await ctx.service.command(matchId, command, actor);
  if (!stored.ok) return stored;
  const view = await ctx.service.withMatch(matchId, (live) => live?.view ?? null);
  if (!view) return fail("ERR_NOT_FOUND");
  if (view.rematch.matchId) void ctx.computer?.wake(view.rematch.matchId);
  return { ok: true, rematch: view.rematch };
}
