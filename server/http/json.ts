/**
 * JSON answers, never cached: `sendError` for the custom server's own answers (Node's ServerResponse), `jsonResponse`
 * for route handlers (a web Response), with the same headers. An error's body is `errorBody`: the code as `error`,
 * the values of its sentence, and the sentence in English as `message` (`englishError`, i18n/english.ts) for API users.
 *
 * @example
 *   return jsonResponse(404, errorBody("ERR_NOT_FOUND")); // {"error":"ERR_NOT_FOUND","message":"This match does not exist, …"}
 */
import type { ServerResponse } from "node:http";
import type { FailureValues } from "@/lib/engine/types";
import { englishError } from "@/i18n/english";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } as const;

export interface ErrorBody {
  readonly error: string;
  readonly values?: FailureValues;
  readonly message: string;
}

export function errorBody(code: string, values?: FailureValues): ErrorBody {
  const message = englishError(code, values);
  return values === undefined ? { error: code, message } : { error: code, values, message };
}

export function sendError(res: ServerResponse, status: number, code: string, values?: FailureValues): void {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(errorBody(code, values)));
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}
