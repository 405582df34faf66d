/**
 * Which origins are this site's own, in one place for every door that changes state: the Socket.IO handshake (a
 * cross-site page could otherwise open a socket with the victim's SameSite=Lax cookie — another port of the same host
 * is the same *site*) and the state-changing HTTP routes (server/auth/route-guards.ts).
 *
 * An origin is the site's own when it is NEXTAUTH_URL's origin, one listed in ALLOWED_ORIGINS, or — so that
 * http://localhost:3000, http://127.0.0.1:3000 or a LAN address work with no configuration — its host:port equals
 * the host the request was sent to (the Host header; X-Forwarded-Host only behind a trusted proxy). A page on another
 * port or host never sends our Host with its own Origin, and a browser does not let a page forge either header.
 *
 * A request with no Origin at all is a non-browser client (the bot client, the CLI, a balancer's probe): browsers send
 * Origin on every WebSocket and on every cross-origin request, so its absence proves the request is not a cross-site
 * page — unless Fetch Metadata says otherwise (`Sec-Fetch-Site: cross-site`). HTTP routes that change state are
 * stricter (route-guards.ts): they are only ever called by our own pages, so they require the Origin.
 *
 * @example
 *   const verdict = originVerdict(req.headers, { trustProxy: env.TRUST_PROXY, configured: siteOrigins(process.env) });
 *   if (verdict === "foreign") refuse();   // "own" | "absent" | "foreign"
 */

export type OriginVerdict = "own" | "absent" | "foreign";

/** Header values as Node gives them (IncomingMessage) or as a Fetch `Headers` object does. */
type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

export interface OriginPolicy {
  /** Accept X-Forwarded-Host as the host the request was sent to (TRUST_PROXY). */
  readonly trustProxy: boolean;
  /** Origins always accepted: NEXTAUTH_URL's and ALLOWED_ORIGINS' (see siteOrigins). */
  readonly configured: readonly string[];
}

function header(headers: HeaderSource, name: string): string | null {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first !== "" ? first : null;
}

/** "https://Example.org:443/x" → "https://example.org"; null for anything that is not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The configured origins: NEXTAUTH_URL's and the comma-separated ALLOWED_ORIGINS (malformed entries are dropped). */
export function siteOrigins(source: { readonly NEXTAUTH_URL?: string | undefined; readonly ALLOWED_ORIGINS?: string | undefined }): string[] {
  const listed = [source.NEXTAUTH_URL ?? "", ...(source.ALLOWED_ORIGINS ?? "").split(",")].map((entry) => entry.trim()).filter(Boolean);
  return [...new Set(listed.map(normalizeOrigin).filter((origin): origin is string => origin !== null))];
}

export function originVerdict(headers: HeaderSource, policy: OriginPolicy): OriginVerdict {
  const given = header(headers, "origin");
  if (given === null) return header(headers, "sec-fetch-site") === "cross-site" ? "foreign" : "absent";
  const origin = normalizeOrigin(given); // "null" (sandboxed frames, file: pages) and garbage are never ours
  if (origin === null) return "foreign";
  if (policy.configured.includes(origin)) return "own";
  const hosts = [header(headers, "host"), policy.trustProxy ? header(headers, "x-forwarded-host")?.split(",")[0]?.trim() : null];
  const originHost = new URL(origin).host;
  return hosts.some((host) => host !== null && host !== undefined && host.toLowerCase() === originHost) ? "own" : "foreign";
}

/**
 * The origin a visitor reached the site at, for absolute links in what a route serves (the dice dataset's audit
 * URLs): NEXTAUTH_URL's when set, else the request's own Host and scheme. Not `new URL(request.url).origin`: behind
 * the custom server Next.js builds a route's URL from the name it listens on (`http://localhost:3000`), whatever
 * host the visitor used. X-Forwarded-Host and -Proto are read as route-guards.ts reads them: the custom server
 * strips them unless TRUST_PROXY, so what reaches a route is the trusted proxy's.
 *
 * @example
 *   publicOrigin(request, process.env.NEXTAUTH_URL); // "https://fairgammon.example"
 */
export function publicOrigin(request: Request, siteUrl: string | undefined): string {
  const configured = siteUrl ? normalizeOrigin(siteUrl) : null;
  if (configured) return configured;
  const url = new URL(request.url);
  const host = header(request.headers, "x-forwarded-host")?.split(",")[0]?.trim() || header(request.headers, "host") || url.host;
  const forwardedProto = header(request.headers, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : url.protocol.slice(0, -1);
  return normalizeOrigin(`${scheme}://${host}`) ?? url.origin;
}
