import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { AuditCheck } from "@/components/fairness/audit-check";
import { PlayerLink } from "@/components/players/player-link";
import { toReviewData } from "@/components/review/review-data";
import { endedText } from "@/components/match/event-text";
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
  const t = await getTranslations("review");
  return { title: t("metaTitle", { id }) };
}

/**
 * The review of a match, for anyone who may see it (public matches: everyone; private: players, admins and invite
 * holders; anyone else gets the 404 page): every game and move on a read-only board, gnubg IDs, the move list, the
 * in-browser verification of the dice, and the downloads (.mat once finished, the audit bundle). A finished match can be
 * analysed move by move (server/analysis); analyses already stored are sent with the page.
 */
export default async function ReviewPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const t = await getTranslations("review");
  const tm = await getTranslations("match");
  const query = await searchParams;
  const inviteParam = query.invite;
  const invite = typeof inviteParam === "string" && inviteParam.length <= 64 ? inviteParam : undefined;
  const found = await reviewableMatch(getDb(), id, await getCurrentUser(), invite);
  if (!found.ok) notFound();
  const { view, events, you } = found.value;
  // The bear-off database (6 MB) stays on the server: each step gets its exact race chances here.
  const bearoff = loadBearoffDatabase();
  const data = toReviewData(reviewSteps(events), { raceChances: (pos) => raceProbabilities(bearoff, pos) });
  const finished = view.status === "finished";
  const analyses = finished ? await storedAnalyses(getDb(), view.matchId) : [];
  const names = { white: view.players.white?.name ?? t("colorName", { color: "white" }), black: view.players.black?.name ?? t("colorName", { color: "black" }) };
  const inviteQuery = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const { score } = view.state;

  return (
    <section>
      <h1>
        {t.rich("title", {
          white: () => <PlayerLink name={names.white} isGuest={view.players.white?.isGuest ?? true} />,
          black: () => <PlayerLink name={names.black} isGuest={view.players.black?.isGuest ?? true} />,
        })}
      </h1>
      <p className="muted" data-testid="review-summary">
        {t("summary", { length: view.matchLength, rated: view.rated ? "yes" : "no", status: view.status, white: names.white, black: names.black, whiteScore: score.white, blackScore: score.black })}
        {view.ended?.winner ? ` · ${t("won", { name: names[view.ended.winner] })}` : ""}
        {view.ended && view.ended.reason !== "finished" ? ` · ${endedText(tm, view)}` : ""}
        {view.status === "finished" || view.status === "aborted" ? null : (
          <>
            {" · "}
            <a href={`/match/${view.matchId}${inviteQuery}`}>{t("goLive")}</a>
          </>
        )}
      </p>
      <ReviewWithAnalysis data={data} viewer={you ?? "white"} names={names} matchId={view.matchId} invite={invite ?? null} finished={finished} initial={analyses} autoAnalyse={query.analyse === "1"} />
      <section className="panel review-verify" aria-labelledby="review-verify-title">
        <h2 id="review-verify-title">{t("verifyTitle")}</h2>
        <p className="muted">
          {t("verifyText")} <a href="/fairness">{t("howItWorks")}</a>
        </p>
        <AuditCheck matchId={view.matchId} invite={invite ?? null} label={t("verifyButton")} />
        <p className="review-downloads">
          {view.status === "finished" ? (
            <a href={`/api/matches/${view.matchId}/export.mat${inviteQuery}`} download data-testid="download-mat">
              {t("downloadMat")}
            </a>
          ) : (
            <span className="muted">{t("matLater")}</span>
          )}
        </p>
      </section>
    </section>
  );
}
