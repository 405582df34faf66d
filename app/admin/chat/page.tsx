import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { AdminNav } from "@/components/admin/admin-nav";
import { MessageActions, UserActions } from "@/components/admin/chat-moderation";
import { utcTime } from "@/components/admin/format-time";
import { pageParam } from "@/components/admin/page-window";
import { Pager } from "@/components/admin/pager";
import { DataTable } from "@/components/ui/data-table";
import { parseChannel } from "@/lib/chat/channels";
import { sanctionActive } from "@/lib/chat/moderation";
import { requireAdminPage } from "@/server/auth/require-admin";
import { activeSanctions } from "@/server/chat/chat-moderation";
import { reportedMessages } from "@/server/chat/chat-store";
import { getDb } from "@/server/db/client";
import type { SearchParams } from "@/server/http/search-params";

const PAGE_SIZE = 50;

export const generateMetadata = metaTitle("admin.chat");

/**
 * The moderation desk: reported chat messages, most recently reported first — who wrote what, where, who reported it,
 * what was done about it (hidden, deleted, resolved or dismissed, by whom and when) — with the actions on the message
 * and on its author; then who is muted or banned site-wide right now.
 */
export default async function ReportedChatPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdminPage();
  const t = await getTranslations("admin.chat");
  const page = pageParam(await searchParams);
  const now = new Date();
  const [reports, sanctioned] = await Promise.all([reportedMessages(getDb(), page, PAGE_SIZE), activeSanctions(getDb(), now)]);
  return (
    <section>
      <h1>{t("title")}</h1>
      <AdminNav current="chat" />
      <p className="muted">
        {t("entries", { count: reports.total })} {t("siteWideNote")}
      </p>
      <DataTable testId="chat-reports" labels={[t("when"), t("author"), t("text"), t("channel"), t("sent"), t("reports"), t("reporters"), t("status"), t("actions")]}>
        {reports.items.map((item) => {
          const channel = parseChannel(item.message.channel);
          const author = item.message.author;
          const sanction = item.sanction;
          const active = sanctionActive(sanction, now.getTime());
          return (
            <tr key={item.message.id} data-message={item.message.id} data-open={item.open}>
              <td>{utcTime(item.lastReportedAt)}</td>
              <td>
                <a href={`/players/${encodeURIComponent(author.name)}`}>{author.name}</a>
              </td>
              <td className="chat-report-text">{item.hidden?.deleted ? <em className="muted">{t("deletedText")}</em> : item.message.text}</td>
              <td>{channel.ok && channel.value.kind !== "lobby" ? <a href={`/admin/matches/${channel.value.matchId}`}>{item.message.channel}</a> : item.message.channel}</td>
              <td>{utcTime(new Date(item.message.at))}</td>
              <td>{item.reports}</td>
              <td>{item.reporters.join(", ")}</td>
              <td data-testid="report-status">
                <div>{t("open", { count: item.open })}</div>
                {item.hidden ? <div>{t(item.hidden.deleted ? "deletedBy" : "hiddenBy", { name: item.hidden.by, time: utcTime(item.hidden.at) })}</div> : null}
                {item.closed ? <div>{t("closedBy", { resolution: item.closed.resolution, name: item.closed.by, time: utcTime(item.closed.at) })}</div> : null}
                {active && sanction?.bannedAt ? <div>{t("banned", { time: utcTime(sanction.bannedAt) })}</div> : null}
                {active && !sanction?.bannedAt && sanction?.mutedUntil ? <div>{t("mutedUntil", { time: utcTime(sanction.mutedUntil) })}</div> : null}
              </td>
              <td>
                <MessageActions messageId={item.message.id} author={author.name} hidden={item.hidden !== null} deleted={item.hidden?.deleted ?? false} open={item.open} />
                <UserActions
                  userId={author.id}
                  name={author.name}
                  muted={sanction?.mutedUntil != null && sanction.mutedUntil > now}
                  banned={sanction?.bannedAt != null}
                />
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={reports.total} href={(p) => `/admin/chat?page=${p}`} label={t("title")} />
      <h2>{t("sanctionsTitle")}</h2>
      {sanctioned.length === 0 ? (
        <p className="muted">{t("noSanctions")}</p>
      ) : (
        <DataTable testId="chat-sanctions" labels={[t("author"), t("status"), t("by"), t("actions")]}>
          {sanctioned.map((user) => (
            <tr key={user.id} data-user={user.name}>
              <td>
                <a href={`/players/${encodeURIComponent(user.name)}`}>{user.name}</a>
              </td>
              <td>
                {user.bannedAt ? <div>{t("banned", { time: utcTime(user.bannedAt) })}</div> : null}
                {user.mutedUntil && user.mutedUntil > now ? <div>{t("mutedUntil", { time: utcTime(user.mutedUntil) })}</div> : null}
              </td>
              <td>{user.by}</td>
              <td>
                <UserActions userId={user.id} name={user.name} muted={user.mutedUntil !== null && user.mutedUntil > now} banned={user.bannedAt !== null} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
