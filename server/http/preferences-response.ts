/**
 * The answers of /api/account/preferences (app/api/account/preferences/route.ts), with the database, the viewer and
 * the limiter passed in so tests run them without Next.js. GET → 200 {preferences}: the settings in force. POST
 * {settings} → 200 {preferences}: a change to some of them, the whole set in force in the answer. Same-site JSON only
 * (403, 415), signed in only (401; a guest has an account of its own), known settings set to true or false only (400,
 * nothing changed), PREFERENCE_CHANGES_PER_MINUTE changes a user (429).
 *
 * @example
 *   return preferencesResponse(getDb(), request, () => userFromRequest(request), preferenceLimiter());
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { parsePreferenceChange, storedPreferences } from "@/lib/play/preferences";
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";
import { changePreferences } from "@/server/auth/user-writes";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { consumePoint } from "@/server/rate-limiter";

const NO_STORE = { "cache-control": "no-store" };

export async function preferencesResponse(db: Db, request: Request, viewerOf: () => Promise<UserRow | null>, limiter: RateLimiterAbstract): Promise<Response> {
  if (request.method === "POST") {
    const refused = refuseCrossSite(request);
    if (refused) return refused;
  }
  const user = await viewerOf();
  if (!user) return jsonError("ERR_UNAUTHENTICATED");
  if (request.method !== "POST") return Response.json({ preferences: storedPreferences(user.preferences) }, { headers: NO_STORE });
  const change = parsePreferenceChange(await readJsonObject(request));
  if (!change.ok) return jsonError(change.code, change.values);
  if ((await consumePoint(limiter, user.id)) > 0) return jsonError("ERR_RATE_LIMITED", { reason: "commands" });
  const preferences = await changePreferences(db, user.id, change.value);
  if (!preferences) return jsonError("ERR_UNAUTHENTICATED", { reason: "accountGone" });
  return Response.json({ preferences }, { headers: NO_STORE });
}
