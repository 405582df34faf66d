import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditCheck } from "@/components/fairness/audit-check";
import { PlayerLink } from "@/components/players/player-link";
import { toReviewData } from "@/components/review/review-data";
import { ReviewWithAnalysis } from "@/components/review/review-with-analysis";
import { raceProbabilities } from "@/lib/analysis/bearoff-race";
import { reviewSteps } from "@/lib/record/review";
import { storedAnalyses } from "@/server/analysis/analysis-jobs";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";
import { reviewableMatch } from "@/server/record/match-review";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Review of match ${id} — Fairgammon` };
}

/**
 * The review of a match, for anyone who may see it (public matches: everyone; private: players, admins and invite
 * holders; anyone else gets the 404 page): every game and move on a read-only board, gnubg IDs, the move list, the
 * in-browser verification of the dice, and the downloads (.mat once finished, the audit bundle). A finished match can be
 * analysed move by move (server/analysis); analyses already stored are sent with the page.
 */
export default async function ReviewPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const inviteParam = (await searchParams).invite;
  const invite = typeof inviteParam === "string" && inviteParam.length <= 64 ? inviteParam : undefined;
  const found = await reviewableMatch(getDb(), id, await getCurrentUser(), invite);
  if (!found.ok) notFound();
  const { view, events, you } = found.value;
  // The bear-off database (6 MB) stays on the server: each step gets its exact race chances here.
  const bearoff = loadBearoffDatabase();
  const data = toReviewData(reviewSteps(events), { raceChances: (pos) => raceProbabilities(bearoff, pos) });
  const finished = view.status === "finished";
  const analyses = finished ? await storedAnalyses(getDb(), view.matchId) : [];
  const names = { white: view.players.white?.name ?? "White", black: view.players.black?.name ?? "Black" };
  const inviteQuery = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const { score } = view.state;

  return (
    <section>
      <h1>
        <PlayerLink name={names.white} isGuest={view.players.white?.isGuest ?? true} /> vs{" "}
        <PlayerLink name={names.black} isGuest={view.players.black?.isGuest ?? true} />
      </h1>
      <p className="muted" data-testid="review-summary">
        {view.matchLength}-point {view.rated ? "rated " : ""}match · {view.status === "finished" ? "finished" : view.status} · {names.white} {score.white} – {score.black} {names.black}
        {view.ended?.winner ? ` · ${view.players[view.ended.winner]?.name ?? view.ended.winner} won` : ""}
        {view.ended && view.ended.reason !== "finished" ? ` · ${view.ended.detail}` : ""}
        {view.status === "finished" || view.status === "aborted" ? null : (
          <>
            {" · "}
            <a href={`/match/${view.matchId}${inviteQuery}`}>Go to the live match</a>
          </>
        )}
      </p>
      <ReviewWithAnalysis data={data} viewer={you ?? "white"} names={names} matchId={view.matchId} invite={invite ?? null} finished={finished} initial={analyses} />
      <section className="panel review-verify" aria-labelledby="review-verify-title">
        <h2 id="review-verify-title">Verify the dice</h2>
        <p className="muted">
          Your browser fetches the audit bundle, recomputes every roll from the revealed server seed and both client seeds, and
          checks them against the commitment and this game record. <a href="/fairness">How this works</a>
        </p>
        <AuditCheck matchId={view.matchId} invite={invite ?? null} label="Verify this match" />
        <p className="review-downloads">
          {view.status === "finished" ? (
            <a href={`/api/matches/${view.matchId}/export.mat${inviteQuery}`} download data-testid="download-mat">
              Download the match (.mat, GNU Backgammon)
            </a>
          ) : (
            <span className="muted">The .mat file can be downloaded once the match is finished.</span>
          )}
        </p>
      </section>
    </section>
  );
}
