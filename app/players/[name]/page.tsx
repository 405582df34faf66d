import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { utcDay } from "@/components/admin/format-time";
import { RatingChart } from "@/components/players/rating-chart";
import { formatRating, RatingDelta } from "@/components/players/rating-delta";
import { EXPECTED_DOUBLES_RATE, EXPECTED_PIPS_PER_ROLL } from "@/lib/dice/luck";
import { getDb } from "@/server/db/client";
import { playerProfile } from "@/server/players/player-profile";
import "@/components/admin/admin.css";
import "@/components/players/players.css";
import "@/components/ui/ui.css";

type Params = Promise<{ name: string }>;

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${decodedName(name) ?? "Player"} — Fairgammon` };
}

/** The name from the URL, or null when it does not decode (e.g. a stray "%"): such a name has no profile. */
function decodedName(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

const VERDICTS = {
  "as expected": "within what fair dice give: 1/6 lies inside the interval.",
  "more doubles": "more than fair dice usually give (the whole interval is above 1/6; about one player in twenty sees this by chance).",
  "fewer doubles": "fewer than fair dice usually give (the whole interval is below 1/6; about one player in twenty sees this by chance).",
  "too few rolls": "too few rolls yet to say anything.",
} as const;

/** A player's profile: rating and its history, results, recent public matches and dice luck. Unknown names: 404. */
export default async function PlayerPage({ params }: { params: Params }) {
  const { name } = await params;
  const decoded = decodedName(name);
  const profile = decoded === null ? null : await playerProfile(getDb(), decoded);
  if (!profile) notFound();
  const { luck } = profile;
  const ratings = profile.history.length > 0 ? [profile.history[0]!.before, ...profile.history.map((point) => point.after)] : [profile.rating];
  return (
    <section data-testid="player-profile">
      <h1>{profile.username}</h1>
      <dl className="profile-facts">
        <dt>Rating</dt>
        <dd data-testid="profile-rating">{formatRating(profile.rating)}</dd>
        <dt>Rated matches</dt>
        <dd data-testid="profile-rated-matches">{profile.ratedMatches}</dd>
        <dt>Matches played</dt>
        <dd>{profile.played}</dd>
        <dt>Matches won</dt>
        <dd>
          {profile.won}
          {profile.played > 0 ? <span className="muted"> ({percent(profile.won / profile.played)})</span> : null}
        </dd>
        <dt>Member since</dt>
        <dd>{utcDay(profile.memberSince)}</dd>
      </dl>

      <h2>Rating history</h2>
      <RatingChart username={profile.username} ratings={ratings} />

      <h2>Recent matches</h2>
      {profile.recent.length === 0 ? (
        <p className="muted">No finished public matches yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="profile-recent">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Opponent</th>
                <th scope="col">Length</th>
                <th scope="col">Score</th>
                <th scope="col">Result</th>
                <th scope="col">Rating</th>
                <th scope="col">Review</th>
              </tr>
            </thead>
            <tbody>
              {profile.recent.map((match) => (
                <tr key={match.id} data-match={match.id}>
                  <td>{match.finishedAt ? utcDay(match.finishedAt) : "—"}</td>
                  <td>{match.opponent ? <a href={`/players/${encodeURIComponent(match.opponent)}`}>{match.opponent}</a> : "—"}</td>
                  <td>{match.matchLength}</td>
                  <td>{match.score}</td>
                  <td>{match.won === null ? "no winner" : match.won ? "won" : "lost"}</td>
                  <td>{match.ratingDelta !== null ? <RatingDelta delta={match.ratingDelta} /> : <span className="muted">unrated</span>}</td>
                  <td>
                    <a href={`/matches/${match.id}`}>Review</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Dice luck</h2>
      <p className="muted">From {profile.username}&apos;s own rolls in finished public matches (opening rolls are shared and left out).</p>
      {luck.rolls === 0 ? (
        <p className="muted" data-testid="profile-luck">No rolls yet.</p>
      ) : (
        <dl className="profile-facts" data-testid="profile-luck">
          <dt>Rolls</dt>
          <dd>{luck.rolls}</dd>
          <dt>Doubles</dt>
          <dd>
            {luck.doubles} ({percent(luck.doublesRate ?? 0)}; fair dice: {percent(EXPECTED_DOUBLES_RATE)}), 95 % interval {percent(luck.interval.low)}–
            {percent(luck.interval.high)}: {VERDICTS[luck.verdict]}
          </dd>
          <dt>Pips per roll</dt>
          <dd>
            {(luck.pipsPerRoll ?? 0).toFixed(2)} (fair dice: {EXPECTED_PIPS_PER_ROLL.toFixed(2)})
          </dd>
        </dl>
      )}
    </section>
  );
}
