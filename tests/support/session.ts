/**
 * Real next-auth session cookies for test users, read by the server's own socket identity (server/auth), so the
 * integration tests authenticate sockets and HTTP requests exactly as the browser's are.
 */
import type { IncomingMessage } from "node:http";
import { encode } from "next-auth/jwt";
import { socketIdentity } from "@/server/auth/socket-identity";
import type { Db } from "@/server/db/client";
import type { Actor } from "@/server/match/socket-types";

export const TEST_AUTH_SECRET = "fairgammon-integration-tests-secret-0123456789";

/** The cookie header a browser sends after signing in as `user` (a next-auth v4 JWT session). */
export async function sessionCookieFor(user: { id: string; username: string }): Promise<string> {
  const token = await encode({ secret: TEST_AUTH_SECRET, token: { sub: user.id, name: user.username } });
  return `next-auth.session-token=${token}`;
}

export function socketIdentifier(db: Db): (request: IncomingMessage) => Promise<Actor | null> {
  return socketIdentity({ secret: TEST_AUTH_SECRET, db });
}
