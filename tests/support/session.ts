/**
 * Real next-auth session cookies for test users, and the socket identifier that reads them, so the integration
 * tests authenticate sockets exactly as the browser's do.
 */
import type { IncomingMessage } from "node:http";
import { decode, encode } from "next-auth/jwt";
import type { Db } from "@/server/db/client";
import { findUserById } from "@/server/db/users";
import type { Actor } from "@/server/match/context";

export const TEST_AUTH_SECRET = "fairgammon-integration-tests-secret-0123456789";
const COOKIE = "next-auth.session-token";

export async function sessionCookieFor(user: { id: string; username: string }): Promise<string> {
  const token = await encode({ secret: TEST_AUTH_SECRET, token: { sub: user.id, name: user.username } });
  return `${COOKIE}=${token}`;
}

export function socketIdentifier(db: Db): (request: IncomingMessage) => Promise<Actor | null> {
  return async (request) => {
    const header = request.headers.cookie ?? "";
    const raw = header
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${COOKIE}=`))
      ?.slice(COOKIE.length + 1);
    if (!raw) return null;
    const token = await decode({ token: raw, secret: TEST_AUTH_SECRET });
    if (!token?.sub) return null;
    const user = await findUserById(db, token.sub);
    return user ? { id: user.id, name: user.username, isGuest: user.isGuest, role: user.role } : null;
  };
}
