/**
 * Chat's persistence: messages (stored before anyone sees them, so a reload shows what was said), mutes and reports.
 * Reads are bounded: a channel's history is its newest HISTORY_SIZE messages.
 *
 * @example
 *   const message = await saveChatMessage(db, "lobby", author, "gl hf", new Date());
 *   const history = await chatHistory(db, "lobby", reader.id);   // oldest first, muted authors left out
 */
import type { ChatMessageView } from "@/lib/chat";
import type { Db } from "@/server/db/client";

export const HISTORY_SIZE = 50;

const VIEW = { id: true, channel: true, text: true, createdAt: true, author: { select: { id: true, username: true } } } as const;

type Row = { id: string; channel: string; text: string; createdAt: Date; author: { id: string; username: string } };

function viewOf(row: Row): ChatMessageView {
  return { id: row.id, channel: row.channel, author: { id: row.author.id, name: row.author.username }, text: row.text, at: row.createdAt.getTime() };
}

export async function saveChatMessage(db: Db, channel: string, authorId: string, text: string, at: Date): Promise<ChatMessageView> {
  return viewOf(await db.prisma.chatMessage.create({ data: { channel, authorId, text, createdAt: at }, select: VIEW }));
}

/** The channel's newest messages, oldest first, without those of the users `readerId` muted. */
export async function chatHistory(db: Db, channel: string, readerId: string | null): Promise<ChatMessageView[]> {
  const muted = readerId ? await mutedBy(db, readerId) : [];
  const rows = await db.prisma.chatMessage.findMany({
    where: { channel, ...(muted.length > 0 ? { authorId: { notIn: muted } } : {}) },
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

/** The message's channel, for the reporter's access check; null when there is no such message. */
export async function messageChannel(db: Db, messageId: string): Promise<{ channel: string; authorId: string } | null> {
  return db.prisma.chatMessage.findUnique({ where: { id: messageId }, select: { channel: true, authorId: true } });
}

/** Records a report (once per message and reporter: reporting twice changes nothing). */
export async function reportMessage(db: Db, messageId: string, reporterId: string): Promise<void> {
  await db.prisma.chatReport.upsert({ where: { messageId_reporterId: { messageId, reporterId } }, create: { messageId, reporterId }, update: {} });
}

export interface ReportedMessage {
  readonly message: ChatMessageView;
  readonly reports: number;
  readonly reporters: readonly string[];
  readonly lastReportedAt: Date;
}

/** Reported messages, most recently reported first, for /admin/chat: a page of them, and how many there are. */
export async function reportedMessages(db: Db, page: number, pageSize = 50): Promise<{ items: ReportedMessage[]; total: number }> {
  const [total, latest] = await Promise.all([
    db.prisma.chatMessage.count({ where: { reports: { some: {} } } }),
    db.prisma.chatReport.groupBy({ by: ["messageId"], _max: { createdAt: true }, orderBy: { _max: { createdAt: "desc" } }, skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  const rows = await db.prisma.chatMessage.findMany({
    where: { id: { in: latest.map((entry) => entry.messageId) } },
    select: { ...VIEW, reports: { select: { createdAt: true, reporter: { select: { username: true } } }, orderBy: { createdAt: "desc" } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = latest.flatMap((entry) => {
    const row = byId.get(entry.messageId);
    if (!row || row.reports.length === 0) return [];
    return [{ message: viewOf(row), reports: row.reports.length, reporters: row.reports.map((report) => report.reporter.username), lastReportedAt: row.reports[0]!.createdAt }];
  });
  return { items, total };
}
