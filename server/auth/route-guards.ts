/**
 * Checks shared by the account routes that change state outside next-auth (registration, guest claims). next-auth
 * protects its own sign-in with its CSRF token; these routes instead accept only same-origin JSON: the browser's
 * Origin header must name this site, and the body must be application/json — which a cross-site form cannot send,
 * and a cross-site fetch cannot send without a CORS preflight this server never approves.
 *
 * @example
 *   const refused = refuseCrossSite(request);
 *   if (refused) return refused;
 *   const body = await readJsonObject(request); // Record<string, unknown> | null
 */
import type { FailureValues } from "@/lib/engine/types";
import { errorBody } from "@/server/http/json";
import { originVerdict, siteOrigins } from "@/server/http/site-origin";

const STATUS_BY_CODE: Record<string, number> = {
  ERR_INVALID_USERNAME: 400,
  ERR_INVALID_PASSWORD: 400,
  ERR_BAD_REQUEST: 400,
  ERR_UNAUTHENTICATED: 401,
  ERR_CROSS_SITE: 403,
  ERR_GUEST: 403,
  ERR_NOT_FOUND: 404,
  ERR_USER_NOT_FOUND: 404,
  ERR_USERNAME_TAKEN: 409,
  ERR_NOT_GUEST: 409,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_RATE_LIMITED: 429,
};

/** An account route's refusal: `{ error: code, values?, message }` with the status its code calls for. */
export function jsonError(code: string, values?: FailureValues): Response {
  return Response.json(errorBody(code, values), { status: STATUS_BY_CODE[code] ?? 500, headers: { "cache-control": "no-store" } });
}

/**
 * An error response for a cross-site or non-JSON request, or null when it may proceed. Unlike a socket handshake, a
 * missing Origin is refused: only our own pages call these routes, and browsers send Origin on every POST.
 * X-Forwarded-Host is read as the host: the custom server drops client-sent forwarded headers unless TRUST_PROXY
 * (client-address.ts), so what reaches a route is Next.js's own or the trusted proxy's.
 */
export function refuseCrossSite(request: Request): Response | null {
  const site = request.headers.get("sec-fetch-site");
  const verdict = originVerdict(request.headers, { trustProxy: true, configured: siteOrigins(process.env) });
  if ((site !== null && site !== "same-origin") || verdict !== "own") {
    return jsonError("ERR_CROSS_SITE");
  }
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return jsonError("ERR_UNSUPPORTED_MEDIA_TYPE");
  }
  return null;
}

/** The body as a JSON object, or null when it is not one. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
