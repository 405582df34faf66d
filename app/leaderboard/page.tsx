import type { Metadata } from "next";
import { utcDay } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { formatRating } from "@/components/players/rating-delta";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";
import { ACTIVE_DAYS, LEADERBOARD_PAGE_SIZE, leaderboard, parseLeaderboardPage } from "@/server/players/leaderboard";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";

export const metadata: Metadata = { title: "Leaderboard — Fairgammon" };
// Ratings move with every rated match: never a page built at `next build`.
export const dynamic = "force-dynamic";

const pageHref = (page: number) => (page > 1 ? `/leaderboard?page=${page}` : "/leaderboard");

/** Registered players by FIBS rating, those with a rated match in the last 90 days, 25 a page. */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parseLeaderboardPage(await searchParams);
  const board = await leaderboard(getDb(), { page }, new Date());
  return (
    <section>
      <h1>Leaderboard</h1>
      <p className="muted">
        Registered players who finished a rated match in the last {ACTIVE_DAYS} days, by rating (the FIBS formula: everyone starts at 1500).
      </p>
      {board.items.length === 0 ? (
        <p className="muted" data-testid="leaderboard-empty">
          Nobody here yet: play a rated match from the <a href="/">lobby</a>.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="leaderboard">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Rated matches</th>
                <th scope="col">Last rated match</th>
              </tr>
            </thead>
            <tbody>
              {board.items.map((line) => (
                <tr key={line.username} data-player={line.username}>
                  <td>{line.rank}</td>
                  <td>
                    <a href={`/players/${encodeURIComponent(line.username)}`}>{line.username}</a>
                  </td>
                  <td data-testid="leaderboard-rating">{formatRating(line.rating)}</td>
                  <td>{line.ratedMatches}</td>
                  <td>{utcDay(line.lastRatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={board.page} pageSize={LEADERBOARD_PAGE_SIZE} total={board.total} href={pageHref} label="Leaderboard pages" />
    </section>
  );
}
