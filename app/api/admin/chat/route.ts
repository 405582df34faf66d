// POST /api/admin/chat — an administrator hides or deletes a message, closes its reports, or mutes or bans a user
// from chat site-wide (server/http/chat-moderation-response.ts).
import { withAdmin } from "@/server/auth/require-admin";
import { chatRooms } from "@/server/chat/chat-rooms";
import { getDb } from "@/server/db/client";
import { chatModerationResponse } from "@/server/http/chat-moderation-response";

export const POST = withAdmin((request, admin) => chatModerationResponse(getDb(), request, admin, chatRooms()));
