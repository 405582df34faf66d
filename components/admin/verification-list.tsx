/**
 * The server-side verification of the revealed matches in a selection, one line each (failures first, as given):
 * ✓ verified, ✗ failed with the failed checks and where, … anything else, each linking to the match's roll log.
 *
 * @example
 *   <VerificationList total={12} results={[{ matchId, white: "ann", black: "bob", verdict: "failed", rolls: 80, failures: ["…"] }]} moreHref="/admin?verify=all" />
 */
import type { Verdict } from "@/lib/dice/types";
import "./admin.css";

export interface VerificationLine {
  readonly matchId: string;
  readonly white: string | null;
  readonly black: string | null;
  readonly verdict: Verdict;
  readonly rolls: number;
  /** One sentence per failed check (with its place), or why a check could not run. */
  readonly failures: readonly string[];
}

const MARK: Record<Verdict, string> = { verified: "✓", failed: "✗", incomplete: "–", "not-yet-revealed": "…" };

/** `moreHref` links to the same view verifying more matches, shown when not all were verified. */
export function VerificationList({ total, results, moreHref }: { total: number; results: readonly VerificationLine[]; moreHref?: string }) {
  const failed = results.filter((r) => r.verdict === "failed").length;
  return (
    <section className="panel" aria-labelledby="verification-title" data-testid="verification">
      <h2 id="verification-title">Verification of revealed matches</h2>
      {total === 0 ? (
        <p className="muted">No match in this selection has its seed revealed yet.</p>
      ) : (
        <>
          <p data-testid="verification-summary">
            {results.length - failed} of {results.length} verified{failed > 0 ? `, ${failed} failed` : ""}
            {total > results.length ? ` (the ${results.length} most recently finished of ${total} revealed matches)` : ""}.
            {total > results.length && moreHref ? (
              <>
                {" "}
                <a href={moreHref}>Verify more</a>
              </>
            ) : null}
          </p>
          <ul className="verify-list">
            {results.map((r) => (
              <li key={r.matchId} className={`verdict-${r.verdict}`} data-verdict={r.verdict} data-match={r.matchId}>
                <span className="verdict-mark" aria-label={r.verdict}>
                  {MARK[r.verdict]}
                </span>
                <a href={`/admin/matches/${r.matchId}`}>{r.matchId}</a> {r.white ?? "?"} vs {r.black ?? "?"} · {r.rolls} rolls · {r.verdict}
                {r.failures.length > 0 ? (
                  <ul>
                    {r.failures.map((failure) => (
                      <li key={failure}>{failure}</li>
                    ))}
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
