import { opponentOf, type Color } from "@/lib/engine/types";
import { decideClientSeed, type Ack, type CommandPayload, type CommandReplies } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import type { CommandContext } from "../context";
import { fail, lobbyDecision, type MatchService } from "../match-service";

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
  return submitClientSeed(ctx.service, actor.id, payload, ctx.socket.id);
}

/**
 * Records the client seed of the seat `actorId` holds: a person's (seedCommand) or the computer's, whose seed the
 * server draws once the commitment is published (server/match/computer-driver.ts). When it is the second seed, the
 * opening roll follows by itself and is in the answer's events.
 */
export function submitClientSeed(
  service: MatchService,
  actorId: string,
  payload: CommandPayload<"match:seed">,
  origin?: string,
): Promise<Ack<CommandReplies["match:seed"]>> {
  return service.command(
    payload.matchId,
    (live) => lobbyDecision(decideClientSeed(live.view, actorId, payload.clientSeed, payload.commitment), actorId),
    origin,
  );
}
