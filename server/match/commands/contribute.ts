import type { CommandPayload } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { playCommand } from "./play-action";

/**
 * fair-dice-v3 (docs/fair-dice-v3.md, section 2): a player's browser commits its chain's head for the game. The
 * aggregate checks the game and the head's form, and takes only one head per player and game.
 */
export function chainCommand(ctx: CommandContext, payload: CommandPayload<"match:chain">) {
  const { game, head, matchId } = payload;
  return playCommand(ctx, { matchId }, { type: "commit-chain", game, head });
}

/**
 * fair-dice-v3: a player's browser reveals its next chain value for roll `nonce`, which the aggregate checks against
 * the committed chain before the roll is made. Not pinned to a version: the value belongs to its nonce alone.
 */
export function revealCommand(ctx: CommandContext, payload: CommandPayload<"match:reveal">) {
  const { nonce, value, nextHead, matchId } = payload;
  return playCommand(ctx, { matchId }, { type: "reveal", nonce, value, ...(nextHead !== undefined && { nextHead }) });
}
