"use client";
/**
 * The moment a match ends, on its page: who won and the final score (as the player sees it: "You won"), what it did
 * to both ratings when it was rated (GET /api/matches/:id/ratings, written with the match's end), and the ways on —
 * analyse the match (the review page, its analysis started) or review it move by move.
 *
 * @example
 *   <MatchEnd />   // inside a MatchProvider
 */
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatRating, RatingDelta } from "@/components/players/rating-delta";
import type { Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match/view";
import type { MatchRatingChange } from "@/lib/rating/match-ratings";
import { endedText } from "./event-text";
import { useMatchFields } from "./use-match-fields";

export interface MatchEndNoticeProps {
  readonly view: MatchView;
  readonly you: Color | null;
  /** null until known (or for an unrated match). */
  readonly ratings: readonly MatchRatingChange[] | null;
  readonly invite: string | null;
}

/** The review page's address, with the invite a private match's spectator came by. */
export function reviewHref(matchId: string, invite: string | null, analyse: boolean): string {
  const query = new URLSearchParams();
  if (analyse) query.set("analyse", "1");
  if (invite) query.set("invite", invite);
  const text = query.toString();
  return `/matches/${encodeURIComponent(matchId)}${text ? `?${text}` : ""}`;
}

export function MatchEndNotice({ view, you, ratings, invite }: MatchEndNoticeProps) {
  const t = useTranslations("match");
  const format = useFormatter();
  const winner = view.ended?.winner ?? view.state.winner ?? null;
  const names = { white: view.players.white?.name ?? t("openSeatName"), black: view.players.black?.name ?? t("openSeatName") };
  const outcome = winner === null ? "none" : you === null ? "other" : winner === you ? "won" : "lost";
  const { score } = view.state;
  return (
    <section className="panel match-end" aria-labelledby="match-end-title" data-testid="match-end">
      <h2 id="match-end-title">{t("end.title", { outcome, winner: winner ? names[winner] : "" })}</h2>
      <p data-testid="match-end-score">{t("end.score", { white: names.white, black: names.black, whiteScore: score.white, blackScore: score.black })}</p>
      {view.ended && view.ended.reason !== "finished" ? <p>{endedText(t, view)}</p> : null}
      {ratings && ratings.length > 0 ? (
        <ul className="match-end-ratings" data-testid="match-end-ratings">
          {ratings.map((change) => (
            <li key={change.color}>
              {t("end.rating", { name: names[change.color], before: formatRating(format, change.before), after: formatRating(format, change.after) })}{" "}
              <RatingDelta delta={change.delta} format={format} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="match-end-links">
        <a className="button-link primary" href={reviewHref(view.matchId, invite, true)} data-testid="match-end-analyse">
          {t("end.analyse")}
        </a>{" "}
        <a className="button-link" href={reviewHref(view.matchId, invite, false)} data-testid="match-end-review">
          {t("end.review")}
        </a>
      </p>
    </section>
  );
}

export function MatchEnd() {
  const { view, you, invite } = useMatchFields("view", "you", "invite");
  const [ratings, setRatings] = useState<readonly MatchRatingChange[] | null>(null);
  const finished = view?.status === "finished";
  const rated = view?.rated === true;
  const matchId = view?.matchId ?? "";

  useEffect(() => {
    if (!finished || !rated) return;
    let live = true;
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
    void fetch(`/api/matches/${encodeURIComponent(matchId)}/ratings${query}`, { cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as { changes: MatchRatingChange[] }).changes : null))
      .then((changes) => live && setRatings(changes))
      // Without the numbers the panel still says who won and where to go next.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [finished, rated, matchId, invite]);

  if (!view || !finished) return null;
  return <MatchEndNotice view={view} you={you} ratings={ratings} invite={invite} />;
}
