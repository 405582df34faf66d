// POST /api/admin/settings — an administrator changes a site setting (server/http/settings-response.ts).
import { withAdmin } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";
import { settingsResponse } from "@/server/http/settings-response";

export const POST = withAdmin((request, admin) => settingsResponse(getDb(), request, admin));
