/**
 * JSON answers, never cached: `sendError` for the custom server's own answers (Node's ServerResponse), `jsonResponse`
 * for route handlers (a web Response), with the same headers.
 */
import type { ServerResponse } from "node:http";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } as const;

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify({ error: code, message }));
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}
