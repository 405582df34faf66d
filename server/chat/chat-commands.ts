/**
 * The chat's socket commands: join a channel (its history and your mutes), leave it, send, mute a user, report a
 * message. Every command checks access again from the session and the match (never from what the socket joined
 * before), stores a message before it is broadcast, and answers a channel of a match the sender may not see exactly
 * as a match that does not exist. A user an administrator muted or banned site-wide is refused at every send, from
 * the database (server/chat/chat-moderation.ts), whichever node they are on.
 *
 * @example
 *   socket.emit("chat:join", { channel: "match:abc123:players" }, (ack) => ack.ok && show(ack.messages));
 *   socket.emit("chat:send", { channel: "lobby", text: "gl hf" }, (ack) => ack.ok || showError(ack));
 */
import { chatAccess, cleanChatText, parseChannel, type ChatAccess, type ChatChannel } from "@/lib/chat";
import { sanctionRefusal } from "@/lib/chat/moderation";
import { seatOf } from "@/lib/match";
import type { Ack, CommandPayload, CommandReplies, Failure } from "@/lib/protocol";
import { clientAddress } from "@/server/auth/client-address";
import type { CommandTable } from "@/server/socket/command-handler";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { canView, NOT_VISIBLE } from "@/server/match/visibility";
import { chatSanctionOf } from "./chat-moderation";
import { chatHistory, messageChannel, mutedBy, reportMessage, saveChatMessage, setMute } from "./chat-store";
import { rooms } from "@/server/socket/rooms";
import { accountKind } from "@/lib/access/may";

type Reply<C extends keyof CommandReplies> = Promise<Ack<CommandReplies[C]>>;

/** The channel and what the sender may do in it, or the refusal (an unknown or unseen match: NOT_VISIBLE). */
async function accessTo(ctx: CommandContext, name: string, invite?: string): Promise<{ channel: ChatChannel; access: ChatAccess } | Failure> {
  const parsed = parseChannel(name);
  if (!parsed.ok) return fail(parsed.code, parsed.values);
  const channel = parsed.value;
  const { actor } = ctx;
  const account = actor === null ? "none" : accountKind(actor) === "registered" ? "registered" : "guest";
  if (channel.kind === "lobby") return { channel, access: chatAccess(channel, { account, seated: false }) };
  const seated = await ctx.service.withMatch(channel.matchId, (live) => (live !== null && canView(live, actor, invite) ? seatOf(live.view, actor?.id) !== null : null));
  if (seated === null) return NOT_VISIBLE;
  return { channel, access: chatAccess(channel, { account, seated }) };
}

export async function chatJoinCommand(ctx: CommandContext, payload: CommandPayload<"chat:join">): Reply<"chat:join"> {
  const found = await accessTo(ctx, payload.channel, payload.inviteToken);
  if ("ok" in found) return found;
  if (!found.access.read) return fail("ERR_CHAT", { reason: "noRead" });
  await ctx.socket.join(rooms.chat(payload.channel));
  const readerId = ctx.actor?.id ?? null;
  const [messages, muted] = await Promise.all([chatHistory(ctx.db, payload.channel, readerId), readerId ? mutedBy(ctx.db, readerId) : []]);
  return { ok: true, messages, muted, canWrite: found.access.write };
}

export async function chatLeaveCommand(ctx: CommandContext, payload: CommandPayload<"chat:leave">): Reply<"chat:leave"> {
  await ctx.socket.leave(rooms.chat(payload.channel));
  return { ok: true };
}

export async function chatSendCommand(ctx: CommandContext, payload: CommandPayload<"chat:send">): Reply<"chat:send"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "chat" });
  const text = cleanChatText(payload.text);
  if (!text.ok) return fail(text.code, text.values);
  const sanctioned = sanctionRefusal(await chatSanctionOf(ctx.db, actor.id), ctx.now());
  if (sanctioned) return fail(sanctioned.code, sanctioned.values);
  const found = await accessTo(ctx, payload.channel, payload.inviteToken);
  if ("ok" in found) return found;
  if (!found.access.write) return fail("ERR_CHAT", { reason: actor.isGuest && found.channel.kind !== "players" ? "guest" : "noWrite" });
  // The address the server stamped on the socket's handshake request (server/main.ts), as the HTTP limits see it.
  const wait = await ctx.actionLimits.takeMessage(actor.id, clientAddress(ctx.socket.request.headers));
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "chat", seconds: Math.ceil(wait / 1000) });
  const message = await saveChatMessage(ctx.db, payload.channel, actor.id, text.value, new Date(ctx.now()));
  // Stored first: what anyone sees survives a reload and a crash. The sender has it in the answer.
  ctx.socket.to(rooms.chat(payload.channel)).emit("chat:message", message);
  return { ok: true, message };
}

export async function chatMuteCommand(ctx: CommandContext, payload: CommandPayload<"chat:mute">): Reply<"chat:mute"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "chat" });
  if (payload.userId === actor.id) return fail("ERR_CHAT", { reason: "muteSelf" });
  if (!(await setMute(ctx.db, actor.id, payload.userId, payload.muted))) return fail("ERR_CHAT", { reason: "noUser" });
  return { ok: true, muted: await mutedBy(ctx.db, actor.id) };
}

export async function chatReportCommand(ctx: CommandContext, payload: CommandPayload<"chat:report">): Reply<"chat:report"> {
  const { actor } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "chat" });
  const stored = await messageChannel(ctx.db, payload.messageId);
  // Only a message one could read can be reported; any other id is answered as one that does not exist.
  const found = stored && (await accessTo(ctx, stored.channel, payload.inviteToken));
  if (!stored || !found || "ok" in found || !found.access.read) return fail("ERR_CHAT", { reason: "noMessage" });
  if (stored.authorId === actor.id) return fail("ERR_CHAT", { reason: "reportSelf" });
  const wait = await ctx.actionLimits.takeReport(actor.id);
  if (wait > 0) return fail("ERR_RATE_LIMITED", { reason: "chat", seconds: Math.ceil(wait / 1000) });
  await reportMessage(ctx.db, payload.messageId, actor.id);
  ctx.logger.info("chat message reported", { messageId: payload.messageId, reporterId: actor.id });
  return { ok: true };
}

export const chatCommands = {
  "chat:join": chatJoinCommand,
  "chat:leave": chatLeaveCommand,
  "chat:send": chatSendCommand,
  "chat:mute": chatMuteCommand,
  "chat:report": chatReportCommand,
} satisfies CommandTable;
