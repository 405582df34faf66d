/**
 * Start-up for accounts, called once by server/main.ts before Next.js is prepared. It settles the session secret
 * (secret.ts) and the site URL, and hands both to next-auth through process.env — the only channel next-auth v4
 * reads inside Next.js route handlers and server components, which run in this same process.
 *
 * The URL: NEXTAUTH_URL when set (production behind a domain); otherwise next-auth is told to trust the request's
 * Host (AUTH_TRUST_HOST), so http://localhost:PORT, http://127.0.0.1:PORT or a LAN address all work with no
 * configuration. Host cannot be forged in someone else's browser, and without TRUST_PROXY the custom server drops
 * client-sent X-Forwarded-* headers (client-address.ts).
 *
 * @example
 *   const { secret } = prepareAuth({ env, logger });
 *   createAppServer({ env, logger, identify: socketIdentity({ secret, db }) });
 */
import type { Env } from "@/server/config/env";
import { loadAuthSecret } from "./secret";

export interface AuthRuntime {
  /** The next-auth secret (for socketIdentity); never log it. */
  readonly secret: string;
}

export function prepareAuth(options: {
  readonly env: Pick<Env, "requireSecrets" | "NEXTAUTH_SECRET" | "NEXTAUTH_URL" | "dataDir">;
  readonly logger: { warn(message: string): void; info(message: string, fields?: Record<string, unknown>): void };
  /** Where the settings are published; process.env except in tests. */
  readonly target?: Record<string, string | undefined>;
}): AuthRuntime {
  const { env, logger } = options;
  const target = options.target ?? process.env;
  const secret = loadAuthSecret({ secretFromEnv: env.NEXTAUTH_SECRET, dataDir: env.dataDir, production: env.requireSecrets, logger });
  target.NEXTAUTH_SECRET = secret;
  if (env.NEXTAUTH_URL) {
    target.NEXTAUTH_URL = env.NEXTAUTH_URL;
    delete target.AUTH_TRUST_HOST;
  } else {
    delete target.NEXTAUTH_URL; // an empty string would count as set for some of next-auth's checks
    target.AUTH_TRUST_HOST = "true";
    logger.info("NEXTAUTH_URL is not set: sign-in links follow each request's host", {});
  }
  return { secret };
}
