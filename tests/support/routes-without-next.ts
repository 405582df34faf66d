/**
 * The route handlers that socket-only test servers (createAppServer without Next.js) serve as Next.js would, so that
 * the integration tests fetch them over HTTP like a browser: GET /api/matches/:id/audit, GET /api/fairness/keys and
 * GET /api/transparency/…, answered by the same `auditResponse`, `proofKeysResponse` and transparency answers as their
 * route handlers (app/api/…/route.ts), the viewer
 * identified from the session cookie like a socket. Anything else is a 404. The route handlers themselves run in the
 * end-to-end tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@/server/db/client";
import { auditResponse } from "@/server/http/audit-response";
import { proofKeysResponse } from "@/server/http/proof-keys-response";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { sendError } from "@/server/http/json";
import { consistencyResponse, entriesResponse, headOfSizeResponse, inclusionResponse, transparencyHeadResponse } from "@/server/http/transparency-response";
import { TransparencyLog } from "@/server/transparency/transparency-log";
import type { Actor } from "@/server/socket/socket-types";

const AUDIT_PATH = /^\/api\/matches\/([^/]+)\/audit$/;
const HEAD_OF_SIZE_PATH = /^\/api\/transparency\/heads\/([^/]+)$/;

/** The answer of a GET /api/transparency/… route, or null for another path. */
function transparencyAnswer(log: TransparencyLog, key: ProofSigningKey, url: URL): Promise<Response> | null {
  const ofSize = HEAD_OF_SIZE_PATH.exec(url.pathname);
  if (ofSize) return headOfSizeResponse(log, decodeURIComponent(ofSize[1] ?? ""));
  switch (url.pathname) {
    case "/api/transparency/head":
      return transparencyHeadResponse(log, key);
    case "/api/transparency/consistency":
      return consistencyResponse(log, url.searchParams);
    case "/api/transparency/inclusion":
      return inclusionResponse(log, url.searchParams);
    case "/api/transparency/entries":
      return entriesResponse(log, url.searchParams);
    default:
      return null;
  }
}

export function routesWithoutNext(
  db: Db,
  identify: (req: IncomingMessage) => Promise<Actor | null>,
  key: ProofSigningKey,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const audit = req.method === "GET" ? AUDIT_PATH.exec(url.pathname) : null;
    const keys = req.method === "GET" && url.pathname === "/api/fairness/keys";
    const transparency = req.method === "GET" ? transparencyAnswer(new TransparencyLog(db, key), key, url) : null;
    if (!audit && !keys && !transparency) return sendError(res, 404, "ERR_NOT_FOUND", { reason: "route" });
    const response = keys
      ? await proofKeysResponse(db)
      : transparency
        ? await transparency
        : await auditResponse(db, key, decodeURIComponent(audit?.[1] ?? ""), url.searchParams.get("invite") ?? undefined, () => identify(req));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
