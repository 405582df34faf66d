import { getFormatter, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { TournamentCreateForm } from "@/components/tournaments/tournament-create-form";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { parseEnv } from "@/server/config/env";
import { getCurrentUser } from "@/server/auth/session";
import { playerTournamentsAllowed } from "@/server/admin/site-settings";
import { getDb } from "@/server/db/client";
import { listTournaments, type TournamentSummary } from "@/server/tournaments/tournament-store";
import "@/components/ui/ui.css";
import { accountKind } from "@/lib/access/may";
import { mayCreateTournament } from "@/lib/tournament/creation";

export const dynamic = "force-dynamic";

export const generateMetadata = metaTitle("tournaments");

async function Line({ tournament }: { tournament: TournamentSummary }) {
  const [t, format] = await Promise.all([getTranslations("tournaments"), getFormatter()]);
  return (
    <li>
      <a href={`/tournaments/${tournament.id}`}>
        {t("line", { name: tournament.name, format: tournament.format, length: tournament.matchLength, rated: tournament.rated ? "yes" : "no", entries: tournament.entries, max: tournament.maxPlayers })}
      </a>{" "}
      <span className="muted">
        {tournament.status === "finished" && tournament.winner
          ? t("wonBy", { name: tournament.winner })
          : tournament.status === "cancelled"
            ? t("cancelled")
            : t("starts", { time: format.dateTime(tournament.startsAt, { dateStyle: "medium", timeStyle: "short" }) })}
      </span>
    </li>
  );
}

/** Upcoming, running and finished tournaments; the creation form for those who may create one. */
export default async function TournamentsPage() {
  const [t, user] = await Promise.all([getTranslations("tournaments"), getCurrentUser()]);
  const lists = await listTournaments(getDb());
  const mayCreate = user !== null && mayCreateTournament({ kind: accountKind(user), admin: user.role === "ADMIN" }, await playerTournamentsAllowed(getDb(), parseEnv(process.env).PLAYER_TOURNAMENTS));
  const section = (key: "upcoming" | "running" | "finished") => (
    <section className="panel" aria-labelledby={`tournaments-${key}`}>
      <h2 id={`tournaments-${key}`}>{t(key)}</h2>
      {lists[key].length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <ul className="match-list" data-testid={`tournaments-${key}`}>
          {lists[key].map((tournament) => (
            <Line key={tournament.id} tournament={tournament} />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <section>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {section("running")}
      {section("upcoming")}
      {section("finished")}
      {mayCreate ? <TournamentCreateForm protocol={PROTOCOL_VERSION} /> : null}
    </section>
  );
}
