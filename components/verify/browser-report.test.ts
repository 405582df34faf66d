import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VerifyReportView } from "@/components/fairness/verify-report";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { simulateMatchV3 } from "@/lib/dice/simulate-v3";
import type { VerifyReport } from "@/lib/dice/types";
import { verifyInBrowser } from "./browser-report";

/** A check of the report by its id (v3's ids are words of the page's report, not of v2's CheckId). */
const checkOf = (report: VerifyReport, id: string) => report.checks.find((check) => (check.id as string) === id);

/** The report as the page shows it in `locale`, and every message next-intl could not find or format. */
function rendered(report: VerifyReport, locale: (typeof LOCALES)[number]) {
  const errors: string[] = [];
  const html = renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", onError: (error) => void errors.push(error.message), children: createElement(VerifyReportView, { report }) }),
  );
  return { html, errors };
}

/** The page's localStorage, holding what a browser kept (kept-salts.ts, kept-chains.ts read it from `window`). */
const items = new Map<string, string>();
const holder = globalThis as { window?: unknown };
beforeEach(() => {
  items.clear();
  holder.window = { localStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) } };
});
afterEach(() => {
  delete holder.window;
});

const simulated = (matchId: string) => simulateMatchV3({ serverSeed: "5".repeat(64), clientSeeds: { white: "w", black: "b" }, matchId, matchLength: 3, games: 2, turnsPerGame: 6 });

/** Stores `browser`'s kept values as the page would have kept them for `matchId`. */
function keep(matchId: string, browser: NonNullable<ReturnType<typeof simulated>["browsers"]["white"]>) {
  items.set(`fairgammon:salts:${matchId}`, JSON.stringify(Object.fromEntries(browser.salts)));
  items.set(`fairgammon:chains:${matchId}`, JSON.stringify({ shown: Object.fromEntries(browser.shownSalts), heads: Object.fromEntries(browser.heads ?? []) }));
}

describe("verifyInBrowser", () => {
  it("verifies a fair-dice-v3 bundle with verifyV3, and compares what this browser kept (forwarded-salts)", async () => {
    const { bundle, browsers } = simulated("v3a");
    keep("v3a", browsers.white!);
    const report = await verifyInBrowser(bundle, { keys: [], matchId: "v3a", you: "white" });
    const ids = report.checks.map((check) => check.id);
    expect(ids).toContain("chain-values");
    expect(checkOf(report, "forwarded-salts")).toMatchObject({ status: "passed" });
    expect(checkOf(report, "chain-values")).toMatchObject({ status: "passed" });
    // A spectator's page has nothing kept: no forwarded-salts.
    const spectator = await verifyInBrowser(bundle, { keys: [], matchId: "v3a", you: null });
    expect(spectator.checks.map((check) => check.id)).not.toContain("forwarded-salts");
  });

  it("names a salt in the log other than the one this browser was shown", async () => {
    const { bundle, browsers } = simulated("v3b");
    keep("v3b", browsers.white!);
    const target = bundle.rolls.find((roll) => roll.kind === "turn" && roll.player === "black")!;
    const forged = { ...bundle, rolls: bundle.rolls.map((roll) => (roll === target ? { ...roll, salts: { black: "0".repeat(32) } } : roll)) };
    const report = await verifyInBrowser(forged, { keys: [], matchId: "v3b", you: "white" });
    expect(report.verdict).toBe("failed");
    expect(checkOf(report, "forwarded-salts")).toMatchObject({ status: "failed", nonce: target.nonce, say: { key: "failForwardedSalt" } });
  });

  it.each(LOCALES)("words every v3 check, passed and failed, in %s", async (locale) => {
    const { bundle, browsers } = simulated("v3c");
    keep("v3c", browsers.white!);
    const [first, second] = bundle.rolls.filter((roll) => roll.kind === "turn" && roll.player === "black");
    const broken = {
      ...bundle,
      chains: { ...bundle.chains, 1: { ...bundle.chains["1"], white: ["f".repeat(64)] } },
      rolls: bundle.rolls.map((roll) => (roll === first ? { ...roll, salts: { black: "0".repeat(32) } } : roll === second ? { ...roll, values: {} } : roll)),
    };
    for (const shown of [bundle, broken, { ...bundle, serverSeed: null, gameSeeds: {} }]) {
      const report = await verifyInBrowser(shown, { keys: [], matchId: "v3c", you: "white" });
      const { html, errors } = rendered(report, locale);
      expect(errors).toEqual([]);
      expect(html).not.toContain("verifyReport.");
    }
  });
});

