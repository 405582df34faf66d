import { validateClientSeed } from "@/lib/dice";
import { opponentOf, type Color } from "@/lib/engine/types";
import type { Ack, CommandPayload, CommandReplies, ErrorCode } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import { recordClientSeed } from "@/server/db/matches";
import type { Db } from "@/server/db/client";
import type { CommandContext } from "../context";
import { fail, type MatchService } from "../match-service";

const SEED_ERRORS: Record<string, ErrorCode> = {
  ERR_MATCH_NOT_FOUND: "ERR_NOT_FOUND",
  ERR_CLIENT_SEED_ALREADY_SET: "ERR_SEED_ALREADY_SUBMITTED",
  ERR_COMMITMENT_MISMATCH: "ERR_COMMITMENT_MISMATCH",
};

/**
 * A player's client seed, sent with the commitment their client displayed (fair-dice-v1, section 2, step 2). A
 * different commitment is refused; each seat submits once; when both are in, the opening roll follows by itself.
 */
export async function seedCommand(ctx: CommandContext, payload: CommandPayload<"match:seed">): Promise<Ack<CommandReplies["match:seed"]>> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", "Sign in to play.");
  const computer = ctx.computer;
  if (computer) {
    // Against the computer, its seed is fixed before a person's (docs/provably-fair.md, "Playing the computer"): a
    // computer seed drawn after the person's could be chosen to favour it. Only a restart between its seat and its
    // seed can leave it missing; the driver adds it at once.
    const waiting = await ctx.service.withMatch(payload.matchId, (live) => {
      const seat = live ? seatOf(live.view, actor.id) : null;
      const other = live && seat ? live.view.players[opponentOf(seat)] : null;
      return live !== null && other !== null && computer.isComputer(other.id) && live.view.clientSeeds[opponentOf(seat as Color)] === null;
    });
    if (waiting) {
      void computer.wake(payload.matchId);
      return fail("ERR_WRONG_STATUS", "The computer adds its client seed first; try again in a moment.");
    }
  }
  return submitClientSeed(ctx.service, ctx.db, actor.id, payload, ctx.socket.id);
}

/**
 * Records the client seed of the seat `actorId` holds: a person's (seedCommand) or the computer's, whose seed the
 * server draws once the commitment is published (server/match/computer-driver.ts).
 */
export async function submitClientSeed(
  service: MatchService,
  db: Db,
  actorId: string,
  payload: CommandPayload<"match:seed">,
  origin?: string,
): Promise<Ack<CommandReplies["match:seed"]>> {
  const valid = validateClientSeed(payload.clientSeed);
  if (!valid.ok) return fail("ERR_BAD_CLIENT_SEED", valid.message);
  const { result, events } = await service.external(payload.matchId, async (live) => {
    const seat = seatOf(live.view, actorId);
    if (!seat) return fail("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
    if (live.view.ended) return fail("ERR_WRONG_STATUS", "The match is over.");
    if (payload.commitment !== live.view.commitment) {
      return fail("ERR_COMMITMENT_MISMATCH", "Your client showed a different commitment than this match's; reload the page before choosing a seed.");
    }
    return recordClientSeed(db, { matchId: payload.matchId, color: seat, seed: payload.clientSeed, expectedCommitment: payload.commitment, actorId });
  }, origin);
  if (!result.ok) return fail(SEED_ERRORS[result.code] ?? (result.code as ErrorCode), result.message);
  return { ok: true, version: result.value.version, events };
}
