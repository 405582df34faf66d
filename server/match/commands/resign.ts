import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { playAction } from "./play-action";

/** Offer to resign: the opponent would win 1, 2 or 3 times the cube (single game, gammon, backgammon). */
export function resignCommand(ctx: CommandContext, payload: CommandPayload<"match:resign">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "resign-offer", player: seat, level: payload.level } }));
}

export function resignAcceptCommand(ctx: CommandContext, payload: CommandPayload<"match:resign-accept">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "resign-accept", player: seat } }));
}

export function resignDeclineCommand(ctx: CommandContext, payload: CommandPayload<"match:resign-decline">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "resign-decline", player: seat } }));
}
