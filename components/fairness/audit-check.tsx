"use client";
/**
 * "Verify this match" in the browser: fetches the match's audit bundle (GET /api/matches/:id/audit, which embeds
 * the game record for check 5), runs lib/dice `verify` on it here — the verifier is loaded only when asked for — and
 * shows every check. The same bundle can be downloaded to check it elsewhere (`npm run verify`, or the Python lines
 * in docs/provably-fair.md).
 *
 * @example
 *   <AuditCheck matchId="m1" invite={null} />
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import type { VerifyReport } from "@/lib/dice/types";
import { VerifyReportView } from "./verify-report";
import { FormError } from "@/components/ui/form-error";

export function auditUrl(matchId: string, invite: string | null): string {
  return `/api/matches/${encodeURIComponent(matchId)}/audit${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

export function AuditCheck({ matchId, invite, label }: { matchId: string; invite: string | null; label?: string }) {
  const t = useTranslations("fairness");
  const errorText = useErrorText();
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = auditUrl(matchId, invite);

  const check = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(url, { cache: "no-store" });
      const body: unknown = await response.json();
      if (!response.ok) {
        setError(errorText((body as { error?: string }).error ?? "ERR_HTTP"));
        return;
      }
      const { verify } = await import("@/lib/dice/verify");
      // The bundle carries the game record as its `record` field; verify reads it from there for check 5 (the same as
      // verify(bundle, bundle.record), but the report then rightly says the record was embedded in the bundle).
      setReport(verify(body));
    } catch {
      setError(errorText("ERR_NETWORK"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="audit-check">
      <div className="audit-actions">
        <button type="button" className="primary" onClick={() => void check()} disabled={busy}>
          {busy ? t("verifying") : (label ?? t("verify"))}
        </button>
        <a href={url} download={`fairgammon-${matchId}-audit.json`}>
          {t("downloadBundle")}
        </a>
      </div>
      <FormError error={error} />
      {report ? <VerifyReportView report={report} /> : null}
    </div>
  );
}
