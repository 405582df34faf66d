import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { playAction } from "./play-action";

/** Offer a double (before rolling). */
export function doubleCommand(ctx: CommandContext, payload: CommandPayload<"match:double">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "double", player: seat } }));
}

/** Take the offered double: the cube turns and passes to the taker. */
export function takeCommand(ctx: CommandContext, payload: CommandPayload<"match:take">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "take", player: seat } }));
}

/** Drop the offered double: the game ends and the doubler scores the cube's value before the double. */
export function dropCommand(ctx: CommandContext, payload: CommandPayload<"match:drop">) {
  return playAction(ctx, payload, (seat) => ({ action: { type: "drop", player: seat } }));
}
