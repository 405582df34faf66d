/**
 * A verifier's report (lib/dice `verify`) as a list: one line per check with ✓ passed, ✗ failed, … waiting for the
 * seed, – skipped, and where a failure is (nonce, game, move), under a one-line verdict.
 *
 * @example
 *   <VerifyReportView report={verify(bundle, bundle.record)} />
 */
import type { CheckResult, CheckStatus, Verdict, VerifyReport } from "@/lib/dice/types";
import "@/components/ui/ui.css";

const MARK: Record<CheckStatus, string> = { passed: "✓", failed: "✗", skipped: "–", "not-yet-revealed": "…" };
const STATUS_WORD: Record<CheckStatus, string> = { passed: "passed", failed: "failed", skipped: "skipped", "not-yet-revealed": "waiting for the seed" };
const VERDICT: Record<Verdict, string> = {
  verified: "Verified: every check passed.",
  failed: "Not verified: a check failed.",
  "not-yet-revealed": "Not verified yet: the server seed is revealed when the match ends.",
  incomplete: "Incomplete: a check could not run.",
};

function where(check: CheckResult): string {
  const parts: string[] = [];
  if (check.nonce !== undefined) parts.push(`nonce ${check.nonce}`);
  if (check.game !== undefined) parts.push(`game ${check.game}`);
  if (check.move !== undefined) parts.push(`move ${check.move}`);
  return parts.length > 0 ? ` (at ${parts.join(", ")})` : "";
}

export function VerifyReportView({ report }: { report: VerifyReport }) {
  return (
    <div className={`verify-report verdict-${report.verdict}`} data-testid="verify-report">
      <p className="verdict" role="status">
        {VERDICT[report.verdict]}
      </p>
      <ul className="checks">
        {report.checks.map((check) => (
          <li key={check.id} className={`check check-${check.status}`} data-check={check.id} data-status={check.status}>
            <span className="check-mark" aria-label={STATUS_WORD[check.status]}>
              {MARK[check.status]}
            </span>{" "}
            <strong>
              {check.title}
              {where(check)}
            </strong>
            <span className="check-detail">{check.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
