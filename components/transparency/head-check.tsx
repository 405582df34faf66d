"use client";
/**
 * "Your browser's view of the log": fetches the site's latest signed tree head (GET /api/transparency/head), checks it
 * against the last head this browser saw (localStorage "fairgammon.transparency.head") with the consistency proof
 * between them (GET /api/transparency/consistency), and keeps the new head only when it is consistent
 * (lib/transparency/head-memory.ts). So every visit makes this browser a small monitor of the log: the site cannot
 * rewrite what it once showed it without a loud, named failure here — a fork, a log that shrank, an inconsistent
 * proof, a bad signature. The checking code (and zod) loads only when it runs, after zod is told to parse without
 * eval (components/zod-without-eval.ts).
 *
 * @example
 *   <HeadCheck keys={["<64 hex>", …]} />   // the public keys the verifier panel trusts (/api/fairness/keys)
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { HeadMemoryFailure, HeadOutcome } from "@/lib/transparency/head-memory";

export const HEAD_URL = "/api/transparency/head";
const consistencyUrl = (from: number, to: number) => `/api/transparency/consistency?from=${from}&to=${to}`;

/** checkHeads' reasons as the messages' select keys (ICU keys cannot hold "-"). */
const REASON_KEY: Record<HeadMemoryFailure, string> = {
  fork: "fork",
  shrunk: "shrunk",
  "time-reversed": "timeReversed",
  inconsistent: "inconsistent",
  "bad-signature": "badSignature",
  "malformed-head": "malformedHead",
};

/** localStorage, or null where the browser refuses it (private windows, storage turned off). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

async function jsonOrUndefined(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { cache: "no-store" });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** One run of the check: what it found, with the new head kept when it was consistent (exported for its test). */
export async function checkAgainstMemory(keys: readonly string[]): Promise<HeadOutcome> {
  await import("@/components/zod-without-eval");
  const { HEAD_MEMORY_KEY, judgeHead, proofRange, readRememberedHead } = await import("@/lib/transparency/head-memory");
  const site = await jsonOrUndefined(HEAD_URL);
  if (site === undefined) return { kind: "unavailable", from: 0, to: 0 };
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(HEAD_MEMORY_KEY) ?? null;
  } catch {
    stored = null;
  }
  const remembered = readRememberedHead(stored);
  const range = proofRange(remembered, site);
  const consistency = range ? await jsonOrUndefined(consistencyUrl(range.from, range.to)) : undefined;
  const { outcome, keep } = judgeHead(remembered, site, consistency, keys, Date.now());
  if (keep) {
    try {
      storage()?.setItem(HEAD_MEMORY_KEY, JSON.stringify(keep));
    } catch {
      // A full or refused storage: the check still says what it found; the next visit starts again.
    }
  }
  return outcome;
}

export function HeadCheck({ keys }: { keys: readonly string[] }) {
  const [outcome, setOutcome] = useState<HeadOutcome | null>(null);
  const keyList = keys.join(",");
  useEffect(() => {
    let current = true;
    void checkAgainstMemory(keyList === "" ? [] : keyList.split(",")).then((found) => {
      if (current) setOutcome(found);
    });
    return () => {
      current = false;
    };
  }, [keyList]);
  return <HeadCheckView outcome={outcome} />;
}

/** What the check found, in the reader's language; null while it runs. A failure is an alert, in the failed colour. */
export function HeadCheckView({ outcome }: { outcome: HeadOutcome | null }) {
  const t = useTranslations("verifyReport.log");
  if (outcome?.kind === "failed") {
    const heads = t("heads", { result: REASON_KEY[outcome.reason], from: outcome.from, to: outcome.to, merkle: outcome.merkle ?? "" });
    return (
      <div className="verify-report verdict-failed" data-testid="head-check" data-outcome="failed" data-reason={outcome.reason}>
        <h3>{t("browser.title")}</h3>
        <p className="verdict" role="alert">
          {t("browser.failed", { heads })}
        </p>
      </div>
    );
  }
  const sentence = (() => {
    switch (outcome?.kind) {
      case undefined:
        return t("browser.checking");
      case "first":
        return t("browser.first", { to: outcome.to });
      case "consistent":
        return t("browser.consistent", { from: outcome.from, to: outcome.to });
      case "empty":
        return t("browser.empty");
      case "key-changed":
        return t("browser.keyChanged", { to: outcome.to });
      case "untrusted-key":
        return t("browser.untrustedKey");
      case "unavailable":
        return t("browser.unavailable");
    }
  })();
  return (
    <div className={`verify-report${outcome?.kind === "consistent" ? " verdict-verified" : ""}`} data-testid="head-check" data-outcome={outcome?.kind ?? "checking"}>
      <h3>{t("browser.title")}</h3>
      <p className="verdict" role="status">
        {sentence}
      </p>
    </div>
  );
}
