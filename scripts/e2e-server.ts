/**
 * The web server of the end-to-end tests (playwright.config.ts starts it): a fresh data directory, then the same
 * path as `npm start` — build when the build is stale, then serve in production mode — on E2E_PORT (3100). Secrets
 * are random per run, as production requires them to be set.
 *
 * @example
 *   npx tsx scripts/e2e-server.ts   # then http://localhost:3100
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { E2E_DATA_DIR, E2E_PORT } from "../e2e/e2e-env";

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
for (const name of ["DATABASE_URL", "NEXTAUTH_URL", "TRUST_PROXY", "HOST"]) delete process.env[name];
Object.assign(process.env, {
  DATA_DIR: E2E_DATA_DIR,
  PORT: String(E2E_PORT),
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  SEED_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Every spec makes its guests from 127.0.0.1; the default (20 an hour) is for the public, not a test run.
  GUESTS_PER_ADDRESS_PER_HOUR: "10000",
  // …and registers and signs in a few dozen accounts from there (the default, 30 per 15 minutes, is for the public).
  SIGN_INS_PER_ADDRESS_PER_15_MIN: "10000",
  // …and connects every page and bot from there too.
  SOCKETS_PER_ADDRESS: "100000",
  // Tournament specs wait for registration to close and rounds to follow: look for due steps twice a second.
  TOURNAMENT_TICK_MS: "500",
});

await import("./start");
