"use client";
/**
 * A tournament's draw: the commitment published at creation, the entrants' digest at the close, the seed revealed at
 * the start, links to the published draw and its specification, and "Verify the draw", which fetches the published
 * draw (/api/tournaments/:id/draw.json) and recomputes it in the browser with lib/tournament's verifier.
 *
 * @example
 *   <TournamentDraw view={view} />
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { TournamentView } from "@/lib/tournament/tournament";
import type { DrawReport } from "@/lib/tournament/verify-draw";
import { useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";

/** A check's id or status as an ICU select key: "first-round" → "firstRound", "not-yet-revealed" → "notYet". */
function selectKey(value: string): string {
  return value === "not-yet-revealed" ? "notYet" : value.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

export function TournamentDraw({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const [report, setReport] = useState<DrawReport | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const verify = async () => {
    setChecking(true);
    try {
      const response = await fetch(`/api/tournaments/${view.id}/draw.json`, { cache: "no-store" });
      const record: unknown = await response.json();
      const { verifyDraw } = await import("@/lib/tournament/verify-draw");
      setReport(verifyDraw(record as Parameters<typeof verifyDraw>[0]));
      setError(null);
    } catch {
      setError(errorText("ERR_NETWORK"));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <h2>{t("draw")}</h2>
      <dl className="profile-facts">
        <dt>{t("commitment")}</dt>
        <dd className="hex" data-testid="draw-commitment">
          {view.commitment}
        </dd>
        {view.digest ? (
          <>
            <dt>{t("digest")}</dt>
            <dd className="hex">{view.digest}</dd>
          </>
        ) : null}
        <dt>{t("seed")}</dt>
        <dd className="hex" data-testid="draw-seed">
          {view.seed ?? t("notRevealed")}
        </dd>
      </dl>
      <p>
        <a href={`/api/tournaments/${view.id}/draw.json`}>{t("drawJson")}</a> · <a href="/fairness/spec/tournaments">{t("drawSpec")}</a>
      </p>
      <p className="tournament-buttons">
        <button type="button" onClick={() => void (checking ? undefined : verify())} aria-disabled={checking}>
          {checking ? t("verifying") : t("verify")}
        </button>
      </p>
      <FormError error={error} />
      {report ? (
        <div data-testid="draw-report">
          <p role="status" className={`verdict verdict-${report.verdict}`}>
            {t("verdict", { verdict: report.verdict })}
          </p>
          <ul>
            {report.checks.map((check) => (
              <li key={check.id} data-check={check.id} data-status={check.status}>
                {t("check", { id: selectKey(check.id), status: selectKey(check.status), round: check.round ?? 0, match: check.match ?? 0 })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
