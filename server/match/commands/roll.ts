import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { playCommand } from "./play-action";

/**
 * The player on roll rolls (declining to double); the dice come from the match's seeds, drawn by the aggregate. In a
 * fair-dice-v2 match the roll carries the roller's salt for its nonce, and both players send one for an opening roll.
 */
export function rollCommand(ctx: CommandContext, payload: CommandPayload<"match:roll">) {
  const { salt, nonce, ...onMatch } = payload;
  return playCommand(ctx, onMatch, { type: "roll", ...(salt !== undefined && { salt }), ...(nonce !== undefined && { nonce }) });
}
