import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { playCommand } from "./play-action";

/** Offer a double (before rolling). */
export function doubleCommand(ctx: CommandContext, payload: CommandPayload<"match:double">) {
  return playCommand(ctx, payload, { type: "double" });
}

/** Take the offered double: the cube turns and passes to the taker. */
export function takeCommand(ctx: CommandContext, payload: CommandPayload<"match:take">) {
  return playCommand(ctx, payload, { type: "take" });
}

/** Drop the offered double: the game ends and the doubler scores the cube's value before the double. */
export function dropCommand(ctx: CommandContext, payload: CommandPayload<"match:drop">) {
  return playCommand(ctx, payload, { type: "drop" });
}
