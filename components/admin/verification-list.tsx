/**
 * The server-side verification of the revealed matches in a selection, one line each (failures first, as given):
 * ✓ verified, ✗ failed with the failed checks and where, … anything else, each linking to the match's roll log.
 *
 * @example
 *   <VerificationList total={12} results={[{ matchId, white: "ann", black: "bob", verdict: "failed", rolls: 80, failures: [check], recordError: null }]} moreHref="/admin?verify=all" />
 */
import { useTranslations } from "next-intl";
import { CheckSentence } from "@/components/fairness/verify-report";
import type { CheckResult, Verdict } from "@/lib/dice/types";
import "./admin.css";

export interface VerificationLine {
  readonly matchId: string;
  readonly white: string | null;
  readonly black: string | null;
  readonly verdict: Verdict;
  readonly rolls: number;
  /** The failed checks, each shown as a sentence with its place. */
  readonly failures: readonly CheckResult[];
  /** Why the stored events could not be replayed into a game record (the replay's own English message), or null. */
  readonly recordError: string | null;
}

const MARK: Record<Verdict, string> = { verified: "✓", failed: "✗", incomplete: "–", "not-yet-revealed": "…" };

/** `moreHref` links to the same view verifying more matches, shown when not all were verified. */
export function VerificationList({ total, results, moreHref }: { total: number; results: readonly VerificationLine[]; moreHref?: string }) {
  const t = useTranslations("admin.verification");
  const failed = results.filter((r) => r.verdict === "failed").length;
  return (
    <section className="panel" aria-labelledby="verification-title" data-testid="verification">
      <h2 id="verification-title">{t("title")}</h2>
      {total === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <>
          <p data-testid="verification-summary">
            {t("summary", { verified: results.length - failed, count: results.length, failed })}
            {total > results.length ? ` ${t("partial", { count: results.length, total })}` : ""}.
            {total > results.length && moreHref ? (
              <>
                {" "}
                <a href={moreHref}>{t("more")}</a>
              </>
            ) : null}
          </p>
          <ul className="verify-list">
            {results.map((r) => (
              <li key={r.matchId} className={`verdict-${r.verdict}`} data-verdict={r.verdict} data-match={r.matchId}>
                <span className="verdict-mark" aria-label={t("verdict", { verdict: r.verdict })}>
                  {MARK[r.verdict]}
                </span>
                <a href={`/admin/matches/${r.matchId}`}>{r.matchId}</a> {t("line", { white: r.white ?? "?", black: r.black ?? "?", rolls: r.rolls, verdict: r.verdict })}
                {r.failures.length > 0 || r.recordError ? (
                  <ul>
                    {r.failures.map((failure) => (
                      <li key={failure.id}>
                        <CheckSentence check={failure} />
                      </li>
                    ))}
                    {r.recordError ? <li>{t("recordError", { message: r.recordError })}</li> : null}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
