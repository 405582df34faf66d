import type { Metadata } from "next";
import { AdminNav } from "@/components/admin/admin-nav";
import { DiceStatsPanel } from "@/components/admin/dice-stats-panel";
import { utcTime } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { RollFilterForm } from "@/components/admin/roll-filter-form";
import { VerificationList } from "@/components/admin/verification-list";
import { parseRollFilters, rollFilterQuery } from "@/server/admin/roll-filters";
import { rollLogView, VERIFY_LIMIT, VERIFY_MAX, verifySelection } from "@/server/admin/roll-selection";
import { failureSentences } from "@/server/admin/verification";
import { requireAdminPage } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { MATCH_STATUSES } from "@/server/db/listings";
import type { SearchParams } from "@/server/http/search-params";

export const metadata: Metadata = { title: "Admin — Fairgammon" };

/**
 * The admin console: the roll log across matches with filters (user, match, status, dates) and pages, the dice
 * statistics of the whole selection, the server-side verification of its revealed matches (the 20 most recently
 * finished, or up to 200 with `verify=all`; failures first), and exports. Every view is recorded in the audit trail
 * (server/admin/roll-selection.ts).
 */
export default async function AdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requireAdminPage();
  const search = await searchParams;
  const { filters, problems } = parseRollFilters(search);
  const verifyAll = search.verify === "all";
  const db = getDb();
  const view = await rollLogView(db, admin.id, filters);
  const verification = view.ok ? await verifySelection(db, view.value.where, verifyAll ? VERIFY_MAX : VERIFY_LIMIT) : null;
  const exportQuery = rollFilterQuery(filters, { page: undefined });
  const verifyMoreQuery = rollFilterQuery(filters);

  return (
    <section>
      <h1>Admin console</h1>
      <p className="muted">
        Signed in as <strong data-testid="admin-name">{admin.username}</strong>. Every look at a roll log is recorded in the{" "}
        <a href="/admin/audit">audit trail</a>.
      </p>
      <AdminNav current="rolls" />
      <RollFilterForm values={filters} statuses={MATCH_STATUSES} />
      {problems.map((problem) => (
        <p key={problem} className="notice" role="status">
          {problem}
        </p>
      ))}
      {!view.ok ? (
        <p className="notice" role="alert">
          {view.message}
        </p>
      ) : (
        <div className="admin-grid">
          <section className="panel" aria-labelledby="roll-log-title">
            <h2 id="roll-log-title">Roll log</h2>
            <p data-testid="roll-total">
              {view.value.page.total} roll{view.value.page.total === 1 ? "" : "s"} in {view.value.matchCount} match{view.value.matchCount === 1 ? "" : "es"}. Export
              the selection:{" "}
              <a href={`/api/admin/rolls.csv${exportQuery}`} download>
                CSV
              </a>{" "}
              ·{" "}
              <a href={`/api/admin/rolls.json${exportQuery}`} download>
                JSON
              </a>
            </p>
            <div className="table-scroll">
              <table className="data-table" data-testid="roll-table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Match</th>
                    <th scope="col">Game</th>
                    <th scope="col">Nonce</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Player</th>
                    <th scope="col">Dice</th>
                  </tr>
                </thead>
                <tbody>
                  {view.value.page.items.map((roll) => {
                    const label = view.value.matches[roll.matchId];
                    return (
                      <tr key={`${roll.matchId}-${roll.nonce}`}>
                        <td>{utcTime(roll.createdAt)}</td>
                        <td>
                          <a href={`/admin/matches/${roll.matchId}`}>{roll.matchId}</a>
                          {label ? <div className="muted">{`${label.white ?? "?"} vs ${label.black ?? "?"} · ${label.status}`}</div> : null}
                        </td>
                        <td>{roll.game}</td>
                        <td>{roll.nonce}</td>
                        <td>{roll.kind}</td>
                        <td>{roll.player ?? "—"}</td>
                        <td>
                          {roll.die1}-{roll.die2}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={view.value.page.page}
              pageSize={view.value.page.pageSize}
              total={view.value.page.total}
              href={(page) => `/admin${rollFilterQuery(filters, { page })}`}
              label="Roll log pages"
            />
          </section>
          <DiceStatsPanel stats={view.value.stats} />
          {verification ? (
            <VerificationList
              total={verification.total}
              {...(verifyAll ? {} : { moreHref: `/admin${verifyMoreQuery}${verifyMoreQuery === "" ? "?" : "&"}verify=all#verification-title` })}
              results={verification.results.map((result) => ({
                matchId: result.matchId,
                white: result.match.white,
                black: result.match.black,
                verdict: result.report.verdict,
                rolls: result.rolls,
                failures: failureSentences(result),
              }))}
            />
          ) : null}
        </div>
      )}
    </section>
  );
}
