import { getFormatter, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { redirect } from "next/navigation";
import { utcDay } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { timeControlText } from "@/components/match/time-control-text";
import { PlayerLink } from "@/components/players/player-link";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { MATCH_STATUSES } from "@/server/db/listings";
import type { SearchParams } from "@/server/http/search-params";
import { HISTORY_PAGE_SIZE, matchHistory, parseHistoryQuery, type HistoryQuery, type HistoryResult } from "@/server/record/match-history";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";
import { DataTable } from "@/components/ui/data-table";

export const generateMetadata = metaTitle("history");

/** The message key (`history.result.<key>`) of each result the history query gives. */
const RESULT_KEYS: Record<HistoryResult, string> = {
  won: "won",
  lost: "lost",
  "in progress": "inProgress",
  "waiting for an opponent": "waiting",
  cancelled: "cancelled",
  "ended without a winner": "noWinner",
};

function historyHref(query: HistoryQuery, page: number): string {
  const params = new URLSearchParams({ ...(query.status ? { status: query.status } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return params === "" ? "/matches" : `/matches?${params}`;
}

/** The signed-in player's matches, running and finished, newest first, with a status filter, pages, and reviews. */
export default async function MatchHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=%2Fmatches");
  const [t, tc, format] = await Promise.all([getTranslations("history"), getTranslations("clock"), getFormatter()]);
  const query = parseHistoryQuery(await searchParams);
  const history = await matchHistory(getDb(), user.id, query);

  return (
    <section>
      <h1>{t("title")}</h1>
      <nav className="status-tabs" aria-label={t("filter")}>
        <a href="/matches" aria-current={query.status === undefined ? "page" : undefined}>
          {t("all")}
        </a>
        {MATCH_STATUSES.map((status) => (
          <a key={status} href={historyHref({ status, page: 1 }, 1)} aria-current={query.status === status ? "page" : undefined}>
            {t("status", { status })}
          </a>
        ))}
      </nav>
      {history.total === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t("empty")} <a href="/">{t("startOne")}</a>
        </p>
      ) : (
        <>
          <p className="muted">
            {t("count", { count: history.total })}
          </p>
          <DataTable testId="history-table" labels={[t("col.date"), t("col.opponent"), t("col.you"), t("col.length"), t("col.clock"), t("col.score"), t("col.result"), t("col.open")]}>
            {history.items.map((line) => (
              <tr key={line.id} data-match={line.id} data-status={line.status}>
                <td>
                  <time dateTime={utcDay(line.date)}>{format.dateTime(line.date, { dateStyle: "medium", timeZone: "UTC" })}</time>
                </td>
                <td>{line.opponent ? <PlayerLink name={line.opponent} /> : t("nobody")}</td>
                <td>{line.color ? t("color", { color: line.color }) : "—"}</td>
                <td>{line.matchLength}</td>
                <td>{timeControlText(tc, line.timeControl)}</td>
                <td>
                  {line.myScore}–{line.theirScore}
                </td>
                <td>
                  {t(`result.${RESULT_KEYS[line.result]}`)}
                  {line.onTime ? ` ${t("onTime")}` : ""}
                  {line.visibility === "private" ? <span className="muted"> · {t("private")}</span> : null}
                </td>
                <td>
                  <a href={`/matches/${line.id}`}>{t("review")}</a>
                  {line.status === "finished" || line.status === "aborted" ? null : (
                    <>
                      {" · "}
                      <a href={`/match/${line.id}`}>{t("play")}</a>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={history.page} pageSize={HISTORY_PAGE_SIZE} total={history.total} href={(page) => historyHref(query, page)} label={t("pages")} />
        </>
      )}
    </section>
  );
}
