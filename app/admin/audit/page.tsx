import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { AdminNav } from "@/components/admin/admin-nav";
import { utcTime } from "@/components/admin/format-time";
import { pageParam } from "@/components/admin/page-window";
import { Pager } from "@/components/admin/pager";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { auditTrail } from "@/server/admin/audit-trail";
import { EXPORT_ACTION } from "@/server/admin/roll-export";
import { SETTINGS_ACTION } from "@/server/admin/site-settings";
import { MODERATION_ACTIONS } from "@/lib/chat/moderation";
import { CHAT_AUDIT_PREFIX } from "@/server/chat/chat-moderation";
import { requireAdminPage } from "@/server/auth/require-admin";
import { ROLL_LOG_VIEW } from "@/server/db/admin";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";
import { DataTable } from "@/components/ui/data-table";

/** The stored action codes as message select keys (ICU keys cannot hold "-"); an unknown code is shown as stored. */
const ACTION_KEYS: Readonly<Record<string, string>> = {
  [ROLL_LOG_VIEW]: "view",
  [EXPORT_ACTION]: "export",
  [SETTINGS_ACTION]: "settings",
  // The chat moderation desk's ("chat-hide" → chatHide, …): server/chat/chat-moderation.ts.
  ...Object.fromEntries(MODERATION_ACTIONS.map((action) => [`${CHAT_AUDIT_PREFIX}${action}`, `chat${action[0]!.toUpperCase()}${action.slice(1)}`])),
};

export const generateMetadata = metaTitle("admin.audit");

/** Who looked at or exported which roll log, when, and with which filters (AdminAudit, append-only), newest first. */
export default async function AuditTrailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdminPage();
  const t = await getTranslations("admin.audit");
  const search = await searchParams;
  const match = typeof search.match === "string" && matchIdSchema.safeParse(search.match).success ? search.match : undefined;
  const trail = await auditTrail(getDb(), { page: pageParam(search), ...(match ? { matchId: match } : {}) });
  const query = (p: number) => `/admin/audit?${new URLSearchParams({ ...(match ? { match } : {}), page: String(p) }).toString()}`;

  return (
    <section>
      <h1>{t("title")}</h1>
      <AdminNav current="audit" />
      <p className="muted">
        {t(match ? "entriesForMatch" : "entries", { count: trail.total, match: match ?? "" })} {t("appendOnly")}
        {match ? (
          <>
            {" "}
            <a href="/admin/audit">{t("showAll")}</a>
          </>
        ) : null}
      </p>
      <DataTable testId="audit-table" labels={[t("when"), t("who"), t("what"), t("match"), t("details")]}>
        {trail.items.map((row) => (
          <tr key={row.id} data-action={row.action}>
            <td>{utcTime(row.createdAt)}</td>
            <td>{row.admin}</td>
            <td>{t("action", { action: ACTION_KEYS[row.action] ?? "other", code: row.action })}</td>
            <td>{row.matchId ? <a href={`/admin/matches/${row.matchId}`}>{row.matchId}</a> : "—"}</td>
            <td className="hex">{row.details === null ? "" : JSON.stringify(row.details)}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={trail.page} pageSize={trail.pageSize} total={trail.total} href={query} label={t("pages")} />
    </section>
  );
}
