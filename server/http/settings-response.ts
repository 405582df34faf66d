/**
 * POST /api/admin/settings {playerTournaments: boolean}: an administrator changes a site setting
 * (server/admin/site-settings.ts). Same-site JSON only (403, 415), administrators only (403 for anyone else, as every
 * admin route), a known setting set to true or false only (400, nothing changed). Answers 200 {playerTournaments}.
 *
 * @example
 *   export const POST = withAdmin((request, admin) => settingsResponse(getDb(), request, admin));
 */
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";
import { setPlayerTournaments } from "@/server/admin/site-settings";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";

export async function settingsResponse(db: Db, request: Request, admin: UserRow): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const body = await readJsonObject(request);
  const keys = body === null ? [] : Object.keys(body);
  if (body === null || keys.length !== 1 || keys[0] !== "playerTournaments" || typeof body.playerTournaments !== "boolean") return jsonError("ERR_BAD_REQUEST", { reason: "settings" });
  await setPlayerTournaments(db, body.playerTournaments, admin.id);
  return Response.json({ playerTournaments: body.playerTournaments }, { headers: { "cache-control": "no-store" } });
}
