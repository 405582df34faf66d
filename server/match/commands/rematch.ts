/**
 * Rematch, at the end of a match: either player offers it (`match:rematch`), the opponent accepts or declines
 * (`match:rematch-answer`). Accepting makes a new match with the same settings — length, time control, public or
 * private — and the colours swapped, with both players already seated (it then asks each for a client seed, as every
 * match does: fair-dice-v1 needs them), and tells both pages through `match:rematch`, which open it. Against the
 * computer the offer is accepted at once. The offer lives on the finished match's row (server/db/rematch.ts), so it
 * survives a restart and is seen by every node; the match's queue orders the offers and answers of one node, and the
 * conditional writes those of several.
 */
import { opponentOf, type Color } from "@/lib/engine/types";
import { decideJoin, type Ack, type CommandPayload, type CommandReplies, type RematchState } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import { createMatch } from "@/server/db/matches";
import { declineRematch, offerRematch, recordRematch } from "@/server/db/rematch";
import { matchRoom, type CommandContext } from "../context";
import type { LiveMatch } from "../live-match";
import { fail, lobbyDecision } from "../match-service";

type Reply = Ack<CommandReplies["match:rematch"]>;

const NONE: RematchState = { offeredBy: null, matchId: null };

/** The finished match's seats as the asker sees them, or the refusal. */
function seatsFor(live: LiveMatch | null, userId: string): { readonly seat: Color; readonly opponentId: string } | Extract<Reply, { ok: false }> {
  if (!live) return fail("ERR_NOT_FOUND", "There is no such match.");
  const seat = seatOf(live.view, userId);
  if (!seat) return fail("ERR_NOT_A_PLAYER", "Only the players of a match can ask for a rematch.");
  if (live.view.status !== "finished") {
    return fail("ERR_WRONG_STATUS", live.view.status === "aborted" ? "A cancelled match has no rematch." : "A rematch can be asked for once the match is over.");
  }
  const opponent = live.view.players[opponentOf(seat)];
  if (!opponent) return fail("ERR_WRONG_STATUS", "This match had no opponent.");
  return { seat, opponentId: opponent.id };
}

function announce(ctx: CommandContext, matchId: string, rematch: RematchState, declinedBy: Color | null): void {
  ctx.io.to(matchRoom(matchId)).emit("match:rematch", { matchId, rematch, declinedBy });
}

/**
 * Decides a rematch command of one of a finished match's players, in the match's queue: `decide` gets the match,
 * the asker's seat and the rematch as it stands.
 */
async function forPlayer(
  ctx: CommandContext,
  matchId: string,
  decide: (live: LiveMatch, seats: { readonly seat: Color; readonly opponentId: string }, current: RematchState) => Promise<Reply>,
): Promise<Reply> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", "Sign in to play.");
  return ctx.service.withMatch(matchId, async (live): Promise<Reply> => {
    const seats = seatsFor(live, actor.id);
    if ("ok" in seats) return seats;
    return decide(live as LiveMatch, seats, live?.rematch ?? NONE);
  });
}

export async function rematchCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch">): Promise<Reply> {
  return forPlayer(ctx, payload.matchId, async (live, seats, current) => {
    if (current.matchId !== null || current.offeredBy === seats.seat) return { ok: true, rematch: current };
    // Both asked: the second offer accepts the first.
    if (current.offeredBy !== null) return makeRematch(ctx, live, current.offeredBy);
    if (!(await offerRematch(ctx.db, payload.matchId, seats.seat))) return fail("ERR_CONFLICT", "The rematch changed meanwhile; look again.");
    // The computer always accepts.
    if (ctx.computer?.isComputer(seats.opponentId)) return makeRematch(ctx, live, seats.seat);
    const rematch: RematchState = { offeredBy: seats.seat, matchId: null };
    announce(ctx, payload.matchId, rematch, null);
    return { ok: true, rematch };
  });
}

export async function rematchAnswerCommand(ctx: CommandContext, payload: CommandPayload<"match:rematch-answer">): Promise<Reply> {
  return forPlayer(ctx, payload.matchId, async (live, seats, current) => {
    if (current.matchId !== null) return { ok: true, rematch: current };
    if (current.offeredBy !== opponentOf(seats.seat)) return fail("ERR_WRONG_STATUS", "Your opponent has not offered a rematch.");
    if (payload.accept) return makeRematch(ctx, live, current.offeredBy);
    if (!(await declineRematch(ctx.db, payload.matchId, current.offeredBy))) return fail("ERR_CONFLICT", "The rematch changed meanwhile; look again.");
    announce(ctx, payload.matchId, NONE, seats.seat);
    return { ok: true, rematch: NONE };
  });
}

/** The new match for `offeredBy`'s accepted offer: same settings, colours swapped, both seated. */
async function makeRematch(ctx: CommandContext, live: LiveMatch, offeredBy: Color): Promise<Reply> {
  const { view } = live;
  const offerer = view.players[offeredBy];
  const accepter = view.players[opponentOf(offeredBy)];
  if (!offerer || !accepter) return fail("ERR_WRONG_STATUS", "This match had no opponent.");
  const created = await createMatch(ctx.db, {
    creatorId: offerer.id,
    color: opponentOf(offeredBy),
    matchLength: view.matchLength,
    visibility: view.visibility,
    seed: ctx.vault.draw(),
    timeControl: view.timeControl,
    rated: view.rated === true,
  });
  if (!created.ok) return fail("ERR_WRONG_STATUS", "Your opponent's account no longer exists.");
  const matchId = created.value.match.id;
  // Invited: the rematch is theirs.
  const seated = await ctx.service.command(matchId, (next) => lobbyDecision(decideJoin(next.view, accepter, true), accepter.id));
  if (!seated.ok) return fail("ERR_INTERNAL", `The rematch could not seat both players: ${seated.message}`);
  if (!(await recordRematch(ctx.db, view.matchId, offeredBy, matchId))) {
    // Another node answered the same offer first: this match is not the rematch.
    await ctx.service.command(matchId, (next) => ({ ok: true, draft: ctx.service.endDraft(next, "cancelled", null, "The rematch was made twice; this copy was cancelled.", null) }));
    return fail("ERR_CONFLICT", "The rematch changed meanwhile; look again.");
  }
  const rematch: RematchState = { offeredBy, matchId };
  announce(ctx, view.matchId, rematch, null);
  if (ctx.computer) void ctx.computer.wake(matchId);
  return { ok: true, rematch };
}
