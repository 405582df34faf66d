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

const STATUS_BY_CODE: Record<string, number> = {
  ERR_INVALID_USERNAME: 400,
  ERR_INVALID_PASSWORD: 400,
  ERR_BAD_REQUEST: 400,
  ERR_UNAUTHENTICATED: 401,
  ERR_CROSS_SITE: 403,
  ERR_NOT_FOUND: 404,
  ERR_USERNAME_TAKEN: 409,
  ERR_NOT_GUEST: 409,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_RATE_LIMITED: 429,
};

export function jsonError(code: string, message: string): Response {
  return Response.json({ error: code, message }, { status: STATUS_BY_CODE[code] ?? 500, headers: { "cache-control": "no-store" } });
}

/** The hosts this site answers as: the request's own (as Next.js forwards it) and NEXTAUTH_URL's. */
function ownHosts(headers: Headers): string[] {
  const hosts = [headers.get("x-forwarded-host"), headers.get("host")];
  const configured = process.env.NEXTAUTH_URL;
  if (configured) hosts.push(new URL(configured).host);
  return hosts.filter((host): host is string => Boolean(host)).map((host) => host.toLowerCase());
}

/** An error response for a cross-site or non-JSON request, or null when it may proceed. */
export function refuseCrossSite(request: Request): Response | null {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host.toLowerCase() : null;
  } catch {
    originHost = null;
  }
  if ((site !== null && site !== "same-origin") || originHost === null || !ownHosts(request.headers).includes(originHost)) {
    return jsonError("ERR_CROSS_SITE", "This request must come from a page of this site.");
  }
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return jsonError("ERR_UNSUPPORTED_MEDIA_TYPE", "Send the form as application/json.");
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
