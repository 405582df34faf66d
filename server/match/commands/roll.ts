import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "../context";
import { playCommand } from "./play-action";

/** The player on roll rolls (declining to double); the dice come from the match's seeds, drawn by the aggregate. */
export function rollCommand(ctx: CommandContext, payload: CommandPayload<"match:roll">) {
  return playCommand(ctx, payload, { type: "roll" });
}
