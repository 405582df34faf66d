/**
 * A match's place in the public transparency log (lib/transparency `checkBundleLog`) as a list under the dice's
 * report: the four log checks with ✓ passed, ✗ failed or – unlogged, a one-line verdict, and where each entry is —
 * its index and the head (size, time) its proof verified in. A missing entry reads as unlogged, never as passed.
 *
 * @example
 *   <LogReportView report={checkBundleLog(bundle, keys.map((key) => key.publicKey))} />
 */
import { useFormatter, useTranslations } from "next-intl";
import type { BundleLogReport, LogCheckStatus } from "@/lib/transparency/bundle-log";
import { CheckItem } from "./verify-report";
import "@/components/ui/ui.css";

const MARK: Record<LogCheckStatus, string> = { passed: "✓", failed: "✗", unlogged: "–" };
/** The dice report's verdict classes, for the same colours: logged is green, failed red, unlogged plain. */
const VERDICT_CLASS: Record<BundleLogReport["verdict"], string> = { logged: "verdict-verified", failed: "verdict-failed", unlogged: "verdict-incomplete" };

export function LogReportView({ report }: { report: BundleLogReport }) {
  const t = useTranslations("verifyReport.log");
  const format = useFormatter();
  return (
    <section className={`verify-report log-report ${VERDICT_CLASS[report.verdict]}`} data-testid="log-report" data-verdict={report.verdict} aria-labelledby="log-report-title">
      <h3 id="log-report-title">{t("title")}</h3>
      <p className="muted">{t("intro")}</p>
      <p className="verdict" role="status">
        {t(`verdict.${report.verdict}`)}
      </p>
      <ul className="checks">
        {report.checks.map((check) => (
          <CheckItem key={check.id} check={check} mark={MARK[check.status]} title={t(`check.${check.id}`)} t={t} />
        ))}
      </ul>
      {report.entries.length > 0 ? (
        <ul className="muted" data-testid="log-entries">
          {report.entries.map((entry) => (
            <li key={entry.role}>
              {t("entry", {
                which: entry.role,
                index: entry.index,
                size: entry.head.treeSize,
                time: format.dateTime(new Date(entry.head.timestamp), { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }) + " UTC",
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
