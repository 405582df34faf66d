import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { ColumnHeads } from "@/components/ui/column-heads";
import { timeControlText } from "@/components/match/time-control-text";
import { TournamentActions } from "@/components/tournaments/tournament-actions";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { swissStandings } from "@/lib/tournament/swiss";
import { isTournamentId } from "@/lib/tournament/tournament";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { loadTournament } from "@/server/tournaments/tournament-store";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";

type Params = Promise<{ id: string }>;

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const loaded = isTournamentId(id) ? await loadTournament(getDb(), id) : null;
  const t = await getTranslations("tournaments");
  return { title: loaded ? loaded.view.settings.name : t("metaTitle") };
}

/** A tournament: its settings and state, the draw's commitment and seed, the players, every round live, the standings. */
export default async function TournamentPage({ params }: { params: Params }) {
  const { id } = await params;
  const loaded = isTournamentId(id) ? await loadTournament(getDb(), id) : null;
  if (!loaded) notFound();
  const [t, tc, format, user] = await Promise.all([getTranslations("tournaments"), getTranslations("clock"), getFormatter(), getCurrentUser()]);
  const { view } = loaded;
  const { settings } = view;
  const name = (player: string | null) => (player === null ? t("bye") : (view.names[player] ?? player));
  const when = (ms: number) => format.dateTime(new Date(ms), { dateStyle: "medium", timeStyle: "short" });
  const players = view.entrants ?? view.registered;
  const registered = user !== null && (view.entrants ?? view.registered).includes(user.id) && !view.withdrawals.some((w) => w.player === user.id);
  const complete = view.rounds.filter((round) => round.winners.every((w) => w !== null));
  const standings = settings.format === "swiss" && view.order ? swissStandings(view.order, complete.map((round) => ({ pairings: round.pairings, winners: round.winners as string[] }))) : [];

  return (
    <section data-testid="tournament" data-status={view.status}>
      <h1>{settings.name}</h1>
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
      <TournamentActions id={id} protocol={PROTOCOL_VERSION} status={view.status} registered={registered} signedIn={user !== null} mayRegister={user !== null && !user.isGuest && view.status === "registering"} />

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

      {view.rounds.map((round, r) => (
        <section key={r} aria-labelledby={`round-${r + 1}`}>
          <h2 id={`round-${r + 1}`}>{t("round", { number: r + 1 })}</h2>
          <div className="table-scroll">
            <table className="data-table" data-testid={`round-${r + 1}`}>
              <ColumnHeads labels={[t("player"), t("winner"), ""]} />
              <tbody>
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
              </tbody>
            </table>
          </div>
        </section>
      ))}

      {standings.length > 0 ? (
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
      ) : null}

      <h2>{t("draw")}</h2>
      <dl className="profile-facts">
        <dt>{t("commitment")}</dt>
        <dd className="hex" data-testid="draw-commitment">
          {view.commitment}
        </dd>
        {view.digest ? (
          <>
            <dt>{t("digest")}</dt>
            <dd className="hex">{view.digest}</dd>
          </>
        ) : null}
        <dt>{t("seed")}</dt>
        <dd className="hex" data-testid="draw-seed">
          {view.seed ?? t("notRevealed")}
        </dd>
      </dl>
      <p>
        <a href={`/api/tournaments/${id}/draw.json`}>{t("drawJson")}</a> · <a href="/fairness/spec/tournaments">{t("drawSpec")}</a>
      </p>
    </section>
  );
}
