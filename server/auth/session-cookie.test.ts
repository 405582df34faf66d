/**
 * The session cookie's flags as next-auth's own handler sets them on a guest sign-in, in the configurations a
 * deployment may run with (server/config/env.ts refuses the others): an https NEXTAUTH_URL, or no NEXTAUTH_URL behind
 * a trusted proxy that says the request came over https. Each must give a Secure, HttpOnly, SameSite=Lax cookie
 * under the __Secure- name; a local http run keeps a plain cookie, since browsers refuse Secure ones over http.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { prepareAuth } from "./boot";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { buildAuthOptions } from "./options";
import { AuthRateLimiter } from "./rate-limit";

// next-auth's request handler, the one its route calls, without Next.js around it: the package does not export
// "./core" (it only types it), so it is loaded by its file.
const require = createRequire(import.meta.url);
interface HandlerCookie {
  readonly name: string;
  readonly value: string;
  readonly options: Record<string, unknown>;
}
type AuthHandlerFn = (params: { req: Request; options: ReturnType<typeof options> }) => Promise<{ body?: unknown; cookies?: HandlerCookie[] }>;
const { AuthHandler } = require(path.join(path.dirname(require.resolve("next-auth")), "core", "index.js")) as { AuthHandler: AuthHandlerFn };

let handle: TestDatabase;
const saved = { ...process.env };
beforeAll(async () => {
  handle = await openTestDatabase("sqlite");
});
afterAll(() => handle?.dispose());
afterEach(() => {
  for (const name of ["NEXTAUTH_URL", "NEXTAUTH_SECRET", "AUTH_TRUST_HOST"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const options = () => buildAuthOptions(() => ({ db: handle.db, limiter: new AuthRateLimiter(), passwordCost: 4 }));
let address = 0;

/** A guest sign-in as a browser does it through the site (csrf token first), returning the Set-Cookie lines. */
async function guestSignIn(base: string, headers: Record<string, string>): Promise<string[]> {
  const common = { ...headers, [CLIENT_ADDRESS_HEADER]: `203.0.113.${(address += 1)}` };
  const csrf = await AuthHandler({ req: new Request(`${base}/api/auth/csrf`, { headers: common }), options: options() });
  const csrfCookies = (csrf.cookies ?? []).map((c) => `${c.name}=${c.value}`).join("; ");
  // The route handler hands next-auth a parsed body; a Request given to it directly is read as JSON.
  const body = JSON.stringify({ csrfToken: (csrf.body as { csrfToken: string }).csrfToken, json: "true" });
  const signIn = await AuthHandler({
    req: new Request(`${base}/api/auth/callback/guest`, {
      method: "POST",
      headers: { ...common, cookie: csrfCookies, "content-type": "application/json" },
      body,
    }),
    options: options(),
  });
  return (signIn.cookies ?? []).filter((c) => c.name.endsWith("session-token")).map((c) => [`${c.name}=…`, ...Object.entries(c.options).map(([k, v]) => `${k}=${String(v)}`)].join("; "));
}

function setUp(env: Record<string, string | undefined>): void {
  const log = { warn() {}, info() {} };
  prepareAuth({ env: { requireSecrets: false, NEXTAUTH_SECRET: "s".repeat(32), NEXTAUTH_URL: env.NEXTAUTH_URL, dataDir: handle.url }, logger: log });
}

describe("the session cookie", () => {
  it("is Secure, HttpOnly and SameSite=Lax with an https NEXTAUTH_URL", async () => {
    setUp({ NEXTAUTH_URL: "https://fairgammon.example" });
    const [cookie] = await guestSignIn("https://fairgammon.example", { host: "10.0.0.11:3000" });
    expect(cookie).toMatch(/^__Secure-next-auth\.session-token=…/);
    expect(cookie).toContain("secure=true");
    expect(cookie).toContain("httpOnly=true");
    expect(cookie).toContain("sameSite=lax");
    expect(cookie).toContain("path=/");
  });

  it("is Secure behind a trusted proxy that forwards X-Forwarded-Proto: https, with no NEXTAUTH_URL", async () => {
    setUp({});
    const [cookie] = await guestSignIn("http://10.0.0.11:3000", { host: "10.0.0.11:3000", "x-forwarded-host": "fairgammon.example", "x-forwarded-proto": "https" });
    expect(cookie).toMatch(/^__Secure-next-auth\.session-token=…/);
    expect(cookie).toContain("secure=true");
  });

  it("stays a plain cookie on a local http run (browsers drop Secure cookies over http)", async () => {
    setUp({});
    const [cookie] = await guestSignIn("http://localhost:3000", { host: "localhost:3000", "x-forwarded-proto": "http" });
    expect(cookie).toMatch(/^next-auth\.session-token=…/);
    expect(cookie).toContain("secure=false");
    expect(cookie).toContain("httpOnly=true");
  });
});
