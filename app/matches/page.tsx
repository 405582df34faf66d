import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { utcDay } from "@/components/admin/format-time";
import { describeTimeControl } from "@/lib/record/clock";
import { Pager } from "@/components/admin/pager";
import { PlayerLink } from "@/components/players/player-link";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { MATCH_STATUSES } from "@/server/db/listings";
import type { SearchParams } from "@/server/http/search-params";
import { HISTORY_PAGE_SIZE, matchHistory, parseHistoryQuery, type HistoryQuery } from "@/server/record/match-history";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";

export const metadata: Metadata = { title: "Your matches — Fairgammon" };

const STATUS_NAMES: Record<string, string> = { waiting: "waiting", seeding: "seeding", playing: "playing", finished: "finished", aborted: "cancelled" };

function historyHref(query: HistoryQuery, page: number): string {
  const params = new URLSearchParams({ ...(query.status ? { status: query.status } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return params === "" ? "/matches" : `/matches?${params}`;
}

/** The signed-in player's matches, running and finished, newest first, with a status filter, pages, and reviews. */
export default async function MatchHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=%2Fmatches");
  const query = parseHistoryQuery(await searchParams);
  const history = await matchHistory(getDb(), user.id, query);

  return (
    <section>
      <h1>Your matches</h1>
      <nav className="status-tabs" aria-label="Filter by status">
        <a href="/matches" aria-current={query.status === undefined ? "page" : undefined}>
          all
        </a>
        {MATCH_STATUSES.map((status) => (
          <a key={status} href={historyHref({ status, page: 1 }, 1)} aria-current={query.status === status ? "page" : undefined}>
            {STATUS_NAMES[status]}
          </a>
        ))}
      </nav>
      {history.total === 0 ? (
        <p className="muted" data-testid="history-empty">
          No matches here yet. <a href="/">Start one in the lobby.</a>
        </p>
      ) : (
        <>
          <p className="muted">
            {history.total} match{history.total === 1 ? "" : "es"}.
          </p>
          <div className="table-scroll">
            <table className="data-table" data-testid="history-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Opponent</th>
                  <th scope="col">You</th>
                  <th scope="col">Length</th>
                  <th scope="col">Clock</th>
                  <th scope="col">Score</th>
                  <th scope="col">Result</th>
                  <th scope="col">Open</th>
                </tr>
              </thead>
              <tbody>
                {history.items.map((line) => (
                  <tr key={line.id} data-match={line.id} data-status={line.status}>
                    <td>{utcDay(line.date)}</td>
                    <td>{line.opponent ? <PlayerLink name={line.opponent} /> : "nobody yet"}</td>
                    <td>{line.color ?? "—"}</td>
                    <td>{line.matchLength}</td>
                    <td>{describeTimeControl(line.timeControl)}</td>
                    <td>
                      {line.myScore}–{line.theirScore}
                    </td>
                    <td>
                      {line.result}
                      {line.onTime ? " on time" : ""}
                      {line.visibility === "private" ? <span className="muted"> · private</span> : null}
                    </td>
                    <td>
                      <a href={`/matches/${line.id}`}>Review</a>
                      {line.status === "finished" || line.status === "aborted" ? null : (
                        <>
                          {" · "}
                          <a href={`/match/${line.id}`}>Play</a>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={history.page} pageSize={HISTORY_PAGE_SIZE} total={history.total} href={(page) => historyHref(query, page)} label="Match history pages" />
        </>
      )}
    </section>
  );
}
