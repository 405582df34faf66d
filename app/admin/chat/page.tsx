import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminNav } from "@/components/admin/admin-nav";
import { utcTime } from "@/components/admin/format-time";
import { Pager } from "@/components/admin/pager";
import { ColumnHeads } from "@/components/ui/column-heads";
import { parseChannel } from "@/lib/chat/channels";
import { requireAdminPage } from "@/server/auth/require-admin";
import { reportedMessages } from "@/server/chat/chat-store";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";

const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.chat");
  return { title: t("metaTitle") };
}

/** Reported chat messages, most recently reported first: who wrote what, where, and who reported it. */
export default async function ReportedChatPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdminPage();
  const t = await getTranslations("admin.chat");
  const search = await searchParams;
  const requested = Number(typeof search.page === "string" ? search.page : "1");
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const reports = await reportedMessages(getDb(), page, PAGE_SIZE);
  return (
    <section>
      <h1>{t("title")}</h1>
      <AdminNav current="chat" />
      <p className="muted">{t("entries", { count: reports.total })}</p>
      <div className="table-scroll">
        <table className="data-table" data-testid="chat-reports">
          <ColumnHeads labels={[t("when"), t("author"), t("text"), t("channel"), t("sent"), t("reports"), t("reporters")]} />
          <tbody>
            {reports.items.map((item) => {
              const channel = parseChannel(item.message.channel);
              return (
                <tr key={item.message.id}>
                  <td>{utcTime(item.lastReportedAt)}</td>
                  <td>
                    <a href={`/players/${encodeURIComponent(item.message.author.name)}`}>{item.message.author.name}</a>
                  </td>
                  <td className="chat-report-text">{item.message.text}</td>
                  <td>{channel.ok && channel.value.kind !== "lobby" ? <a href={`/admin/matches/${channel.value.matchId}`}>{item.message.channel}</a> : item.message.channel}</td>
                  <td>{utcTime(new Date(item.message.at))}</td>
                  <td>{item.reports}</td>
                  <td>{item.reporters.join(", ")}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={reports.total} href={(p) => `/admin/chat?page=${p}`} label={t("title")} />
    </section>
  );
}
