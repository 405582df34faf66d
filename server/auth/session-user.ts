/**
 * From a request's cookies to the signed-in user, the same way for Socket.IO handshakes, route handlers and server
 * components: decrypt next-auth's session cookie (either name: `__Secure-next-auth.session-token` on https,
 * `next-auth.session-token` on http), then load the user by the token's subject. Loading it again each time means a
 * role change or a deleted account takes effect at once, and nothing in a request body can name the user.
 *
 * next-auth v4's getToken reads `req.cookies`, not the Cookie header, so the header is parsed here first.
 *
 * @example
 *   const user = await userFromCookies({ cookies: parseCookieHeader(req.headers.cookie), secret, db }); // UserRow | null
 */
import { parseCookie } from "cookie";
import type { LoggerInstance } from "next-auth";
import { getToken } from "next-auth/jwt";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { findUserById } from "@/server/db/users";

export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/**
 * Cookie header → name/value pairs, parsed by the `cookie` package (RFC 6265: the first of duplicates wins, a value
 * that is not valid percent-encoding is kept as sent). Its result may hold `undefined` values by type; getToken
 * wants plain strings.
 */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header ?? ""))) if (value !== undefined) cookies[name] = value;
  return cookies;
}

/** A forged or stale cookie is an everyday event here, not an error worth a stack trace in the log. */
const quietLogger: LoggerInstance = { error: () => {}, warn: () => {}, debug: () => {} };

/** The user id inside a valid session cookie, or null (no cookie, forged, expired, or made with another secret). */
export async function sessionUserId(cookies: Readonly<Record<string, string>>, secret: string): Promise<string | null> {
  for (const cookieName of SESSION_COOKIE_NAMES) {
    if (!Object.keys(cookies).some((name) => name === cookieName || name.startsWith(`${cookieName}.`))) continue;
    const token = await getToken({
      // Only the session cookie is handed over: no headers, so an Authorization header is never taken instead.
      req: { cookies: { ...cookies }, headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
      secret,
      cookieName,
      logger: quietLogger,
    });
    if (token && typeof token.sub === "string") return token.sub;
  }
  return null;
}

export async function userFromCookies(options: {
  readonly cookies: Readonly<Record<string, string>>;
  readonly secret: string;
  readonly db: Db;
}): Promise<UserRow | null> {
  const id = await sessionUserId(options.cookies, options.secret);
  return id === null ? null : findUserById(options.db, id);
}
