import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import type { KeptProblem } from "./kept-chains";
import { KeptProblemNotice } from "./kept-problem-notice";

const render = (problem: KeptProblem | null, locale: (typeof LOCALES)[number] = "en") =>
  renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: createElement(KeptProblemNotice, { problem }) }));

const problems: KeptProblem[] = [
  { kind: "forwardedSalt", nonce: 7, kept: "a".repeat(32), shown: "b".repeat(32) },
  { kind: "head", game: 2, player: "black" },
  { kind: "notThisBrowser", game: 1 },
  { kind: "opponentValue", game: 1, nonce: 4 },
];

describe("KeptProblemNotice", () => {
  it("says nothing without a problem, and names the roll whose salt was replaced", () => {
    expect(render(null)).toBe("");
    const html = render(problems[0]!);
    expect(html).toContain('role="alert"');
    expect(html).toContain("roll 7");
    expect(html).toContain("aaaaaaaa…");
    expect(html).toContain("bbbbbbbb…");
  });

  it.each(LOCALES)("words every problem in %s", (locale) => {
    for (const problem of problems) expect(render(problem, locale)).toMatch(/data-problem="\w+">[^<{]{20,}</);
  });
});
