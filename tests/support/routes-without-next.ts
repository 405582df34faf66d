/**
 * The route handlers that socket-only test servers (createAppServer without Next.js) serve as Next.js would, so that
 * the integration tests fetch them over HTTP like a browser: GET /api/matches/:id/audit and GET /api/fairness/keys,
 * answered by the same `auditResponse` and `proofKeysResponse` as their route handlers (app/api/…/route.ts), the viewer
 * identified from the session cookie like a socket. Anything else is a 404. The route handlers themselves run in the
 * end-to-end tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@/server/db/client";
import { auditResponse } from "@/server/http/audit-response";
import { proofKeysResponse } from "@/server/http/proof-keys-response";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { sendError } from "@/server/http/json";
import type { Actor } from "@/server/socket/socket-types";

const AUDIT_PATH = /^\/api\/matches\/([^/]+)\/audit$/;

export function routesWithoutNext(
  db: Db,
  identify: (req: IncomingMessage) => Promise<Actor | null>,
  key: ProofSigningKey,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const audit = req.method === "GET" ? AUDIT_PATH.exec(url.pathname) : null;
    const keys = req.method === "GET" && url.pathname === "/api/fairness/keys";
    if (!audit && !keys) return sendError(res, 404, "ERR_NOT_FOUND", { reason: "route" });
    const response = keys
      ? await proofKeysResponse(db)
      : await auditResponse(db, key, decodeURIComponent(audit?.[1] ?? ""), url.searchParams.get("invite") ?? undefined, () => identify(req));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
