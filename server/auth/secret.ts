/**
 * The secret that encrypts next-auth's session tokens (JWE cookies): NEXTAUTH_SECRET, or — outside production only —
 * a secret generated once into `<DATA_DIR>/nextauth.secret` (mode 0600), so `npm start` works with no
 * configuration and sessions survive restarts. Production without the variable refuses to start.
 *
 * @example
 *   const secret = loadAuthSecret({ secretFromEnv: env.NEXTAUTH_SECRET, dataDir: env.dataDir, production: false, logger });
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const AUTH_SECRET_VARIABLE = "NEXTAUTH_SECRET";
export const AUTH_SECRET_FILE = "nextauth.secret";
const MIN_SECRET_LENGTH = 16;

export class AuthConfigError extends Error {
  override name = "AuthConfigError";
}

export interface LoadAuthSecretOptions {
  /** NEXTAUTH_SECRET as parsed by server/config/env.ts (already checked to have at least 16 characters). */
  readonly secretFromEnv: string | undefined;
  readonly dataDir: string;
  readonly production: boolean;
  readonly logger: { warn(message: string): void };
}

export function loadAuthSecret(options: LoadAuthSecretOptions): string {
  if (options.secretFromEnv) return options.secretFromEnv;
  if (options.production) {
    throw new AuthConfigError(
      `${AUTH_SECRET_VARIABLE} is required in production: set it to a long random string, e.g. the output of ` +
        "`openssl rand -base64 32`, and keep it the same across restarts (changing it signs everyone out).",
    );
  }
  const file = join(options.dataDir, AUTH_SECRET_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // "wx" fails if the file exists, so two processes starting together cannot overwrite each other's secret.
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    options.logger.warn(`${AUTH_SECRET_VARIABLE} is not set: generated a development secret in ${file} (set the variable in production).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    options.logger.warn(`${AUTH_SECRET_VARIABLE} is not set: using the development secret in ${file}.`);
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new AuthConfigError(`The development secret file ${file} is too short; delete it to generate a new one (everyone is signed out).`);
  }
  return secret;
}
