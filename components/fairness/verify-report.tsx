/**
 * A verifier's report (lib/dice `verify`) as a list: one line per check with ✓ passed, ✗ failed, … waiting for the
 * seed, – skipped, and where a failure is (nonce, game, move), under a one-line verdict — and for a fair-dice-v2 match
 * each game's own verdict above them.
 *
 * @example
 *   <VerifyReportView report={verify(bundle, bundle.record)} />
 */
import { useTranslations } from "next-intl";
import type { CheckResult, CheckStatus, VerifyReport } from "@/lib/dice/types";
import "@/components/ui/ui.css";

const MARK: Record<CheckStatus, string> = { passed: "✓", failed: "✗", skipped: "–", "not-yet-revealed": "…" };

/** "(at nonce 3, game 1)" in the reader's language, or "" when the check names no place. */
function where(t: (key: string, values?: Record<string, string | number>) => string, check: CheckResult): string {
  const parts: string[] = [];
  if (check.nonce !== undefined) parts.push(t("atNonce", { nonce: check.nonce }));
  if (check.game !== undefined) parts.push(t("atGame", { game: check.game }));
  if (check.move !== undefined) parts.push(t("atMove", { move: check.move }));
  return parts.length > 0 ? ` ${t("at", { where: parts.join(", ") })}` : "";
}

/** One check as a sentence, "Rolls recomputed (at nonce 3, game 1): The roll at nonce 3 …", in the reader's language. */
export function CheckSentence({ check }: { check: CheckResult }) {
  const t = useTranslations("verifyReport");
  return <>{t("sentence", { title: t(`title.${check.id}`), where: where(t, check), detail: t(`detail.${check.say.key}`, { ...check.say.values }) })}</>;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * One check as a list item: its mark (with its status said for screen readers), title and sentence — for the dice's
 * checks and the log's alike, each from a namespace with `status.<status>` and `detail.<say.key>`.
 */
export function CheckItem({ check, mark, title, t }: { check: { id: string; status: string; say: CheckResult["say"] }; mark: string; title: string; t: Translate }) {
  return (
    <li className={`check check-${check.status}`} data-check={check.id} data-status={check.status}>
      <span className="check-mark" aria-label={t(`status.${check.status}`)}>
        {mark}
      </span>{" "}
      <strong>{title}</strong>
      <span className="check-detail">{t(`detail.${check.say.key}`, { ...check.say.values })}</span>
    </li>
  );
}

export function VerifyReportView({ report }: { report: VerifyReport }) {
  const t = useTranslations("verifyReport");
  return (
    <div className={`verify-report verdict-${report.verdict}`} data-testid="verify-report">
      <p className="verdict" role="status">
        {t(`verdict.${report.verdict}`)}
      </p>
      {report.games && report.games.length > 0 ? (
        <ul className="game-verdicts" aria-label={t("games")} data-testid="game-verdicts">
          {report.games.map(({ game, verdict }) => (
            <li key={game} className={`game-verdict verdict-${verdict}`} data-game={game} data-verdict={verdict}>
              {MARK[verdict === "verified" ? "passed" : verdict === "incomplete" ? "skipped" : verdict]} {t(`gameVerdict.${verdict}`, { game })}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="checks">
        {report.checks.map((check) => (
          <CheckItem key={check.id} check={check} mark={MARK[check.status]} title={`${t(`title.${check.id}`)}${where(t, check)}`} t={t} />
        ))}
      </ul>
    </div>
  );
}
