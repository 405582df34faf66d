import { checkRoll } from "@/lib/engine/match";
import type { CommandPayload, ErrorCode } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { fail } from "../match-service";
import { playAction } from "./play-action";

/** The player on roll rolls (declining to double). */
export function rollCommand(ctx: CommandContext, payload: CommandPayload<"match:roll">) {
  return playAction(ctx, payload, (seat, live) => {
    // Ask the engine first: a refused roll must not consume a nonce or open the seed.
    const allowed = checkRoll(live.view.state, seat);
    if (!allowed.ok) return fail(allowed.code as ErrorCode, allowed.message);
    const roll = ctx.service.rollNext(live, "turn", seat);
    return { action: { type: "roll", player: seat, dice: roll.dice }, roll };
  });
}
