/**
 * Where the end-to-end run serves the site and keeps its data: shared by playwright.config.ts, the web server
 * script (scripts/e2e-server.ts) and specs that run command-line tools against the same database.
 *
 * @example
 *   execFileSync("npx", ["tsx", "scripts/admin.ts", "grant", "bob"], { env: { ...process.env, ...E2E_DATABASE_ENV } });
 */
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Git-ignored; deleted and recreated at the start of every run. */
export const E2E_DATA_DIR = path.resolve(".e2e-data");
/** The variables that point a command at the e2e database (and not at DATABASE_URL from the caller's shell). */
export const E2E_DATABASE_ENV = { DATA_DIR: E2E_DATA_DIR, DATABASE_URL: "" } as const;
