/**
 * The site's languages and how a request's language is chosen: the account's setting, else the switcher's cookie,
 * else the browser's Accept-Language, else English. Pure (no Next.js), so Vitest and the route handler share it.
 * The URL carries no language: every existing link keeps working and a shared link opens in the reader's language.
 *
 * @example
 *   chooseLocale({ account: null, cookie: undefined, acceptLanguage: "pt-PT,pt;q=0.9,en;q=0.8" }); // "pt-BR"
 *   negotiate("de-CH, fr;q=0.7"); // "fr"
 */
export const LOCALES = ["en", "pt-BR", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie the language switcher sets (a year; SameSite=Lax). */
export const LOCALE_COOKIE = "fg-locale";

/** Each language's name in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)", fr: "Français" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The supported locale for a language tag: exact (case-insensitive), else by its primary language ("pt-PT" → "pt-BR"). */
export function matchTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split("-")[0];
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === primary) ?? null;
}

/** The best supported locale in an Accept-Language header (RFC 9110 q-values; q=0 excluded), or null. */
export function negotiate(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.split(";").map((s) => s.trim());
      const q = params.find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranked) {
    const locale = matchTag(tag);
    if (locale) return locale;
  }
  return null;
}

export function chooseLocale(input: { account: string | null | undefined; cookie: string | null | undefined; acceptLanguage: string | null | undefined }): Locale {
  if (isLocale(input.account)) return input.account;
  if (isLocale(input.cookie)) return input.cookie;
  return negotiate(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
