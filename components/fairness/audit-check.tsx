"use client";
/**
 * "Verify this match" in the browser: fetches the match's audit bundle (GET /api/matches/:id/audit, which embeds
 * the game record for check 5), runs lib/dice `verify` on it here — the verifier is loaded only when asked for — and
 * shows every check. The same bundle can be downloaded to check it elsewhere (`npm run verify`, or the Python lines
 * in docs/provably-fair.md). For a fair-dice-v2 match it also compares the salts this browser kept for its player
 * (`you`) with the logged ones — for a fair-dice-v3 match the salts it made and was shown and the heads it knew
 * (components/verify/browser-report.ts) — and gives each game its verdict; `rerunOn` runs it again by itself whenever it changes
 * (the live match passes the number of games whose seed is revealed, so each game turns verified as it ends).
 * Under the dice's report it shows the match's place in the public transparency log (lib/transparency
 * `checkBundleLog`, against the same keys the signature is checked with), and this browser's own check of the log's
 * latest head against the last one it saw (components/transparency/head-check.tsx).
 *
 * @example
 *   <AuditCheck matchId="m1" invite={null} />
 *   <AuditCheck matchId="m1" invite={null} you="white" rerunOn={2} />
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { verifyInBrowser } from "@/components/verify/browser-report";
import type { Color } from "@/lib/engine/types";
import { errorOfBody, useErrorText } from "@/components/i18n/error-text";
import type { VerifyReport } from "@/lib/dice/types";
import type { BundleLogReport } from "@/lib/transparency/bundle-log";
import { HeadCheck } from "@/components/transparency/head-check";
import { LogReportView } from "./log-report";
import { VerifyReportView } from "./verify-report";
import { FormError } from "@/components/ui/form-error";

/** The site's proof-signing keys (GET /api/fairness/keys: every key it ever signed with). */
export const PROOF_KEYS_URL = "/api/fairness/keys";

export function auditUrl(matchId: string, invite: string | null): string {
  return `/api/matches/${encodeURIComponent(matchId)}/audit${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

export interface AuditCheckProps {
  readonly matchId: string;
  readonly invite: string | null;
  readonly label?: string;
  /** This browser's player in the match, whose kept salts (and v3 heads) the verification compares (fair-dice-v2, v3). */
  readonly you?: Color | null;
  /** Verify again by itself whenever this changes (0 or absent: only when asked). */
  readonly rerunOn?: number;
}

export function AuditCheck({ matchId, invite, label, you = null, rerunOn = 0 }: AuditCheckProps) {
  const t = useTranslations("fairness");
  const errorText = useErrorText();
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [log, setLog] = useState<{ report: BundleLogReport; keys: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = auditUrl(matchId, invite);

  const check = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      // The site's signing keys (section 5b of docs/fair-dice-v2.md) come with the bundle: the signature check needs them.
      const [response, keysResponse] = await Promise.all([fetch(url, { cache: "no-store" }), fetch(PROOF_KEYS_URL, { cache: "no-store" })]);
      const body: unknown = await response.json();
      if (!response.ok) {
        const { code, values } = errorOfBody(body);
        setError(errorText(code, values));
        return;
      }
      // The bundle carries the game record as its `record` field; verify reads it from there for check 5 (the same as
      // verify(bundle, bundle.record), but the report then rightly says the record was embedded in the bundle).
      // The verifier parses with zod: it and zod load only now, with zod told first to parse without `new Function`,
      // which the site's Content-Security-Policy forbids (zod-without-eval.ts).
      await import("@/components/zod-without-eval");
      const [{ parseProofKeys }, { checkBundleLog }] = await Promise.all([import("@/lib/dice/proof-keys"), import("@/lib/transparency/bundle-log")]);
      const listed = keysResponse.ok ? parseProofKeys(await keysResponse.json()) : null;
      const keys = listed?.ok ? listed.value : [];
      // By the bundle's protocol; what this browser kept for `you` is compared with the log (v2's salts, v3's salts,
      // shown salts and heads: check forwarded-salts).
      setReport(await verifyInBrowser(body, { keys, matchId, you }));
      const trusted = keys.map((key) => key.publicKey);
      setLog({ report: checkBundleLog(body, trusted), keys: trusted });
    } catch {
      setError(errorText("ERR_NETWORK"));
    } finally {
      setBusy(false);
    }
  }, [url, errorText, you, matchId]);

  useEffect(() => {
    if (rerunOn > 0) void check();
  }, [rerunOn, check]);

  return (
    <div className="audit-check">
      <div className="audit-actions">
        {/* aria-disabled, not disabled: a disabled button loses the keyboard's focus, which would fall to the page. */}
        <button type="button" className="primary" onClick={() => void (busy ? undefined : check())} aria-disabled={busy}>
          {busy ? t("verifying") : (label ?? t("verify"))}
        </button>
        <a href={url} download={`fairgammon-${matchId}-audit.json`}>
          {t("downloadBundle")}
        </a>
      </div>
      <FormError error={error} />
      {report ? <VerifyReportView report={report} /> : null}
      {log ? <LogReportView report={log.report} /> : null}
      {log ? <HeadCheck keys={log.keys} /> : null}
    </div>
  );
}
