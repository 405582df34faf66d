"use client";
/**
 * A tournament's rounds as they are played: each pairing (or bye), its winner and how they won, and links to watch
 * the match and review it; and, for a Swiss, the standings after the rounds complete (points, then Buchholz).
 *
 * @example
 *   <TournamentRounds view={view} />
 *   <TournamentStandings view={view} />
 */
import { useTranslations } from "next-intl";
import { swissStandings } from "@/lib/tournament/swiss";
import type { TournamentView } from "@/lib/tournament/tournament";
import { ColumnHeads } from "@/components/ui/column-heads";
import { DataTable } from "@/components/ui/data-table";
import { playerNamer } from "./player-name";

export function TournamentRounds({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments");
  const name = playerNamer(view, t("bye"));
  return view.rounds.map((round, r) => (
    <section key={r} aria-labelledby={`round-${r + 1}`}>
      <h2 id={`round-${r + 1}`}>{t("round", { number: r + 1 })}</h2>
      <DataTable testId={`round-${r + 1}`} labels={[t("player"), t("winner"), ""]}>
        {round.pairings.map((pairing, i) => {
          const matchId = round.matchIds[i];
          const winner = round.winners[i] ?? null;
          return (
            <tr key={i} data-winner={winner ?? ""}>
              <td>{pairing.black === null ? `${name(pairing.white)} (${t("bye")})` : t("vs", { white: name(pairing.white), black: name(pairing.black) })}</td>
              <td>{winner ? `${name(winner)} (${t("reason", { reason: round.reasons[i] ?? "" })})` : matchId ? t("pending") : "—"}</td>
              <td>
                {matchId ? (
                  <>
                    <a href={`/match/${matchId}`}>{t("watch")}</a> · <a href={`/matches/${matchId}`}>{t("review")}</a>
                  </>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  ));
}

export function TournamentStandings({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments");
  const name = playerNamer(view, t("bye"));
  if (view.settings.format !== "swiss" || !view.order) return null;
  const complete = view.rounds.filter((round) => round.winners.every((w) => w !== null));
  const standings = swissStandings(view.order, complete.map((round) => ({ pairings: round.pairings, winners: round.winners as string[] })));
  if (standings.length === 0) return null;
  return (
    <section aria-labelledby="standings">
      <h2 id="standings">{t("standings")}</h2>
      <table className="data-table" data-testid="standings">
        <ColumnHeads labels={[t("place"), t("player"), t("points"), t("buchholz")]} />
        <tbody>
          {standings.map((standing, i) => (
            <tr key={standing.player}>
              <td>{i + 1}</td>
              <td>{name(standing.player)}</td>
              <td>{standing.points}</td>
              <td>{standing.buchholz}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
