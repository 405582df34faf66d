// GET /api/admin/rolls.csv?user=&match=&status=&from=&to= — the roll-log selection of /admin as CSV, for administrators
// only (403 for anyone else); recorded in the audit trail (server/admin/roll-export.ts).
import { exportSelection, rollsCsv } from "@/server/admin/roll-export";
import { parseRollFilters } from "@/server/admin/roll-filters";
import { withAdmin } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { errorBody, jsonResponse } from "@/server/http/json";

export const GET = withAdmin(async (request, admin) => {
  const { filters } = parseRollFilters(Object.fromEntries(new URL(request.url).searchParams));
  const selection = await exportSelection(getDb(), admin.id, filters, "csv");
  if (!selection.ok) return jsonResponse(400, errorBody(selection.code, selection.values));
  return new Response(rollsCsv(selection.value.rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="fairgammon-rolls.csv"',
      "cache-control": "no-store",
      "x-total-rolls": String(selection.value.total),
      "x-truncated": String(selection.value.truncated),
    },
  });
});
