// GET and POST /api/account/preferences: the signed-in player's play settings (server/http/preferences-response.ts).
import { preferenceLimiter } from "@/server/auth/preference-limit";
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { preferencesResponse } from "@/server/http/preferences-response";

export function GET(request: Request): Promise<Response> {
  return preferencesResponse(getDb(), request, () => userFromRequest(request), preferenceLimiter());
}

export function POST(request: Request): Promise<Response> {
  return preferencesResponse(getDb(), request, () => userFromRequest(request), preferenceLimiter());
}
