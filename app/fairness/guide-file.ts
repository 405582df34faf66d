/**
 * The player's guide for a language: docs/provably-fair.md in English, docs/provably-fair.<locale>.md otherwise.
 * A test (tests/i18n/guide.test.ts) checks every language has one, with the same sections.
 *
 * @example
 *   guideFile("fr"); // "provably-fair.fr.md"
 */
import { DEFAULT_LOCALE, isLocale } from "@/i18n/locales";

export function guideFile(locale: string): string {
  return !isLocale(locale) || locale === DEFAULT_LOCALE ? "provably-fair.md" : `provably-fair.${locale}.md`;
}
