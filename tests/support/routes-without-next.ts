/**
 * The route handlers that socket-only test servers (createAppServer without Next.js) serve as Next.js would, so that
 * the integration tests fetch them over HTTP like a browser: GET /api/matches/:id/audit, answered by the same
 * `auditResponse` as its route handler (app/api/matches/[id]/audit/route.ts), the viewer identified from the session
 * cookie like a socket. Anything else is a 404. The route handler itself runs in the end-to-end tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@/server/db/client";
import { auditResponse } from "@/server/http/audit-response";
import { sendError } from "@/server/http/json";
import type { Actor } from "@/server/match/socket-types";

const AUDIT_PATH = /^\/api\/matches\/([^/]+)\/audit$/;

export function routesWithoutNext(db: Db, identify: (req: IncomingMessage) => Promise<Actor | null>): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const audit = req.method === "GET" ? AUDIT_PATH.exec(url.pathname) : null;
    if (!audit) return sendError(res, 404, "ERR_NOT_FOUND", { reason: "route" });
    const response = await auditResponse(db, decodeURIComponent(audit[1] ?? ""), url.searchParams.get("invite") ?? undefined, () => identify(req));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
