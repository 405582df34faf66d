import type { Ack, OpenMatchSummary, CommandReplies } from "@/lib/protocol";
import { listOpenMatches } from "@/server/db/listings";
import { type CommandContext } from "@/server/socket/context";
import { rooms } from "@/server/socket/rooms";

/** Public matches waiting for an opponent; the asking socket also hears when the list changes. */
export async function listCommand(ctx: CommandContext): Promise<Ack<CommandReplies["lobby:list"]>> {
  await ctx.socket.join(rooms.lobby);
  const page = await listOpenMatches(ctx.db, { pageSize: 50 });
  const openMatches: OpenMatchSummary[] = page.items.map((match) => ({
    matchId: match.id,
    matchLength: match.matchLength,
    visibility: match.visibility,
    rated: match.rated,
    creator: { id: match.creator.id, name: match.creator.username },
    openColor: match.white ? "black" : "white",
    timeControl: match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null,
    createdAt: match.createdAt.toISOString(),
  }));
  return { ok: true, openMatches };
}
