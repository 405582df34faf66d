/**
 * The security headers of every response the server sends — Next.js pages and route handlers, static assets, the
 * custom server's own answers (/api/health, /api/ready, 404s) and Socket.IO's polling responses.
 *
 * The Content-Security-Policy allows scripts only from this site and by a nonce made fresh for each request: the
 * custom server puts the policy on the *request* too, where Next.js's app renderer reads the nonce and stamps it on
 * every script it writes (next/dist/server/app-render/get-script-nonce-from-header.js) — no middleware needed. Every
 * page is rendered per request (they read the session and the language), so no prerendered HTML carries stale
 * nonces — but one: the global error page Next.js prerenders at build (served at /_global-error and as the static
 * 500 page), whose three inline scripts were written with no request and so no nonce. Those scripts are allowed by
 * their SHA-256 hashes, read from the build output once (`staticErrorPageHashes`): fixed at build, the same on every
 * node, and exactly those scripts, never inline script in general. Styles allow 'unsafe-inline': React's style attributes (the board's geometry) need it, and an injected style
 * cannot run code. The socket is same-origin (ws:/wss: of the same host); `frame-ancestors 'none'` and
 * X-Frame-Options keep the board out of other sites' frames (clickjacking a "resign" button). Referrer-Policy is
 * same-origin because invitation links carry their token in the URL. HSTS only when the site is served over https.
 *
 * @example
 *   const headers = securityHeaders({ nonce: newNonce(), https: false, dev: false, host: "localhost:3000" });
 *   for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";

export interface SecurityHeaderOptions {
  /** Base64 nonce of this response's scripts. */
  readonly nonce: string;
  /** Served over https (HSTS is sent, and only then). */
  readonly https: boolean;
  /** Next.js development mode: React Refresh evaluates code, so 'unsafe-eval' is added there and only there. */
  readonly dev: boolean;
  /** The host the page was loaded from (the socket connects back to it). */
  readonly host: string | null;
  /** 'sha256-…' sources of inline scripts that cannot carry a nonce (the prerendered error page's). */
  readonly scriptHashes?: readonly string[];
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** A Host header value that can safely appear in a policy (host, IPv4 or [IPv6], optional port); else null. */
function policyHost(host: string | null): string | null {
  return host !== null && /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host) ? host.toLowerCase() : null;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const host = policyHost(options.host);
  const sockets = host ? [`${options.https ? "wss" : "ws"}://${host}`] : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${options.nonce}'`, ...(options.scriptHashes ?? []), ...(options.dev ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...sockets],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ...(options.https ? ([["upgrade-insecure-requests"]] as [string][]) : []),
  ] as [string, ...string[]][];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export interface SiteScheme {
  /** NEXTAUTH_URL, when set: an https one makes every response https's. */
  readonly siteUrl?: string;
  /** Behind a trusted proxy, X-Forwarded-Proto says whether the browser's connection was https. */
  readonly trustProxy: boolean;
}

/** Whether the browser reached this request over https. */
export function servedOverHttps(req: IncomingMessage, scheme: SiteScheme): boolean {
  if (scheme.siteUrl?.startsWith("https://")) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers["x-forwarded-proto"];
  return scheme.trustProxy && (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() === "https";
}

/**
 * The headers of Socket.IO's own HTTP answers (long-polling), which never reach the request handler: the same set,
 * with a policy that allows nothing, since they are never a page.
 */
export function socketResponseHeaders(https: boolean): Record<string, string> {
  return { ...securityHeaders({ nonce: newNonce(), https, dev: false, host: null }), "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'" };
}

/** The CSP hash sources ('sha256-…') of the inline scripts in `html` (a script with a src needs none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Where Next.js writes the prerendered global error page: /_global-error, and the same page as the static 500 page. */
const STATIC_ERROR_PAGES = ["server/app/_global-error.html", "server/pages/500.html"];
const hashesByBuild = new Map<string, readonly string[]>();

/** The hashes of the prerendered error pages' inline scripts in the build at `nextDir`, read once; none without a build. */
export function staticErrorPageHashes(nextDir: string): readonly string[] {
  let hashes = hashesByBuild.get(nextDir);
  if (!hashes) {
    const pages = STATIC_ERROR_PAGES.map((page) => join(nextDir, page)).filter((file) => existsSync(file));
    hashes = [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(file, "utf8"))))];
    hashesByBuild.set(nextDir, hashes);
  }
  return hashes;
}

/**
 * Sets the headers on `res` and hands the policy (with its nonce) to Next.js on the request. Call it before anything
 * writes the response.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, scheme: SiteScheme & { readonly dev: boolean; readonly nextDir?: string }): void {
  // Development renders the error page per request (with the nonce); only a production build has the prerendered one.
  const scriptHashes = scheme.dev ? [] : staticErrorPageHashes(scheme.nextDir ?? join(process.cwd(), ".next"));
  const headers = securityHeaders({ nonce: newNonce(), https: servedOverHttps(req, scheme), dev: scheme.dev, host: req.headers.host ?? null, scriptHashes });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  req.headers["content-security-policy"] = headers["Content-Security-Policy"];
}
