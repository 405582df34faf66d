import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { FollowButton } from "@/components/players/follow-button";
import { RatingChart } from "@/components/players/rating-chart";
import { formatRating } from "@/components/players/rating-delta";
import { accountKind, may, type AccountKind } from "@/lib/access/may";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { followerCount, isFollowing } from "@/server/players/follows";
import { tournamentsOf } from "@/server/tournaments/tournament-store";
import { playerProfile } from "@/server/players/player-profile";
import "@/components/admin/admin.css";
import "@/components/players/players.css";
import "@/components/ui/ui.css";
import { ProfileDay } from "./profile-day";
import { ProfileLuck } from "./profile-luck";
import { RecentMatches } from "./recent-matches";

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

/** A player's profile: rating and its history, results, recent public matches and dice luck. Unknown names: 404. */
export default async function PlayerPage({ params }: { params: Params }) {
  const { name } = await params;
  const decoded = decodedName(name);
  const profile = decoded === null ? null : await playerProfile(getDb(), decoded);
  if (!profile) notFound();
  const [t, tt, format, viewer] = await Promise.all([getTranslations("profile"), getTranslations("tournaments"), getFormatter(), getCurrentUser()]);
  const db = getDb();
  const [following, followers, tournaments] = await Promise.all([viewer ? isFollowing(db, viewer.id, profile.id) : false, followerCount(db, profile.id), tournamentsOf(db, profile.id)]);
  // Following is for registered people, of registered people (a guest has no profile: playerProfile gives none).
  const profileKind: AccountKind = profile.isComputer ? "computer" : "registered";
  const mayFollow = viewer !== null && may(accountKind(viewer), "follow") && viewer.id !== profile.id && may(profileKind, "be-followed");
  /** 0.1667 → "16.7%" / "16,7%" / "16,7 %": one decimal, the locale's percent sign and spacing. */
  const percent = (value: number) => format.number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
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
        <dd>
          <ProfileDay date={profile.memberSince} />
        </dd>
      </dl>

      <h2>{t("history")}</h2>
      <RatingChart username={profile.username} ratings={ratings} dates={profile.history.map((point) => point.at)} />

      <h2>{t("recent")}</h2>
      <RecentMatches recent={profile.recent} />

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

      <ProfileLuck name={profile.username} luck={profile.luck} />
    </section>
  );
}
