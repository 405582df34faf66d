import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { AdminNav } from "@/components/admin/admin-nav";
import { DiceStatsPanel } from "@/components/admin/dice-stats-panel";
import { utcTime } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { RollCells } from "@/components/admin/roll-cells";
import { RollFilterForm } from "@/components/admin/roll-filter-form";
import { VerificationList } from "@/components/admin/verification-list";
import { parseRollFilters, rollFilterQuery } from "@/server/admin/roll-filters";
import { rollLogView, VERIFY_LIMIT, VERIFY_MAX, verifySelection } from "@/server/admin/roll-selection";
import { requireAdminPage } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { MATCH_STATUSES } from "@/server/db/listings";
import type { SearchParams } from "@/server/http/search-params";
import { DataTable } from "@/components/ui/data-table";

export const generateMetadata = metaTitle("admin");

/**
 * The admin console: the roll log across matches with filters (user, match, status, dates) and pages, the dice
 * statistics of the whole selection, the server-side verification of its revealed matches (the 20 most recently
 * finished, or up to 200 with `verify=all`; failures first), and exports. Every view is recorded in the audit trail
 * (server/admin/roll-selection.ts).
 */
export default async function AdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requireAdminPage();
  const t = await getTranslations("admin");
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
      <h1>{t("console")}</h1>
      <p className="muted">
        {t.rich("signedInAs", {
          name: admin.username,
          strong: (chunks) => <strong data-testid="admin-name">{chunks}</strong>,
          link: (chunks) => <a href="/admin/audit">{chunks}</a>,
        })}
      </p>
      <AdminNav current="rolls" />
      <RollFilterForm values={filters} statuses={MATCH_STATUSES} />
      {problems.map((problem) => (
        <p key={`${problem.say.key}:${problem.say.values.field ?? ""}`} className="notice" role="status">
          {t(`filterNote.${problem.say.key}`, { ...problem.say.values })}
        </p>
      ))}
      {!view.ok ? (
        <p className="notice" role="alert">
          {/* The one way a selection fails (SelectionError): the user filter names nobody. */}
          {t("unknownUser", { name: filters.user ?? "" })}
        </p>
      ) : (
        <div className="admin-grid">
          <section className="panel" aria-labelledby="roll-log-title">
            <h2 id="roll-log-title">{t("rollLog")}</h2>
            <p data-testid="roll-total">
              {t("rollTotal", { rolls: view.value.page.total, matches: view.value.matchCount })}{" "}
              <a href={`/api/admin/rolls.csv${exportQuery}`} download>
                {/* i18n-ignore: a file format's name */}
                CSV
              </a>{" "}
              ·{" "}
              <a href={`/api/admin/rolls.json${exportQuery}`} download>
                {/* i18n-ignore: a file format's name */}
                JSON
              </a>
            </p>
            <DataTable testId="roll-table" labels={[t("col.time"), t("col.match"), t("col.game"), t("col.nonce"), t("col.kind"), t("col.player"), t("col.dice")]}>
              {view.value.page.items.map((roll) => {
                const label = view.value.matches[roll.matchId];
                return (
                  <tr key={`${roll.matchId}-${roll.nonce}`}>
                    <td>{utcTime(roll.createdAt)}</td>
                    <td>
                      <a href={`/admin/matches/${roll.matchId}`}>{roll.matchId}</a>
                      {label ? <div className="muted">{t("matchLabel", { white: label.white ?? "?", black: label.black ?? "?", status: label.status })}</div> : null}
                    </td>
                    <td>{roll.game}</td>
                    <td>{roll.nonce}</td>
                    <RollCells roll={roll} />
                  </tr>
                );
              })}
            </DataTable>
            <Pager
              page={view.value.page.page}
              pageSize={view.value.page.pageSize}
              total={view.value.page.total}
              href={(page) => `/admin${rollFilterQuery(filters, { page })}`}
              label={t("rollPages")}
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
                failures: result.report.checks.filter((check) => check.status === "failed"),
                recordError: result.recordError,
              }))}
            />
          ) : null}
        </div>
      )}
    </section>
  );
}
