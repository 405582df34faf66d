"use client";
/**
 * The stand-alone verifier page's form: paste or upload any audit bundle or exported .mat file (and, optionally, a
 * game record — else the bundle's own `record` field, or the .mat file's moves), then lib/dice `verify` runs here in
 * the browser and every check is listed, the signature checked against the site's published keys (the only request
 * made: GET /api/fairness/keys). Nothing is sent anywhere. Under the dice's report, the file's place in the public
 * transparency log (lib/transparency `checkBundleLog`) against the same keys.
 *
 * @example
 *   <VerifyTool />
 */
import "@/components/zod-without-eval";
import { useTranslations } from "next-intl";
import { useState, type ChangeEvent, type FormEvent } from "react";
import type { VerifyReport } from "@/lib/dice/types";
import type { BundleLogReport } from "@/lib/transparency/bundle-log";
import { LogReportView } from "./log-report";
import { PROOF_KEYS_URL } from "./audit-check";
import { VerifyReportView } from "./verify-report";
import { FormError } from "@/components/ui/form-error";

type Parsed = { ok: true; value: unknown } | { ok: false; detail: string };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

function readInto(setter: (text: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then(setter);
  };
}

export function VerifyTool() {
  const t = useTranslations("verify");
  const [bundleText, setBundleText] = useState("");
  const [recordText, setRecordText] = useState("");
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [log, setLog] = useState<BundleLogReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    setLog(null);
    const isMat = !bundleText.trimStart().startsWith("{");
    const bundle = isMat ? null : parseJson(bundleText);
    if (bundle && !bundle.ok) return setError(t("bundleNotJson", { detail: bundle.detail }));
    const record = recordText.trim() === "" ? null : parseJson(recordText);
    if (record && !record.ok) return setError(t("recordNotJson", { detail: record.detail }));
    setError(null);
    // The verifier (and zod, which it parses with) loads on the first check, after zod-without-eval has configured
    // zod: loaded with the page, zod's eval probe could run first and be reported under the CSP.
    void (async () => {
      const [{ verifyBundle }, { parseProofKeys }, { verifyMatFile }, { proofFromMat }, { checkBundleLog }] = await Promise.all([
        import("@/lib/record/verify-bundle"),
        import("@/lib/dice/proof-keys"),
        import("@/lib/record/mat-verify"),
        import("@/lib/record/mat-proof"),
        import("@/lib/transparency/bundle-log"),
      ]);
      const listed = await fetch(PROOF_KEYS_URL, { cache: "no-store" })
        .then(async (response) => (response.ok ? parseProofKeys(await response.json()) : null))
        .catch(() => null);
      const keys = listed?.ok ? listed.value : [];
      // The log section: the bundle's own, or a .mat file's Log proof line.
      const read = bundle ? null : proofFromMat(bundleText);
      const document = bundle ? bundle.value : read?.ok ? read.value.bundle : null;
      if (document !== null) setLog(checkBundleLog(document, keys.map((key) => key.publicKey)));
      // Any protocol: a v3 file goes to its own verifier (lib/record/verify-bundle.ts), v1 and v2 as before.
      if (bundle) return setReport(verifyBundle(bundle.value, record?.value, { keys }) as VerifyReport);
      const checked = verifyMatFile(bundleText, { keys, ...(record && { record: record.value }) });
      if (!checked.ok) return setError(t("notMat"));
      setReport(checked.value as VerifyReport);
    })();
  };

  return (
    <form className="verify-tool" onSubmit={submit}>
      <label htmlFor="bundle-text">{t("bundle")}</label>
      <textarea
        id="bundle-text"
        value={bundleText}
        onChange={(e) => setBundleText(e.target.value)}
        rows={10}
        spellCheck={false}
        placeholder={t("bundlePlaceholder")}
      />
      <label className="file-label">
        {t("orUpload")} <input type="file" accept="application/json,.json,.mat,text/plain" onChange={readInto(setBundleText)} aria-label={t("uploadBundle")} />
      </label>
      <details>
        <summary>{t("recordSummary")}</summary>
        <label htmlFor="record-text">{t("record")}</label>
        <textarea id="record-text" value={recordText} onChange={(e) => setRecordText(e.target.value)} rows={5} spellCheck={false} />
        <label className="file-label">
          {t("orUpload")} <input type="file" accept="application/json,.json" onChange={readInto(setRecordText)} aria-label={t("uploadRecord")} />
        </label>
      </details>
      <button type="submit" className="primary" disabled={bundleText.trim() === ""}>
        {t("submit")}
      </button>
      <FormError error={error} />
      {report ? <VerifyReportView report={report} /> : null}
      {report && log ? <LogReportView report={log} /> : null}
    </form>
  );
}
