import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { playCommand } from "./play-action";

/** Offer to resign: the opponent would win 1, 2 or 3 times the cube (single game, gammon, backgammon). */
export function resignCommand(ctx: CommandContext, payload: CommandPayload<"match:resign">) {
  return playCommand(ctx, payload, { type: "resign-offer", level: payload.level });
}

export function resignAcceptCommand(ctx: CommandContext, payload: CommandPayload<"match:resign-accept">) {
  return playCommand(ctx, payload, { type: "resign-accept" });
}

export function resignDeclineCommand(ctx: CommandContext, payload: CommandPayload<"match:resign-decline">) {
  return playCommand(ctx, payload, { type: "resign-decline" });
}
