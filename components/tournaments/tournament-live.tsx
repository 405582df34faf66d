"use client";
/**
 * A tournament's page, live: drawn first by the server from the stored events (app/tournaments/[id]/page.tsx), then
 * kept current over the page's socket (use-tournament-view.ts) — players registering, the close, the draw revealed,
 * every round's pairings and results, the standings, the end — without a reload or a poll.
 *
 * @example
 *   <TournamentLive initial={view} protocol={PROTOCOL_VERSION} viewer={{ id, name, kind: "registered" }} />
 */
import { useTranslations } from "next-intl";
import type { TournamentView } from "@/lib/tournament/tournament";
import { playerNamer } from "./player-name";
import { TournamentActions, type TournamentViewer } from "./tournament-actions";
import { TournamentDraw } from "./tournament-draw";
import { TournamentRounds, TournamentStandings } from "./tournament-rounds";
import { TournamentSummary } from "./tournament-summary";
import { useTournamentView } from "./use-tournament-view";

export function TournamentLive({ initial, protocol, viewer }: { initial: TournamentView; protocol: number; viewer: TournamentViewer | null }) {
  const t = useTranslations("tournaments");
  const live = useTournamentView(initial, protocol);
  const { view } = live;
  const name = playerNamer(view, t("bye"));
  const players = view.entrants ?? view.registered;
  return (
    <section data-testid="tournament" data-status={view.status} data-version={view.version}>
      <h1>{view.settings.name}</h1>
      <TournamentSummary view={view} />
      {live.online === false ? (
        <p className="form-error" role="status" data-testid="tournament-offline">
          {t("offline")}
        </p>
      ) : null}
      <TournamentActions view={view} viewer={viewer} socket={live.socket} onStored={live.caughtUp} />

      <h2>{t("entrants")}</h2>
      {players.length === 0 ? (
        <p className="muted">{t("noEntrants")}</p>
      ) : (
        <ul className="inline-list" data-testid="tournament-players">
          {players.map((player) => (
            <li key={player}>
              <a href={`/players/${encodeURIComponent(name(player))}`}>{name(player)}</a>
            </li>
          ))}
        </ul>
      )}

      <TournamentRounds view={view} />
      <TournamentStandings view={view} />
      <TournamentDraw view={view} />
    </section>
  );
}
