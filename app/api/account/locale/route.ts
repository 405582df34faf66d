// POST /api/account/locale {locale} → 200 {locale}: the language switcher. Sets the language cookie for everyone and,
// for a signed-in user, stores it on the account so it follows them to other browsers (i18n/locales.ts).
import { isLocale, LOCALE_COOKIE } from "@/i18n/locales";
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";
import { userFromRequest } from "@/server/auth/session";
import { setLocale } from "@/server/auth/user-writes";
import { getDb } from "@/server/db/client";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const body = await readJsonObject(request);
  if (!body || !isLocale(body.locale)) return jsonError("ERR_BAD_REQUEST", { reason: "locale" });
  const user = await userFromRequest(request);
  if (user) await setLocale(getDb(), user.id, body.locale);
  return Response.json(
    { locale: body.locale },
    { headers: { "cache-control": "no-store", "set-cookie": `${LOCALE_COOKIE}=${body.locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax` } },
  );
}
