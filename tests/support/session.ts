/**
 * Real next-auth session cookies for test users, read by the server's own socket identity (server/auth), so the
 * integration tests authenticate sockets and HTTP requests exactly as the browser's are.
 */
import type { IncomingMessage } from "node:http";
import { encode } from "next-auth/jwt";
import { socketIdentity } from "@/server/auth/socket-identity";
import type { Db } from "@/server/db/client";
import { createUser } from "@/server/db/users";
import type { Actor } from "@/server/socket/socket-types";

export const TEST_AUTH_SECRET = "fairgammon-integration-tests-secret-0123456789";

/** The cookie header a browser sends after signing in as `user` (a next-auth v4 JWT session). */
export async function sessionCookieFor(user: { id: string; username: string }): Promise<string> {
  const token = await encode({ secret: TEST_AUTH_SECRET, token: { sub: user.id, name: user.username } });
  return `next-auth.session-token=${token}`;
}

/** A new guest account and the cookie of its session (for the tests of what guests may not do). */
export async function guestSessionCookie(db: Db): Promise<string> {
  const created = await createUser(db, { username: `guest-${Math.random().toString(36).slice(2, 10)}`, passwordHash: null, isGuest: true });
  if (!created.ok) throw new Error(created.code);
  return sessionCookieFor(created.value);
}

export function socketIdentifier(db: Db): (request: IncomingMessage) => Promise<Actor | null> {
  return socketIdentity({ secret: TEST_AUTH_SECRET, db });
}
