/**
 * next-intl's per-request configuration (wired in by next.config.mjs's plugin): the request's locale (i18n/locales.ts:
 * account setting, switcher cookie, Accept-Language) and that locale's messages. Times are shown in UTC, as before,
 * so a server-rendered page reads the same on the server and in the browser.
 */
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getCurrentUser } from "@/server/auth/session";
import { chooseLocale, LOCALE_COOKIE, type Locale } from "./locales";
import { MESSAGES } from "./messages";

export async function requestLocale(): Promise<Locale> {
  const [user, cookieStore, headerList] = await Promise.all([getCurrentUser(), cookies(), headers()]);
  return chooseLocale({ account: user?.locale, cookie: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get("accept-language") });
}

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: MESSAGES[locale], timeZone: "UTC" };
});
