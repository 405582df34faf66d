/**
 * A profile's recent public matches, newest first: the day, the opponent (a link to their profile), the length, the
 * score, the result, the rating change of a rated match, and the way to its review.
 *
 * @example
 *   <RecentMatches recent={profile.recent} />
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { RatingDelta } from "@/components/players/rating-delta";
import { DataTable } from "@/components/ui/data-table";
import type { RecentMatch } from "@/server/players/player-profile";
import { ProfileDay } from "./profile-day";

export async function RecentMatches({ recent }: { readonly recent: readonly RecentMatch[] }) {
  const [t, format] = await Promise.all([getTranslations("profile"), getFormatter()]);
  if (recent.length === 0) return <p className="muted">{t("noRecent")}</p>;
  return (
    <DataTable testId="profile-recent" labels={[t("col.date"), t("col.opponent"), t("col.length"), t("col.score"), t("col.result"), t("col.rating"), t("col.review")]}>
      {recent.map((match) => (
        <tr key={match.id} data-match={match.id}>
          <td>{match.finishedAt ? <ProfileDay date={match.finishedAt} /> : "—"}</td>
          <td>{match.opponent ? <a href={`/players/${encodeURIComponent(match.opponent)}`}>{match.opponent}</a> : "—"}</td>
          <td>{match.matchLength}</td>
          <td>{match.score}</td>
          <td>{t("result", { result: match.won === null ? "none" : match.won ? "won" : "lost" })}</td>
          <td>{match.ratingDelta !== null ? <RatingDelta delta={match.ratingDelta} format={format} /> : <span className="muted">{t("unrated")}</span>}</td>
          <td>
            <a href={`/matches/${match.id}`}>{t("review")}</a>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
