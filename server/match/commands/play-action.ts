/**
 * The shared path of every rules command (roll, double, take, drop, move, resign and its answers): the aggregate
 * (lib/match `decide`) checks the seat, the match's status and the rules, and draws the dice of a roll; its refusal
 * comes back as the answer, with its code and values (and the English sentence, server/match/failure.ts), and nothing
 * is stored. The computer's driver sends the same
 * command as its seat's user.
 */
import type { PlayRequest } from "@/lib/match";
import type { Ack, StoredEvents } from "@/lib/protocol";
import { participantOf, type CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";

export interface PlayPayload {
  readonly matchId: string;
  readonly expectedVersion?: number;
}

export function playCommand(ctx: CommandContext, payload: PlayPayload, play: PlayRequest): Promise<Ack<StoredEvents>> {
  if (!ctx.actor) return Promise.resolve(fail("ERR_UNAUTHENTICATED", { reason: "spectator" }));
  return ctx.service.command(payload.matchId, { type: "play", play, expectedVersion: payload.expectedVersion }, participantOf(ctx.actor), ctx.socket.id);
}
