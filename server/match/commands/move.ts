import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { playAction } from "./play-action";

/** A whole play for the rolled dice; accepted only if lib/engine finds it among the legal plays. */
export function moveCommand(ctx: CommandContext, payload: CommandPayload<"match:move">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "move", player: seat, moves: payload.moves } }));
}
