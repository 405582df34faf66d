/**
 * Reading direct challenges: the Challenge rows, projections of each challenge's event stream
 * (challenge-aggregate.ts). A challenge is listed while it is pending and not past its expiry.
 *
 * @example
 *   await pendingChallenges(db, ada.id, Date.now());   // { received: [...], sent: [] }
 */
import type { ChallengeView } from "@/lib/protocol/meet";
import type { Db } from "@/server/db/client";

const VIEW = {
  id: true,
  matchId: true,
  createdAt: true,
  expiresAt: true,
  matchLength: true,
  rated: true,
  reserveMs: true,
  delayMs: true,
  from: { select: { id: true, username: true } },
  to: { select: { id: true, username: true } },
} as const;

type Row = {
  id: string;
  matchId: string;
  createdAt: Date;
  expiresAt: Date;
  matchLength: number;
  rated: boolean;
  reserveMs: number | null;
  delayMs: number | null;
  from: { id: string; username: string };
  to: { id: string; username: string };
};

export function challengeView(row: Row): ChallengeView {
  return {
    id: row.id,
    matchId: row.matchId,
    from: { id: row.from.id, name: row.from.username },
    to: { id: row.to.id, name: row.to.username },
    matchLength: row.matchLength,
    rated: row.rated,
    timeControl: row.reserveMs !== null && row.delayMs !== null ? { reserveMs: row.reserveMs, delayMs: row.delayMs } : null,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
}

const open = (now: number) => ({ status: "pending", expiresAt: { gt: new Date(now) } });

/** Whether `fromId` has a challenge to `toId` still waiting (one at a time per pair). */
export async function hasPendingChallenge(db: Db, fromId: string, toId: string, now: number): Promise<boolean> {
  return (await db.prisma.challenge.count({ where: { fromId, toId, ...open(now) } })) > 0;
}

/** The user's challenges still waiting for an answer: those sent to them and those they sent, newest first. */
export async function pendingChallenges(db: Db, userId: string, now: number): Promise<{ received: ChallengeView[]; sent: ChallengeView[] }> {
  const [received, sent] = await Promise.all([
    db.prisma.challenge.findMany({ where: { toId: userId, ...open(now) }, select: VIEW, orderBy: { createdAt: "desc" }, take: 50 }),
    db.prisma.challenge.findMany({ where: { fromId: userId, ...open(now) }, select: VIEW, orderBy: { createdAt: "desc" }, take: 50 }),
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

/** Challenges left for the sweep: pending ones (to expire or re-arm) and accepted ones whose match may be missing. */
export async function challengesToSweep(db: Db, since: Date): Promise<{ id: string; status: string; matchId: string; expiresAt: Date }[]> {
  return db.prisma.challenge.findMany({ where: { OR: [{ status: "pending" }, { status: "accepted", answeredAt: { gte: since } }] }, select: { id: true, status: true, matchId: true, expiresAt: true }, take: 1000 });
}
