// GET /api/admin/ping: the smallest admin API, to check the guard (server/auth/require-admin.ts).
import { withAdmin } from "@/server/auth/require-admin";

export const GET = withAdmin(async (_request, admin) => Response.json({ ok: true, admin: admin.username }, { headers: { "cache-control": "no-store" } }));
