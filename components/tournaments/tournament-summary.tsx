"use client";
/**
 * A tournament's settings in one line and its state in another (registration open until…, round n in play, the
 * winner), as its page shows them; the state line is a status region, so a change is read out.
 *
 * @example
 *   <TournamentSummary view={view} />
 */
import { useFormatter, useTranslations } from "next-intl";
import type { TournamentView } from "@/lib/tournament/tournament";
import { timeControlText } from "@/components/match/time-control-text";
import { playerNamer } from "./player-name";

export function TournamentSummary({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments");
  const tc = useTranslations("clock");
  const format = useFormatter();
  const { settings } = view;
  const name = playerNamer(view, t("bye"));
  const when = (ms: number) => format.dateTime(new Date(ms), { dateStyle: "medium", timeStyle: "short" });
  const players = view.entrants ?? view.registered;
  return (
    <>
      <p>
        {t("facts", {
          format: settings.format,
          rounds: settings.swissRounds ?? 0,
          length: settings.matchLength,
          clock: timeControlText(tc, settings.timeControl),
          rated: settings.rated ? "yes" : "no",
          entries: players.length,
          max: settings.maxPlayers,
        })}
      </p>
      <p role="status" data-testid="tournament-status">
        {t("status", { status: view.status, closes: when(settings.closesAt), starts: when(settings.startsAt), round: view.rounds.length, winner: name(view.winner) })}
      </p>
    </>
  );
}
