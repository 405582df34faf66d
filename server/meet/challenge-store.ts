/**
 * Direct challenges in the database: one row per challenge, bound to the private match it created. A challenge is
 * pending until answered; it is shown only while its match still waits for the challenged player (a challenge whose
 * match was cancelled by its sender is simply gone). Answering is a conditional update, so two answers (two tabs,
 * two nodes) cannot both win.
 *
 * @example
 *   await recordChallenge(db, { matchId, fromId: me.id, toId: ada.id });
 *   await pendingChallenges(db, ada.id);   // { received: [...], sent: [] }
 */
import type { ChallengeView } from "@/lib/protocol/meet";
import type { Db } from "@/server/db/client";

const VIEW = {
  id: true,
  matchId: true,
  createdAt: true,
  from: { select: { id: true, username: true } },
  to: { select: { id: true, username: true } },
  match: { select: { matchLength: true, rated: true, reserveMs: true, delayMs: true } },
} as const;

type Row = {
  id: string;
  matchId: string;
  createdAt: Date;
  from: { id: string; username: string };
  to: { id: string; username: string };
  match: { matchLength: number; rated: boolean; reserveMs: number | null; delayMs: number | null };
};

export function challengeView(row: Row): ChallengeView {
  const { match } = row;
  return {
    id: row.id,
    matchId: row.matchId,
    from: { id: row.from.id, name: row.from.username },
    to: { id: row.to.id, name: row.to.username },
    matchLength: match.matchLength,
    rated: match.rated,
    timeControl: match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null,
    createdAt: row.createdAt.getTime(),
  };
}

export async function recordChallenge(db: Db, challenge: { matchId: string; fromId: string; toId: string; at: Date }): Promise<ChallengeView> {
  return challengeView(await db.prisma.challenge.create({ data: { matchId: challenge.matchId, fromId: challenge.fromId, toId: challenge.toId, createdAt: challenge.at }, select: VIEW }));
}

/** Whether `fromId` has a challenge to `toId` still waiting (one at a time per pair). */
export async function hasPendingChallenge(db: Db, fromId: string, toId: string): Promise<boolean> {
  return (await db.prisma.challenge.count({ where: { fromId, toId, status: "pending", match: { status: "waiting" } } })) > 0;
}

/** The user's challenges still waiting for an answer: those sent to them and those they sent, newest first. */
export async function pendingChallenges(db: Db, userId: string): Promise<{ received: ChallengeView[]; sent: ChallengeView[] }> {
  const waiting = { status: "pending", match: { status: "waiting" as const } };
  const [received, sent] = await Promise.all([
    db.prisma.challenge.findMany({ where: { toId: userId, ...waiting }, select: VIEW, orderBy: { createdAt: "desc" }, take: 50 }),
    db.prisma.challenge.findMany({ where: { fromId: userId, ...waiting }, select: VIEW, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  return { received: received.map(challengeView), sent: sent.map(challengeView) };
}

/** How long a declined challenge stays in its sender's list, so a sender who was away still learns the answer. */
export const DECLINED_SHOWN_MS = 60 * 60_000;

/** The challenges `fromId` sent that were declined in the last DECLINED_SHOWN_MS, newest first. */
export async function recentlyDeclined(db: Db, fromId: string, now: number): Promise<ChallengeView[]> {
  const rows = await db.prisma.challenge.findMany({
    where: { fromId, status: "declined", answeredAt: { gte: new Date(now - DECLINED_SHOWN_MS) } },
    select: VIEW,
    orderBy: { answeredAt: "desc" },
    take: 20,
  });
  return rows.map(challengeView);
}

/** The pending challenge `challengeId` addressed to `toId`, or null (none, someone else's, or answered). */
export async function pendingChallengeTo(db: Db, challengeId: string, toId: string): Promise<ChallengeView | null> {
  const row = await db.prisma.challenge.findFirst({ where: { id: challengeId, toId, status: "pending" }, select: VIEW });
  return row ? challengeView(row) : null;
}

/** Marks a pending challenge answered; false when it was answered already (by another tab or node). */
export async function answerChallenge(db: Db, challengeId: string, status: "accepted" | "declined", at: Date): Promise<boolean> {
  const { count } = await db.prisma.challenge.updateMany({ where: { id: challengeId, status: "pending" }, data: { status, answeredAt: at } });
  return count === 1;
}
