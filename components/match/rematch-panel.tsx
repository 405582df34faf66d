"use client";
/**
 * At the end of a match, for its players: offer a rematch (the same length, time control and visibility, colours
 * swapped), or answer the opponent's offer. The rematch is in the match's view (its events: lib/match/rematch.ts). When
 * it is made, both pages open the new match (match-provider.tsx watches the view); this panel links to it too.
 *
 * @example
 *   <RematchPanel />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { opponentOf } from "@/lib/engine/types";
import { useRun } from "./match-provider";
import { useMatchFields } from "./use-match-fields";

export function RematchPanel() {
  const t = useTranslations("rematch");
  const { view, you, busy } = useMatchFields("view", "you", "busy");
  const run = useRun();
  if (!view || you === null || view.status !== "finished") return null;
  const { rematch } = view;
  const { declinedBy } = rematch;
  const { matchId } = view;
  const opponentName = view.players[opponentOf(you)]?.name ?? null;
  const opponent = { name: opponentName ?? "", known: opponentName === null ? "no" : "yes" };

  const offer = async () => {
    const reply = await run("match:rematch", { matchId });
    if (reply.ok && reply.rematch.matchId) window.location.assign(`/match/${reply.rematch.matchId}`);
  };
  const answer = async (accept: boolean) => {
    const reply = await run("match:rematch-answer", { matchId, accept });
    if (reply.ok && reply.rematch.matchId) window.location.assign(`/match/${reply.rematch.matchId}`);
  };

  return (
    <section className="panel rematch-panel" aria-label={t("title")} data-testid="rematch-panel">
      {rematch.matchId ? (
        <p>{t.rich("ready", { link: (chunks) => <a href={`/match/${rematch.matchId}`}>{chunks}</a> })}</p>
      ) : rematch.offeredBy === you ? (
        <p role="status">{t("offered", opponent)}</p>
      ) : rematch.offeredBy ? (
        <p>
          {t("offers", opponent)}{" "}
          <button type="button" className="primary" disabled={busy} onClick={() => void answer(true)}>
            {t("accept")}
          </button>{" "}
          <button type="button" disabled={busy} onClick={() => void answer(false)}>
            {t("decline")}
          </button>
        </p>
      ) : (
        <p>
          {declinedBy && declinedBy !== you ? <span role="status">{t("theyDeclined", opponent)} </span> : null}
          {declinedBy === you ? <span role="status">{t("youDeclined")} </span> : null}
          <button type="button" className="primary" disabled={busy} onClick={() => void offer()}>
            {t("offer")}
          </button>{" "}
          <span className="muted">{t("sameSettings")}</span>
        </p>
      )}
    </section>
  );
}
