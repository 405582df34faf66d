/**
 * The signed-in user for Next.js server code: server components (through `cookies()`) and route handlers (through
 * the request's Cookie header). Both load the user from the database by the session's id (session-user.ts).
 * Only code bundled by Next.js may import this module (it uses next/headers).
 *
 * @example
 *   const user = await getCurrentUser();               // in a server component: UserRow | null
 *   const user = await userFromRequest(request);       // in a route handler
 */
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { parseCookieHeader, userFromCookies } from "./session-user";

function sessionSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  // server/auth/boot.ts sets it before Next.js starts; `next dev` or `next start` run alone never do.
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start the site through server/main.ts (npm start or npm run dev).");
  return secret;
}

/** Cached per request, so the layout and the page share one lookup. */
export const getCurrentUser = cache(async (): Promise<UserRow | null> => {
  const store = await cookies();
  const all = Object.fromEntries(store.getAll().map((cookie) => [cookie.name, cookie.value]));
  return userFromCookies({ cookies: all, secret: sessionSecret(), db: getDb() });
});

export function userFromRequest(request: Request): Promise<UserRow | null> {
  return userFromCookies({ cookies: parseCookieHeader(request.headers.get("cookie") ?? undefined), secret: sessionSecret(), db: getDb() });
}
