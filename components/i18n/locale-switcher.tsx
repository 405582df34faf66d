"use client";
/**
 * The language menu in every page's header. Choosing a language asks /api/account/locale to set the language cookie
 * (and, when signed in, the account's setting), then reloads the page in it. Each language is named in itself.
 *
 * @example
 *   <LocaleSwitcher />
 */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { isLocale, LOCALE_NAMES, LOCALES } from "@/i18n/locales";

export function LocaleSwitcher() {
  const t = useTranslations("switcher");
  const current = useLocale();
  const [busy, setBusy] = useState(false);

  const choose = async (locale: string) => {
    if (!isLocale(locale) || locale === current) return;
    setBusy(true);
    try {
      await fetch("/api/account/locale", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ locale }) });
    } finally {
      window.location.reload();
    }
  };

  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t("label")}</span>
      <select value={current} disabled={busy} onChange={(e) => void choose(e.target.value)} data-testid="locale-switcher">
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
