// GET /api/admin/rolls.json?user=&match=&status=&from=&to= — the roll-log selection of /admin as JSON with its dice
// statistics, for administrators only (403 for anyone else); recorded in the audit trail (server/admin/roll-export.ts).
import { exportSelection, rollsJson } from "@/server/admin/roll-export";
import { parseRollFilters } from "@/server/admin/roll-filters";
import { withAdmin } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { errorBody, jsonResponse } from "@/server/http/json";

export const GET = withAdmin(async (request, admin) => {
  const { filters } = parseRollFilters(Object.fromEntries(new URL(request.url).searchParams));
  const selection = await exportSelection(getDb(), admin.id, filters, "json");
  if (!selection.ok) return jsonResponse(400, errorBody(selection.code, selection.values));
  return Response.json(rollsJson(selection.value, new Date()), {
    headers: { "content-disposition": 'attachment; filename="fairgammon-rolls.json"', "cache-control": "no-store" },
  });
});
