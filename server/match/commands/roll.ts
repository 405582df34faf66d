import { checkRoll } from "@/lib/engine/match";
import type { CommandPayload, ErrorCode } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { fail, type MatchService } from "../match-service";
import { playAction, type PlayBuilder } from "./play-action";

/** The player on roll rolls (declining to double). */
export function rollCommand(ctx: CommandContext, payload: CommandPayload<"match:roll">) {
  return playAction(ctx, payload, rollBuilder(ctx.service));
}

/** A roll for the seat on roll, its dice drawn from the match's seeds (by a person's command or the computer's). */
export function rollBuilder(service: MatchService): PlayBuilder {
  return (seat, live) => {
    // Ask the engine first: a refused roll must not consume a nonce or open the seed.
    const allowed = checkRoll(live.view.state, seat);
    if (!allowed.ok) return fail(allowed.code as ErrorCode, allowed.message);
    const roll = service.rollNext(live, "turn", seat);
    return { action: { type: "roll", player: seat, dice: roll.dice }, roll };
  };
}
