"use client";
/**
 * The log of the whole match (rolls, plays, cube, resignations, games), newest last: the moves made before this page
 * opened come from the event log (GET /api/matches/:id/events, once the first snapshot is in), the rest as they
 * happen. So a reload, or a spectator who arrives late, or a finished match, shows every move.
 *
 * @example
 *   <MatchLog />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { PublishedEvent } from "@/lib/match/events";
import { describeEvent } from "./event-text";
import { useMatch } from "./match-provider";
import { useMatchFields } from "./use-match-fields";

export function MatchLog() {
  const t = useTranslations("match");
  const { log, matchId, invite, history } = useMatchFields("log", "matchId", "invite", "history");
  const opened = useMatch((s) => s.view !== null);
  const fetched = useRef<string | null>(null);

  useEffect(() => {
    if (!opened || fetched.current === matchId) return;
    fetched.current = matchId;
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
    void fetch(`/api/matches/${encodeURIComponent(matchId)}/events${query}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ events: { version: number; event: PublishedEvent }[] }>) : null))
      .then((body) => {
        if (body) history(body.events);
      })
      .catch(() => {
        // Without the earlier moves the log still shows what happens from now on; a reload tries again.
      });
  }, [opened, matchId, invite, history]);

  return (
    // A plain box, not a second landmark: the scrolling list below is the one region called "Moves".
    <div className="panel match-log">
      <h2 id="match-log-title">{t("logTitle")}</h2>
      {log.length === 0 ? (
        <p className="muted">{t("logEmpty")}</p>
      ) : (
        // column-reverse keeps the box scrolled to the newest line as lines arrive
        <div className="log-box" tabIndex={0} role="region" aria-labelledby="match-log-title">
          <ol className="log-lines" data-testid="match-log">
            {log.map((line) => (
              <li key={line.version}>{describeEvent(t, line.before, line.event, line.after)}</li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
