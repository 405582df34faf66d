/**
 * Chat's persistence: messages (stored before anyone sees them, so a reload shows what was said), mutes and reports.
 * Reads are bounded: a channel's history is its newest HISTORY_SIZE messages. A message an administrator hid or
 * deleted (server/chat/chat-moderation.ts) is in no history and cannot be reported again.
 *
 * @example
 *   const message = await saveChatMessage(db, "lobby", author, "gl hf", new Date());
 *   const history = await chatHistory(db, "lobby", reader.id);   // oldest first, muted authors left out
 */
import type { ChatMessageView } from "@/lib/chat";
import type { Db } from "@/server/db/client";
import { usernames } from "./chat-moderation";

export const HISTORY_SIZE = 50;

const VIEW = { id: true, channel: true, text: true, createdAt: true, author: { select: { id: true, username: true } } } as const;

type Row = { id: string; channel: string; text: string; createdAt: Date; author: { id: string; username: string } };

function viewOf(row: Row): ChatMessageView {
  return { id: row.id, channel: row.channel, author: { id: row.author.id, name: row.author.username }, text: row.text, at: row.createdAt.getTime() };
}

export async function saveChatMessage(db: Db, channel: string, authorId: string, text: string, at: Date): Promise<ChatMessageView> {
  return viewOf(await db.prisma.chatMessage.create({ data: { channel, authorId, text, createdAt: at }, select: VIEW }));
}

/** The channel's newest messages, oldest first, without hidden ones nor those of the users `readerId` muted. */
export async function chatHistory(db: Db, channel: string, readerId: string | null): Promise<ChatMessageView[]> {
  const muted = readerId ? await mutedBy(db, readerId) : [];
  const rows = await db.prisma.chatMessage.findMany({
    where: { channel, hiddenAt: null, ...(muted.length > 0 ? { authorId: { notIn: muted } } : {}) },
    select: VIEW,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: HISTORY_SIZE,
  });
  return rows.reverse().map(viewOf);
}

/** The ids of the users `userId` muted. */
export async function mutedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.prisma.chatMute.findMany({ where: { userId }, select: { mutedUserId: true }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => row.mutedUserId);
}

/** Mutes or unmutes; false when there is no such user to mute. */
export async function setMute(db: Db, userId: string, mutedUserId: string, muted: boolean): Promise<boolean> {
  if (!muted) {
    await db.prisma.chatMute.deleteMany({ where: { userId, mutedUserId } });
    return true;
  }
  const exists = await db.prisma.user.count({ where: { id: mutedUserId } });
  if (exists === 0) return false;
  await db.prisma.chatMute.upsert({ where: { userId_mutedUserId: { userId, mutedUserId } }, create: { userId, mutedUserId }, update: {} });
  return true;
}

/** The message's channel, for the reporter's access check; null when there is no such message (or it was hidden). */
export async function messageChannel(db: Db, messageId: string): Promise<{ channel: string; authorId: string } | null> {
  return db.prisma.chatMessage.findFirst({ where: { id: messageId, hiddenAt: null }, select: { channel: true, authorId: true } });
}

/** Records a report (once per message and reporter: reporting twice changes nothing). */
export async function reportMessage(db: Db, messageId: string, reporterId: string): Promise<void> {
  await db.prisma.chatReport.upsert({ where: { messageId_reporterId: { messageId, reporterId } }, create: { messageId, reporterId }, update: {} });
}

export interface ReportedMessage {
  /** Its text is "" once deleted. */
  readonly message: ChatMessageView;
  readonly reports: number;
  readonly reporters: readonly string[];
  readonly lastReportedAt: Date;
  /** Reports not yet resolved or dismissed. */
  readonly open: number;
  /** When the message was hidden (or deleted), and by which administrator; null while it is shown. */
  readonly hidden: { readonly at: Date; readonly by: string; readonly deleted: boolean } | null;
  /** How its latest closed report was closed, when and by whom; null when none is. */
  readonly closed: { readonly resolution: string; readonly at: Date; readonly by: string } | null;
  /** The author's site-wide sanction, whether or not it is still running (the page says). */
  readonly sanction: { readonly mutedUntil: Date | null; readonly bannedAt: Date | null } | null;
}

/** Reported messages, most recently reported first, for /admin/chat: a page of them, and how many there are. */
export async function reportedMessages(db: Db, page: number, pageSize = 50): Promise<{ items: ReportedMessage[]; total: number }> {
  const [total, latest] = await Promise.all([
    db.prisma.chatMessage.count({ where: { reports: { some: {} } } }),
    db.prisma.chatReport.groupBy({ by: ["messageId"], _max: { createdAt: true }, orderBy: { _max: { createdAt: "desc" } }, skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  const rows = await db.prisma.chatMessage.findMany({
    where: { id: { in: latest.map((entry) => entry.messageId) } },
    select: {
      ...VIEW,
      hiddenAt: true,
      hiddenById: true,
      deletedAt: true,
      author: { select: { id: true, username: true, chatSanction: { select: { mutedUntil: true, bannedAt: true } } } },
      reports: { select: { createdAt: true, resolvedAt: true, resolvedById: true, resolution: true, reporter: { select: { username: true } } }, orderBy: { createdAt: "desc" } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const admins = await usernames(db, rows.flatMap((row) => [row.hiddenById ?? "", ...row.reports.map((report) => report.resolvedById ?? "")]).filter(Boolean));
  const nameOf = (id: string | null) => (id === null ? "" : (admins.get(id) ?? id));
  const items = latest.flatMap((entry): ReportedMessage[] => {
    const row = byId.get(entry.messageId);
    if (!row || row.reports.length === 0) return [];
    const closed = row.reports.filter((report) => report.resolvedAt !== null).sort((a, b) => b.resolvedAt!.getTime() - a.resolvedAt!.getTime())[0];
    return [
      {
        message: viewOf(row),
        reports: row.reports.length,
        reporters: row.reports.map((report) => report.reporter.username),
        lastReportedAt: row.reports[0]!.createdAt,
        open: row.reports.filter((report) => report.resolvedAt === null).length,
        hidden: row.hiddenAt ? { at: row.hiddenAt, by: nameOf(row.hiddenById), deleted: row.deletedAt !== null } : null,
        closed: closed ? { resolution: closed.resolution ?? "resolved", at: closed.resolvedAt!, by: nameOf(closed.resolvedById) } : null,
        sanction: row.author.chatSanction,
      },
    ];
  });
  return { items, total };
}
