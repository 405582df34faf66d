/**
 * POST /api/admin/chat {action, messageId | userId, minutes?}: an administrator moderates chat (lib/chat/moderation.ts,
 * server/chat/chat-moderation.ts). Administrators only (withAdmin: 403 for anyone else, a visitor too), same-site JSON
 * only (403, 415), one known action with well-formed ids only (400, nothing changed), an existing message or user
 * (404). Answers 200 {action, changed} — `changed: false` when it was already so (asking again is harmless). A hidden
 * or deleted message is dropped live by every client in its channel: `chat:removed` to the channel's room, on every
 * node.
 *
 * @example
 *   export const POST = withAdmin((request, admin) => chatModerationResponse(getDb(), request, admin, chatRooms()));
 */
import { parseModeration } from "@/lib/chat/moderation";
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";
import { moderateChat } from "@/server/chat/chat-moderation";
import { type ChatRooms } from "@/server/chat/chat-rooms";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { rooms } from "@/server/socket/rooms";

export async function chatModerationResponse(db: Db, request: Request, admin: UserRow, sockets: ChatRooms | null, now = new Date()): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const parsed = parseModeration(await readJsonObject(request));
  if (!parsed.ok) return jsonError(parsed.code, parsed.values);
  const done = await moderateChat(db, admin.id, parsed.value, now);
  if (!done.ok) return jsonError(done.code, done.values);
  const { removed } = done.value;
  // After the commit: a client told to drop it can no longer get it back from a history.
  if (removed) sockets?.to(rooms.chat(removed.channel)).emit("chat:removed", removed);
  return Response.json({ action: parsed.value.action, changed: done.value.changed }, { headers: { "cache-control": "no-store" } });
}
