"use client";
/**
 * The stand-alone verifier page's form: paste or upload any audit bundle (and, optionally, a game record — else the
 * bundle's own `record` field is used), then lib/dice `verify` runs here in the browser and every check is listed.
 * Nothing is sent anywhere.
 *
 * @example
 *   <VerifyTool />
 */
import { useState, type ChangeEvent, type FormEvent } from "react";
import type { VerifyReport } from "@/lib/dice/types";
import { verify } from "@/lib/dice/verify";
import { VerifyReportView } from "./verify-report";
import { FormError } from "@/components/ui/form-error";

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parseJson(text: string, what: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `The ${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function readInto(setter: (text: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then(setter);
  };
}

export function VerifyTool() {
  const [bundleText, setBundleText] = useState("");
  const [recordText, setRecordText] = useState("");
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    const bundle = parseJson(bundleText, "bundle");
    if (!bundle.ok) return setError(bundle.message);
    const record = recordText.trim() === "" ? null : parseJson(recordText, "game record");
    if (record && !record.ok) return setError(record.message);
    setError(null);
    setReport(record ? verify(bundle.value, record.value) : verify(bundle.value));
  };

  return (
    <form className="verify-tool" onSubmit={submit}>
      <label htmlFor="bundle-text">Audit bundle (JSON)</label>
      <textarea
        id="bundle-text"
        value={bundleText}
        onChange={(e) => setBundleText(e.target.value)}
        rows={10}
        spellCheck={false}
        placeholder='{ "protocol": "fair-dice-v1", "matchId": …, "commitment": …, "serverSeed": …, "clientSeeds": …, "rolls": […] }'
      />
      <label className="file-label">
        or upload a file: <input type="file" accept="application/json,.json" onChange={readInto(setBundleText)} aria-label="Upload an audit bundle" />
      </label>
      <details>
        <summary>Game record for check 5 (optional: a bundle from this site carries it as its &quot;record&quot; field)</summary>
        <label htmlFor="record-text">Game record (JSON list of turns)</label>
        <textarea id="record-text" value={recordText} onChange={(e) => setRecordText(e.target.value)} rows={5} spellCheck={false} />
        <label className="file-label">
          or upload a file: <input type="file" accept="application/json,.json" onChange={readInto(setRecordText)} aria-label="Upload a game record" />
        </label>
      </details>
      <button type="submit" className="primary" disabled={bundleText.trim() === ""}>
        Verify
      </button>
      <FormError error={error} />
      {report ? <VerifyReportView report={report} /> : null}
    </form>
  );
}
