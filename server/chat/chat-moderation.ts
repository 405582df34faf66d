/**
 * What an administrator does to chat from /admin/chat, in the database: hide or delete a message, close its reports,
 * mute a user site-wide for a while, ban them from chat, and lift either. Each is idempotent — a conditional update
 * changes the row at most once however many times (or at once) it is asked, and only a change is written to the admin
 * audit trail, in the same transaction — and answers whether it changed anything. Sanctions live in the database
 * (ChatSanction), so every node refuses a sanctioned user's messages the moment the change commits: no node caches
 * them.
 *
 * @example
 *   const done = await moderateChat(db, admin.id, { action: "hide", messageId }, new Date());
 *   // { ok: true, value: { changed: true, removed: { id: messageId, channel: "lobby" } } }
 */
import type { MessageAction, ModerationRequest } from "@/lib/chat/moderation";
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "@/server/db/client";
import { inTransaction, isForeignKeyViolation, uniqueViolation, type Tx } from "@/server/db/transaction";

/** The audit trail's action codes ("chat-hide", "chat-mute", …): one per moderation action. */
export const CHAT_AUDIT_PREFIX = "chat-";

export interface ModerationDone {
  /** False when the message or user was already in the state asked for: nothing was written. */
  readonly changed: boolean;
  /** A message that has just left every history: the channel's connected clients are told to drop it. */
  readonly removed?: { readonly id: string; readonly channel: string };
}

type Refusal = "ERR_NOT_FOUND" | "ERR_USER_NOT_FOUND" | "ERR_BAD_REQUEST";

async function audit(tx: Tx, adminId: string, action: string, details: Record<string, unknown>): Promise<void> {
  await tx.adminAudit.create({ data: { adminId, action: `${CHAT_AUDIT_PREFIX}${action}`, details: JSON.stringify(details) } });
}

async function onMessage(tx: Tx, adminId: string, action: MessageAction, messageId: string, now: Date): Promise<Result<ModerationDone, Refusal>> {
  const message = await tx.chatMessage.findUnique({ where: { id: messageId }, select: { channel: true, authorId: true } });
  if (!message) return err("ERR_NOT_FOUND", { reason: "chatMessage" });
  let changed: boolean;
  if (action === "hide" || action === "delete") {
    const hidden = await tx.chatMessage.updateMany({ where: { id: messageId, hiddenAt: null }, data: { hiddenAt: now, hiddenById: adminId } });
    // A deletion erases the text for good (what was said leaves the audit trail too: it names the message only).
    const deleted = action === "delete" ? await tx.chatMessage.updateMany({ where: { id: messageId, deletedAt: null }, data: { deletedAt: now, text: "" } }) : { count: 0 };
    changed = hidden.count + deleted.count > 0;
    // Acting on a message answers its reports.
    if (changed) await tx.chatReport.updateMany({ where: { messageId, resolvedAt: null }, data: { resolvedAt: now, resolvedById: adminId, resolution: "resolved" } });
    if (changed) await audit(tx, adminId, action, { messageId, channel: message.channel, authorId: message.authorId });
    return ok(hidden.count > 0 ? { changed, removed: { id: messageId, channel: message.channel } } : { changed });
  }
  const resolution = action === "resolve" ? "resolved" : "dismissed";
  const closed = await tx.chatReport.updateMany({ where: { messageId, resolvedAt: null }, data: { resolvedAt: now, resolvedById: adminId, resolution } });
  changed = closed.count > 0;
  if (changed) await audit(tx, adminId, action, { messageId, channel: message.channel, authorId: message.authorId, reports: closed.count });
  return ok({ changed });
}

async function onUser(tx: Tx, adminId: string, request: Extract<ModerationRequest, { userId: string }>, now: Date): Promise<Result<ModerationDone, Refusal>> {
  const { userId } = request;
  if (userId === adminId) return err("ERR_BAD_REQUEST", { reason: "moderateSelf" });
  const user = await tx.user.findUnique({ where: { id: userId }, select: { username: true } });
  if (!user) return err("ERR_USER_NOT_FOUND");
  const details: Record<string, unknown> = { userId, username: user.username };
  let count: number;
  switch (request.action) {
    case "mute": {
      // To the whole minute, so that the same mute asked twice (a double click, a retry) is one change.
      const until = new Date(Math.ceil((now.getTime() + request.minutes * 60_000) / 60_000) * 60_000);
      count = (await tx.chatSanction.updateMany({ where: { userId, OR: [{ mutedUntil: null }, { mutedUntil: { not: until } }] }, data: { mutedUntil: until, byId: adminId } })).count;
      Object.assign(details, { minutes: request.minutes, until: until.toISOString() });
      break;
    }
    case "ban":
      count = (await tx.chatSanction.updateMany({ where: { userId, bannedAt: null }, data: { bannedAt: now, byId: adminId } })).count;
      break;
    case "unmute":
      count = (await tx.chatSanction.updateMany({ where: { userId, mutedUntil: { not: null } }, data: { mutedUntil: null, byId: adminId } })).count;
      break;
    case "unban":
      count = (await tx.chatSanction.updateMany({ where: { userId, bannedAt: { not: null } }, data: { bannedAt: null, byId: adminId } })).count;
      break;
  }
  if (count > 0) await audit(tx, adminId, request.action, details);
  return ok({ changed: count > 0 });
}

/**
 * The user's sanction row, empty (no mute, no ban: it sanctions nothing), for a mute or a ban to update. Made before
 * their transaction: two at once both try to insert, and on PostgreSQL the loser's unique violation would abort a
 * transaction — here it only means the row is there.
 */
async function ensureSanctionRow(db: Db, userId: string, adminId: string): Promise<void> {
  if ((await db.prisma.chatSanction.count({ where: { userId } })) > 0) return;
  try {
    await db.prisma.chatSanction.create({ data: { userId, byId: adminId } });
  } catch (error) {
    // P2003: no such user — the transaction says so.
    if (!uniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
  }
}

/** Does what the administrator asked; refuses an unknown message or user, and a sanction on oneself. */
export async function moderateChat(db: Db, adminId: string, request: ModerationRequest, now: Date): Promise<Result<ModerationDone, Refusal>> {
  if ((request.action === "mute" || request.action === "ban") && request.userId !== adminId) await ensureSanctionRow(db, request.userId, adminId);
  return inTransaction(db, (tx) => ("messageId" in request ? onMessage(tx, adminId, request.action, request.messageId, now) : onUser(tx, adminId, request, now)));
}

/** The user's site-wide sanction, read at every message they send (a primary-key read); null when there is none. */
export async function chatSanctionOf(db: Db, userId: string): Promise<{ mutedUntil: Date | null; bannedAt: Date | null } | null> {
  return db.prisma.chatSanction.findUnique({ where: { userId }, select: { mutedUntil: true, bannedAt: true } });
}

export interface SanctionedUser {
  readonly id: string;
  readonly name: string;
  readonly mutedUntil: Date | null;
  readonly bannedAt: Date | null;
  readonly by: string;
}

/** Users muted (until after `now`) or banned right now, newest change first, for the admin page's list. */
export async function activeSanctions(db: Db, now: Date, limit = 200): Promise<SanctionedUser[]> {
  const rows = await db.prisma.chatSanction.findMany({
    where: { OR: [{ bannedAt: { not: null } }, { mutedUntil: { gt: now } }] },
    select: { mutedUntil: true, bannedAt: true, byId: true, user: { select: { id: true, username: true } } },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  const names = await usernames(db, rows.map((row) => row.byId));
  return rows.map((row) => ({ id: row.user.id, name: row.user.username, mutedUntil: row.mutedUntil, bannedAt: row.bannedAt, by: names.get(row.byId) ?? row.byId }));
}

/** The usernames of these users (administrators, in moderation columns), by id. */
export async function usernames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const users = await db.prisma.user.findMany({ where: { id: { in: unique } }, select: { id: true, username: true } });
  return new Map(users.map((user) => [user.id, user.username]));
}
