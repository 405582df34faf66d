import { createFormatter, createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { describeTimeControl } from "@/lib/match/clock";
import { formatRating } from "@/components/players/rating-delta";
import { timeControlText, type ClockT } from "./time-control-text";

function clockT(locale: Locale): ClockT {
  const translate = createTranslator({ locale, messages: MESSAGES[locale], namespace: "clock" });
  return (key, values) => translate(key as never, values as never);
}

describe("timeControlText", () => {
  it("reads in English exactly as describeTimeControl, minutes or seconds", () => {
    for (const control of [null, { reserveMs: 300_000, delayMs: 8000 }, { reserveMs: 5000, delayMs: 1000 }, { reserveMs: 90_000, delayMs: 0 }]) {
      expect(timeControlText(clockT("en"), control)).toBe(describeTimeControl(control));
    }
  });

  it("speaks Portuguese and French", () => {
    expect(timeControlText(clockT("pt-BR"), { reserveMs: 600_000, delayMs: 12_000 })).toBe("10 min + 12 s de atraso");
    expect(timeControlText(clockT("fr"), { reserveMs: 5000, delayMs: 1000 })).toBe("5 s + 1 s de délai");
    expect(timeControlText(clockT("fr"), null)).toBe("sans pendule");
  });
});

describe("formatRating", () => {
  it("has one decimal, the locale's decimal sign and no grouping", () => {
    expect(formatRating(createFormatter({ locale: "en" }), 1510)).toBe("1510.0");
    expect(formatRating(createFormatter({ locale: "pt-BR" }), 1489.96)).toBe("1490,0");
    expect(formatRating(createFormatter({ locale: "fr" }), 12523.44)).toBe("12523,4");
  });
});
