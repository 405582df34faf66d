import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { utcDay } from "@/components/admin/format-time";
import { FollowButton } from "@/components/players/follow-button";
import { RatingChart } from "@/components/players/rating-chart";
import { formatRating, RatingDelta } from "@/components/players/rating-delta";
import { EXPECTED_DOUBLES_RATE, EXPECTED_PIPS_PER_ROLL } from "@/lib/dice/luck";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { followerCount, isFollowing } from "@/server/players/follows";
import { tournamentsOf } from "@/server/tournaments/tournament-store";
import { playerProfile } from "@/server/players/player-profile";
import "@/components/admin/admin.css";
import "@/components/players/players.css";
import "@/components/ui/ui.css";
import { ColumnHeads } from "@/components/ui/column-heads";

type Params = Promise<{ name: string }>;

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { name } = await params;
  const t = await getTranslations("profile");
  const decoded = decodedName(name);
  return { title: t("metaTitle", { name: decoded ?? "", known: decoded === null ? "no" : "yes" }) };
}

/** The name from the URL, or null when it does not decode (e.g. a stray "%"): such a name has no profile. */
function decodedName(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The message key (`profile.verdict.<key>`) of each dice-luck verdict (lib/dice/luck.ts). */
const VERDICT_KEYS = {
  "as expected": "asExpected",
  "more doubles": "moreDoubles",
  "fewer doubles": "fewerDoubles",
  "too few rolls": "tooFewRolls",
} as const;

/** A player's profile: rating and its history, results, recent public matches and dice luck. Unknown names: 404. */
export default async function PlayerPage({ params }: { params: Params }) {
  const { name } = await params;
  const decoded = decodedName(name);
  const profile = decoded === null ? null : await playerProfile(getDb(), decoded);
  if (!profile) notFound();
  const [t, tt, format, viewer] = await Promise.all([getTranslations("profile"), getTranslations("tournaments"), getFormatter(), getCurrentUser()]);
  const db = getDb();
  const [following, followers, tournaments] = await Promise.all([viewer ? isFollowing(db, viewer.id, profile.id) : false, followerCount(db, profile.id), tournamentsOf(db, profile.id)]);
  const mayFollow = viewer !== null && !viewer.isGuest && viewer.id !== profile.id && !profile.isComputer;
  /** 0.1667 → "16.7%" / "16,7%" / "16,7 %": one decimal, the locale's percent sign and spacing. */
  const percent = (value: number) => format.number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const day = (date: Date) => <time dateTime={utcDay(date)}>{format.dateTime(date, { dateStyle: "medium", timeZone: "UTC" })}</time>;
  const { luck } = profile;
  const ratings = profile.history.length > 0 ? [profile.history[0]!.before, ...profile.history.map((point) => point.after)] : [profile.rating];
  return (
    <section data-testid="player-profile">
      <h1>{profile.username}</h1>
      {mayFollow ? (
        <>
          <FollowButton name={profile.username} following={following} followers={followers} />
          <p>
            <a href={`/?challenge=${encodeURIComponent(profile.username)}#challenge`}>{t("challenge", { name: profile.username })}</a>
          </p>
        </>
      ) : (
        <p className="muted" data-testid="followers">
          {t("followers", { count: followers })}
        </p>
      )}
      <dl className="profile-facts">
        <dt>{t("rating")}</dt>
        <dd data-testid="profile-rating">{formatRating(format, profile.rating)}</dd>
        <dt>{t("ratedMatches")}</dt>
        <dd data-testid="profile-rated-matches">{format.number(profile.ratedMatches)}</dd>
        <dt>{t("played")}</dt>
        <dd>{format.number(profile.played)}</dd>
        <dt>{t("won")}</dt>
        <dd>
          {format.number(profile.won)}
          {profile.played > 0 ? <span className="muted"> ({percent(profile.won / profile.played)})</span> : null}
        </dd>
        <dt>{t("memberSince")}</dt>
        <dd>{day(profile.memberSince)}</dd>
      </dl>

      <h2>{t("history")}</h2>
      <RatingChart username={profile.username} ratings={ratings} dates={profile.history.map((point) => point.at)} />

      <h2>{t("recent")}</h2>
      {profile.recent.length === 0 ? (
        <p className="muted">{t("noRecent")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="profile-recent">
            <ColumnHeads labels={[t("col.date"), t("col.opponent"), t("col.length"), t("col.score"), t("col.result"), t("col.rating"), t("col.review")]} />
            <tbody>
              {profile.recent.map((match) => (
                <tr key={match.id} data-match={match.id}>
                  <td>{match.finishedAt ? day(match.finishedAt) : "—"}</td>
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
            </tbody>
          </table>
        </div>
      )}

      {tournaments.length > 0 ? (
        <>
          <h2>{tt("results")}</h2>
          <ul data-testid="profile-tournaments">
            {tournaments.map((entry) => (
              <li key={entry.id}>
                <a href={`/tournaments/${entry.id}`}>{tt("resultLine", { name: entry.name, won: entry.won ? "yes" : "no", wins: entry.wins, withdrawn: entry.withdrawn ? "yes" : "no" })}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>{t("luck.title")}</h2>
      <p className="muted">{t("luck.intro", { name: profile.username })}</p>
      {luck.rolls === 0 ? (
        <p className="muted" data-testid="profile-luck">
          {t("luck.noRolls")}
        </p>
      ) : (
        <dl className="profile-facts" data-testid="profile-luck">
          <dt>{t("luck.rolls")}</dt>
          <dd>{format.number(luck.rolls)}</dd>
          <dt>{t("luck.doubles")}</dt>
          <dd>
            {t("luck.doublesLine", {
              doubles: luck.doubles,
              rate: percent(luck.doublesRate ?? 0),
              fair: percent(EXPECTED_DOUBLES_RATE),
              low: percent(luck.interval.low),
              high: percent(luck.interval.high),
              verdict: t(`verdict.${VERDICT_KEYS[luck.verdict]}`),
            })}
          </dd>
          <dt>{t("luck.pips")}</dt>
          <dd>
            {t("luck.pipsLine", {
              pips: format.number(luck.pipsPerRoll ?? 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
              fair: format.number(EXPECTED_PIPS_PER_ROLL, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
            })}
          </dd>
        </dl>
      )}
    </section>
  );
}
