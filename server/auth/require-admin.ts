/**
 * The one gate in front of everything under /admin and /api/admin: only a signed-in user whose role is ADMIN in the
 * database right now passes. Pages call requireAdminPage() (app/admin/layout.tsx does, for every admin page), which
 * renders app/forbidden.tsx with HTTP 403 for anyone else; API routes wrap their handlers in withAdmin(), which
 * answers 403 `{ "error": "ERR_FORBIDDEN" }` — to anonymous visitors too, so an outsider learns nothing about which
 * sessions exist.
 *
 * @example
 *   // app/api/admin/ping/route.ts
 *   export const GET = withAdmin(async (_request, admin) => Response.json({ ok: true, admin: admin.username }));
 */
import { forbidden } from "next/navigation";
import type { UserRow } from "@/server/db/types";
import { errorBody } from "@/server/http/json";
import { getCurrentUser, userFromRequest } from "./session";

export function isAdmin(user: UserRow | null): user is UserRow {
  return user?.role === "ADMIN";
}

export function forbiddenResponse(): Response {
  return Response.json(errorBody("ERR_FORBIDDEN", { reason: "admin" }), { status: 403, headers: { "cache-control": "no-store" } });
}

/** The admin viewing the page; anyone else gets the "Not allowed" page with status 403. */
export async function requireAdminPage(): Promise<UserRow> {
  const user = await getCurrentUser();
  if (!isAdmin(user)) forbidden();
  return user;
}

export function withAdmin<Context>(
  handler: (request: Request, admin: UserRow, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    const user = await userFromRequest(request);
    if (!isAdmin(user)) return forbiddenResponse();
    return handler(request, user, context);
  };
}
