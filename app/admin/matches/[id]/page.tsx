import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { DiceStatsPanel } from "@/components/admin/dice-stats-panel";
import { utcTime } from "@/components/admin/format-time";
import { RollCells } from "@/components/admin/roll-cells";
import { VerifyReportView } from "@/components/fairness/verify-report";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { matchRollLog } from "@/server/admin/match-roll-log";
import { requireAdminPage } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { DataTable } from "@/components/ui/data-table";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const t = await getTranslations("admin.match");
  return { title: t("metaTitle", { id }) };
}

/**
 * One match's roll log for administrators: every roll with its nonce, dice, kind, player and time; the commitment and
 * client seeds; the server seed only once revealed (server/admin/match-roll-log.ts never reads it before); the dice
 * statistics and, once revealed, the verification. The look is recorded in the audit trail.
 */
export default async function AdminMatchPage({ params }: { params: Params }) {
  const admin = await requireAdminPage();
  const t = await getTranslations("admin.match");
  const tv = await getTranslations("admin.verification");
  const { id } = await params;
  if (!matchIdSchema.safeParse(id).success) notFound();
  const view = await matchRollLog(getDb(), admin.id, id);
  if (!view) notFound();
  const { match, seed, rolls, stats, verification } = view;

  return (
    <section>
      <h1>{t("title", { id: match.id })}</h1>
      <AdminNav current={null} />
      <div className="admin-grid">
        <section className="panel" aria-labelledby="match-facts-title">
          <h2 id="match-facts-title">{t("facts")}</h2>
          <dl className="admin-facts">
            <dt>{t("players")}</dt>
            <dd>
              {t("playersLine", { white: match.white ?? t("openSeat"), black: match.black ?? t("openSeat") })}
            </dd>
            <dt>{t("status")}</dt>
            <dd data-testid="match-status">
              {t("statusName", { status: match.status })}
              {match.endReason && match.endReason !== match.status ? ` (${t("endReason", { reason: match.endReason })})` : ""} · {t("visibility", { visibility: match.visibility })}
            </dd>
            <dt>{t("lengthScore")}</dt>
            <dd>
              {t("lengthLine", { length: match.matchLength, white: match.scoreWhite, black: match.scoreBlack })}
              {match.winner ? ` · ${t("won", { color: match.winner })}` : ""}
            </dd>
            <dt>{t("created")}</dt>
            <dd>{utcTime(match.createdAt)}</dd>
            {match.finishedAt ? (
              <>
                <dt>{t("finished")}</dt>
                <dd>{utcTime(match.finishedAt)}</dd>
              </>
            ) : null}
            <dt>{t("commitment")}</dt>
            <dd className="hex" data-testid="admin-commitment">
              {seed.commitment}
            </dd>
            <dt>{t("clientSeed", { color: "white" })}</dt>
            <dd className="hex">{seed.clientSeeds.white ?? t("notSent")}</dd>
            <dt>{t("clientSeed", { color: "black" })}</dt>
            <dd className="hex">{seed.clientSeeds.black ?? t("notSent")}</dd>
            <dt>{t("serverSeed")}</dt>
            <dd className="hex" data-testid="admin-server-seed">
              {seed.serverSeed ?? t("sealed")}
              {seed.revealedAt ? <span className="muted"> ({t("revealed", { time: utcTime(seed.revealedAt) })})</span> : null}
            </dd>
          </dl>
          <p>
            <a href={`/matches/${match.id}`}>{t("review")}</a> · <a href={`/admin/audit?match=${match.id}`}>{t("whoLooked")}</a>
          </p>
        </section>
        <section className="panel" aria-labelledby="rolls-title">
          <h2 id="rolls-title">{t("rolls", { count: rolls.length })}</h2>
          <DataTable testId="match-roll-table" labels={[t("col.nonce"), t("col.game"), t("col.kind"), t("col.player"), t("col.dice"), t("col.time")]}>
            {rolls.map((roll) => (
              <tr key={roll.nonce}>
                <td>{roll.nonce}</td>
                <td>{roll.game}</td>
                <RollCells roll={roll} />
                <td>{utcTime(roll.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
        <DiceStatsPanel stats={stats} />
        <section className="panel" aria-labelledby="match-verify-title" data-testid="match-verification">
          <h2 id="match-verify-title">{t("verification")}</h2>
          {verification ? (
            <>
              <VerifyReportView report={verification.report} />
              {verification.recordError ? <p className="notice">{tv("recordError", { message: verification.recordError })}</p> : null}
            </>
          ) : (
            <p className="muted">{t("notRevealed")}</p>
          )}
        </section>
      </div>
    </section>
  );
}
