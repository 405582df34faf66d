import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { playCommand } from "./play-action";

/** A whole play for the rolled dice; accepted only if lib/engine finds it among the legal plays. */
export function moveCommand(ctx: CommandContext, payload: CommandPayload<"match:move">) {
  return playCommand(ctx, payload, { type: "move", moves: payload.moves });
}
