/**
 * next-auth v4 configuration: JWT sessions (an encrypted cookie, no session table) and two credentials providers —
 * `credentials` (username and password) and `guest` (no input: creates a guest account and signs it in). The token
 * and the session carry the user's id, username, role and isGuest as of sign-in; code that decides anything
 * (admin pages, sockets) loads the user again by id (session-user.ts), so role changes apply at once.
 *
 * The secret is not set here: next-auth reads NEXTAUTH_SECRET from process.env, which server/auth/boot.ts fills at
 * start-up.
 *
 * @example
 *   // app/api/auth/[...nextauth]/route.ts
 *   const handler = NextAuth(authOptions);
 *   export { handler as GET, handler as POST };
 */
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { createGuestAccount, verifyCredentials, type AccountDeps } from "./accounts";
import { clientAddress } from "./client-address";
import { passwordCost } from "./password";
import { authRateLimiter } from "./rate-limit";

export function sessionUserOf(user: UserRow): User {
  return { id: user.id, name: user.username, username: user.username, role: user.role, isGuest: user.isGuest };
}

type HeaderRecord = Readonly<Record<string, unknown>> | undefined;

/**
 * The `credentials` provider's check. null is next-auth's "wrong credentials" (the form shows one generic message);
 * a thrown Error's message reaches the form as it is: the refusal's code, which the form words in the reader's
 * language (components/auth/messages.ts).
 */
export async function authorizeCredentials(deps: AccountDeps, credentials: Readonly<Record<string, unknown>> | undefined, headers: HeaderRecord): Promise<User | null> {
  const result = await verifyCredentials(deps, { username: credentials?.username, password: credentials?.password, ip: clientAddress(headers ?? {}) });
  if (result.ok) return sessionUserOf(result.value);
  if (result.code === "ERR_RATE_LIMITED") throw new Error(result.code);
  return null;
}

export async function authorizeGuest(deps: AccountDeps, headers: HeaderRecord): Promise<User> {
  const result = await createGuestAccount(deps, { ip: clientAddress(headers ?? {}) });
  if (!result.ok) throw new Error(result.code);
  return sessionUserOf(result.value);
}

export function buildAuthOptions(deps: () => AccountDeps): NextAuthOptions {
  return {
    session: { strategy: "jwt" },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username and password",
        credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, req) => authorizeCredentials(deps(), credentials, req.headers),
      }),
      CredentialsProvider({
        id: "guest",
        name: "Guest",
        credentials: {},
        authorize: (_credentials, req) => authorizeGuest(deps(), req.headers),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        // `user` is only present on sign-in: copy what the session shows.
        if (user) Object.assign(token, { sub: user.id, name: user.username, username: user.username, role: user.role, isGuest: user.isGuest });
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          name: token.username ?? null,
          username: token.username ?? "",
          role: token.role ?? "USER",
          isGuest: token.isGuest ?? false,
        };
        return session;
      },
    },
  };
}

/** What the site's account routes run with: the process-wide database, rate limiter and bcrypt cost. */
export function runtimeAccountDeps(): AccountDeps {
  return { db: getDb(), limiter: authRateLimiter(), passwordCost: passwordCost(process.env.NODE_ENV) };
}

export const authOptions: NextAuthOptions = buildAuthOptions(runtimeAccountDeps);
