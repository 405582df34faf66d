/**
 * The verifier panel's log checks and the browser's head check, rendered to HTML in every language: each check with
 * its mark and sentence, where each entry is (index, head size and time), unlogged said as such, and a head that
 * contradicts the one this browser kept said loudly, by name.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { ENTRY_FORMAT, checkBundleLog, type LogEntry } from "@/lib/transparency";
import { testLog } from "@/lib/transparency/bundle-log-fixture";
import { HeadCheckView } from "@/components/transparency/head-check";
import { LogReportView } from "./log-report";

const privateKey = sha256(utf8ToBytes("log-report test key: throwaway"));
const publicKey = bytesToHex(ed25519.getPublicKey(privateKey));
const keyId = `fg-ed25519-${bytesToHex(sha256(ed25519.getPublicKey(privateKey))).slice(0, 16)}`;
const T0 = 1767225600000;
const commitment = bytesToHex(sha256(utf8ToBytes("commitment")));
const recordDigest = bytesToHex(sha256(utf8ToBytes("record")));
const entries: LogEntry[] = [
  { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_panel001", protocol: "fair-dice-v2", commitment, createdAt: T0 },
  { format: ENTRY_FORMAT, kind: "match-ended", matchId: "m_panel001", recordDigest, endedAt: T0 + 1 },
];
const log = testLog(entries, privateKey, T0);
const bundle = { protocol: "fair-dice-v2", matchId: "m_panel001", commitment, recordDigest, transparency: { keyId, publicKey, created: log.inclusion(0, 2), ended: log.inclusion(1, 2) } };

function render(element: ReactElement, locale: (typeof LOCALES)[number] = "en"): string {
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: element }));
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("the verifier panel's log checks", () => {
  it("lists the four checks passed, and where each entry is", () => {
    const html = render(createElement(LogReportView, { report: checkBundleLog(bundle, [publicKey]) }));
    expect(html).toContain('data-verdict="logged"');
    expect(html.match(/data-status="passed"/g)).toHaveLength(4);
    expect(text(html)).toContain("In the public log: the site logged this match's commitment when it began");
    expect(text(html)).toContain("Creation: entry 0 of the log, in the head of 2 entries signed Jan 1, 2026, 12:00:02 AM UTC");
    expect(text(html)).toContain("End: entry 1 of the log");
  });

  it("says a rewritten record failed, and a missing section unlogged, in every language", () => {
    for (const locale of LOCALES) {
      const failed = render(createElement(LogReportView, { report: checkBundleLog({ ...bundle, recordDigest: commitment }, [publicKey]) }), locale);
      expect(failed).toContain('data-check="log-entry" data-status="failed"');
      expect(text(failed)).toContain(commitment);
      const unlogged = render(createElement(LogReportView, { report: checkBundleLog({ ...bundle, transparency: undefined }, [publicKey]) }), locale);
      expect(unlogged).toContain('data-verdict="unlogged"');
      expect(unlogged.match(/data-status="unlogged"/g)).toHaveLength(4);
      expect(unlogged).not.toContain('data-testid="log-entries"');
    }
  });
});

describe("the browser's check of the log's head", () => {
  it("says the log is consistent with what this browser saw, from size to size", () => {
    const html = render(createElement(HeadCheckView, { outcome: { kind: "consistent", from: 41, to: 57 } }));
    expect(text(html)).toContain("Log consistent with what this browser saw before (size 41 → 57).");
    expect(text(render(createElement(HeadCheckView, { outcome: null })))).toContain("Checking the log");
  });

  it("names each failure loudly, as an alert, in every language", () => {
    for (const locale of LOCALES) {
      for (const reason of ["fork", "shrunk", "inconsistent", "bad-signature", "time-reversed", "malformed-head"] as const) {
        const html = render(createElement(HeadCheckView, { outcome: { kind: "failed", reason, from: 9, to: 12, merkle: "old-root-mismatch" } }), locale);
        expect(html).toContain('role="alert"');
        expect(html).toContain(`data-reason="${reason}"`);
      }
    }
    const fork = text(render(createElement(HeadCheckView, { outcome: { kind: "failed", reason: "fork", from: 12, to: 12 } })));
    expect(fork).toContain("LOG FAILURE — Fork: two signed heads of 12 entries with different roots.");
    const inconsistent = text(render(createElement(HeadCheckView, { outcome: { kind: "failed", reason: "inconsistent", from: 9, to: 12, merkle: "old-root-mismatch" } }), "fr"));
    expect(inconsistent).toContain("ÉCHEC DU JOURNAL — Incohérent : le journal de 12 entrées ne prolonge pas celui de 9 (old-root-mismatch)");
  });

  it("words every other outcome in every language", () => {
    const outcomes = [{ kind: "first", to: 3 }, { kind: "empty" }, { kind: "key-changed", to: 4 }, { kind: "untrusted-key" }, { kind: "unavailable", from: 1, to: 2 }] as const;
    for (const locale of LOCALES) {
      for (const outcome of outcomes) {
        const html = render(createElement(HeadCheckView, { outcome }), locale);
        expect(html).toContain(`data-outcome="${outcome.kind}"`);
        expect(html).not.toContain("verifyReport.log");
      }
    }
  });
});
