import { getFormatter, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { utcDay } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { formatRating } from "@/components/players/rating-delta";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";
import { ACTIVE_DAYS, LEADERBOARD_PAGE_SIZE, leaderboard, parseLeaderboardPage } from "@/server/players/leaderboard";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";
import { DataTable } from "@/components/ui/data-table";

export const generateMetadata = metaTitle("leaderboard");
// Ratings move with every rated match: never a page built at `next build`.
export const dynamic = "force-dynamic";

const pageHref = (page: number) => (page > 1 ? `/leaderboard?page=${page}` : "/leaderboard");

/** Registered players by FIBS rating, those with a rated match in the last 90 days, 25 a page. */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parseLeaderboardPage(await searchParams);
  const [board, t, format] = await Promise.all([leaderboard(getDb(), { page }, new Date()), getTranslations("leaderboard"), getFormatter()]);
  return (
    <section>
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro", { days: ACTIVE_DAYS, start: formatRating(format, 1500) })}</p>
      {board.items.length === 0 ? (
        <p className="muted" data-testid="leaderboard-empty">
          {t.rich("empty", { link: (chunks) => <a href="/">{chunks}</a> })}
        </p>
      ) : (
        <DataTable testId="leaderboard" labels={[t("col.rank"), t("col.player"), t("col.rating"), t("col.ratedMatches"), t("col.lastRated")]}>
          {board.items.map((line) => (
            <tr key={line.username} data-player={line.username}>
              <td>{format.number(line.rank)}</td>
              <td>
                <a href={`/players/${encodeURIComponent(line.username)}`}>{line.username}</a>
              </td>
              <td data-testid="leaderboard-rating">{formatRating(format, line.rating)}</td>
              <td>{format.number(line.ratedMatches)}</td>
              <td>
                <time dateTime={utcDay(line.lastRatedAt)}>{format.dateTime(line.lastRatedAt, { dateStyle: "medium", timeZone: "UTC" })}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={board.page} pageSize={LEADERBOARD_PAGE_SIZE} total={board.total} href={pageHref} label={t("pages")} />
    </section>
  );
}
