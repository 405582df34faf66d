/**
 * A player's public profile (`/players/[name]`): rating and its history, matches played and won, recent matches (the
 * public ones, each linking to its review), and the dice luck of their turn rolls in public finished matches. Only
 * public, finished matches are shown or counted in the luck, so a profile tells nothing about a private match or one
 * still being played. Guests have no profile (null, like a name nobody has).
 *
 * @example
 *   const profile = await playerProfile(getDb(), "ada");
 *   if (!profile) notFound();
 *   profile.rating; profile.history; profile.luck.verdict;
 */
import { USERNAME_PATTERN } from "@/server/auth/account-rules";
import { diceLuck, type DiceLuck } from "@/lib/dice/luck";
import type { Db } from "@/server/db/client";
import type { Seat } from "@/server/db/types";
import { accountKind, may } from "@/lib/access/may";

export const RECENT_MATCHES = 10;
/** The chart shows at most this many of the latest rated matches. */
export const HISTORY_POINTS = 200;

export interface RatingPoint {
  readonly matchId: string;
  readonly at: Date;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
}

export interface RecentMatch {
  readonly id: string;
  readonly opponent: string | null;
  readonly matchLength: number;
  readonly rated: boolean;
  readonly won: boolean | null;
  readonly score: string;
  readonly finishedAt: Date | null;
  /** The player's rating change from this match, if it was rated. */
  readonly ratingDelta: number | null;
}

export interface PlayerProfile {
  readonly id: string;
  readonly username: string;
  readonly isComputer: boolean;
  readonly rating: number;
  readonly experience: number;
  readonly ratedMatches: number;
  readonly memberSince: Date;
  /** Finished matches (any visibility; counted, never listed). */
  readonly played: number;
  readonly won: number;
  /** Oldest first. */
  readonly history: readonly RatingPoint[];
  readonly recent: readonly RecentMatch[];
  readonly luck: DiceLuck;
}

export async function playerProfile(db: Db, name: string): Promise<PlayerProfile | null> {
  if (!USERNAME_PATTERN.test(name)) return null;
  const user = await db.prisma.user.findUnique({
    where: { username: name.toLowerCase() },
    select: { id: true, username: true, isGuest: true, computerLevel: true, rating: true, experience: true, ratedMatches: true, createdAt: true },
  });
  if (!user || !may(accountKind(user), "have-profile")) return null;
  const id = user.id;
  const finished = { status: "finished" as const };
  const [played, won, changes, recentRows, luck] = await Promise.all([
    db.prisma.match.count({ where: { ...finished, OR: [{ whiteId: id }, { blackId: id }] } }),
    db.prisma.match.count({ where: { ...finished, OR: [{ whiteId: id, winner: "white" }, { blackId: id, winner: "black" }] } }),
    db.prisma.ratingChange.findMany({
      where: { userId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_POINTS,
      select: { matchId: true, createdAt: true, before: true, after: true, delta: true },
    }),
    db.prisma.match.findMany({
      where: { ...finished, visibility: "public", OR: [{ whiteId: id }, { blackId: id }] },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      take: RECENT_MATCHES,
      select: {
        id: true, matchLength: true, rated: true, winner: true, scoreWhite: true, scoreBlack: true, finishedAt: true, whiteId: true,
        white: { select: { username: true } }, black: { select: { username: true } },
      },
    }),
    rollCounts(db, id),
  ]);
  const deltas = new Map(changes.map((change) => [change.matchId, change.delta]));
  return {
    id: user.id,
    username: user.username,
    isComputer: user.computerLevel !== null,
    rating: user.rating,
    experience: user.experience,
    ratedMatches: user.ratedMatches,
    memberSince: user.createdAt,
    played,
    won,
    history: changes.reverse().map((change) => ({ matchId: change.matchId, at: change.createdAt, before: change.before, after: change.after, delta: change.delta })),
    recent: recentRows.map((match) => {
      const seat: Seat = match.whiteId === id ? "white" : "black";
      const opponent = seat === "white" ? match.black : match.white;
      const [mine, theirs] = seat === "white" ? [match.scoreWhite, match.scoreBlack] : [match.scoreBlack, match.scoreWhite];
      return {
        id: match.id,
        opponent: opponent?.username ?? null,
        matchLength: match.matchLength,
        rated: match.rated,
        won: match.winner === null ? null : match.winner === seat,
        score: `${mine}–${theirs}`,
        finishedAt: match.finishedAt,
        ratingDelta: deltas.get(match.id) ?? null,
      };
    }),
    luck,
  };
}

/** The player's own turn rolls in public finished matches: how many, how many doubles, how many pips. */
async function rollCounts(db: Db, userId: string): Promise<DiceLuck> {
  const rows = await db.prisma.$queryRaw<{ rolls: bigint | number | null; doubles: bigint | number | null; pips: bigint | number | null }[]>`
    SELECT COUNT(*) AS "rolls",
           SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END) AS "doubles",
           SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END) AS "pips"
      FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId"
     WHERE r."kind" = 'turn' AND m."status" = 'finished' AND m."visibility" = 'public'
       AND ((m."whiteId" = ${userId} AND r."player" = 'white') OR (m."blackId" = ${userId} AND r."player" = 'black'))`;
  const row = rows[0];
  return diceLuck({ rolls: Number(row?.rolls ?? 0), doubles: Number(row?.doubles ?? 0), pips: Number(row?.pips ?? 0) });
}
