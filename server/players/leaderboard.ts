/**
 * The leaderboard (`/leaderboard`): registered players who finished a rated match in the last 90 days, best rating
 * first (ties by name), one page at a time. Guests never have a rating; computers are never rated.
 *
 * @example
 *   const page = await leaderboard(getDb(), { page: 1 }, new Date());
 *   page.items[0]; // { rank: 1, username: "ada", rating: 1622.4, ratedMatches: 31, lastRatedAt: Date }
 */
import type { Db } from "@/server/db/client";
import type { Page } from "@/server/db/types";
import type { SearchParams } from "@/server/http/search-params";

export const LEADERBOARD_PAGE_SIZE = 25;
/** Players whose last rated match is older than this drop off the list (their rating stays). */
export const ACTIVE_DAYS = 90;

export interface LeaderboardLine {
  readonly rank: number;
  readonly username: string;
  readonly rating: number;
  readonly ratedMatches: number;
  readonly lastRatedAt: Date;
}

export function parseLeaderboardPage(search: SearchParams): number {
  const page = Number(typeof search.page === "string" ? search.page : "1");
  return Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

export async function leaderboard(db: Db, { page }: { readonly page: number }, now: Date): Promise<Page<LeaderboardLine>> {
  const since = new Date(now.getTime() - ACTIVE_DAYS * 24 * 60 * 60 * 1000);
  const where = { isGuest: false, computerLevel: null, ratedMatches: { gt: 0 }, lastRatedAt: { gte: since } };
  const [total, rows] = await Promise.all([
    db.prisma.user.count({ where }),
    db.prisma.user.findMany({
      where,
      orderBy: [{ rating: "desc" }, { username: "asc" }],
      skip: (page - 1) * LEADERBOARD_PAGE_SIZE,
      take: LEADERBOARD_PAGE_SIZE,
      select: { username: true, rating: true, ratedMatches: true, lastRatedAt: true },
    }),
  ]);
  return {
    total,
    page,
    pageSize: LEADERBOARD_PAGE_SIZE,
    items: rows.map((row, i) => ({
      rank: (page - 1) * LEADERBOARD_PAGE_SIZE + i + 1,
      username: row.username,
      rating: row.rating,
      ratedMatches: row.ratedMatches,
      lastRatedAt: row.lastRatedAt ?? now,
    })),
  };
}
