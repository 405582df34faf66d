/**
 * Security headers, unit by unit and on a running server: the custom server's own answers and Socket.IO's polling
 * answers carry them too (pages and route handlers are checked in a browser by e2e/security-headers.spec.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { applySecurityHeaders, contentSecurityPolicy, securityHeaders } from "./security-headers";

const base = { nonce: "bm9uY2U=", https: false, dev: false, host: "localhost:3000" };

describe("the Content-Security-Policy", () => {
  it("runs scripts only from the site and by this response's nonce, and no frame may hold the site", () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-bm9uY2U='");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("connect-src 'self' ws://localhost:3000");
  });

  it("lets the socket connect back over wss on https, and allows eval only in development", () => {
    expect(contentSecurityPolicy({ ...base, https: true })).toContain("connect-src 'self' wss://localhost:3000");
    expect(contentSecurityPolicy({ ...base, dev: true })).toMatch(/script-src [^;]*'unsafe-eval'/);
  });

  it("never copies a hostile Host header into the policy", () => {
    const csp = contentSecurityPolicy({ ...base, host: "evil.test; script-src *" });
    expect(csp).not.toContain("evil.test");
    expect(csp).toContain("connect-src 'self';");
  });
});

describe("the prerendered global error page (/_global-error, the static 500 page)", () => {
  // The page Next.js 16.4.6 prerenders at build for this app: written with no request, its inline scripts carry no nonce.
  const page = readFileSync(join(import.meta.dirname, "fixtures/next-16.4.6-global-error.html"), "utf8");

  /** Whether a browser enforcing `policy` runs every script of `html`: from the site, by nonce, or by hash. */
  function blockedScripts(html: string, policy: string): string[] {
    const sources = policy.split(";").map((d) => d.trim().split(/\s+/)).find(([name]) => name === "script-src")?.slice(1) ?? [];
    const blocked: string[] = [];
    for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc="\/[^/]/.test(attributes) && sources.includes("'self'")) continue;
      const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
      if (nonce !== undefined && sources.includes(`'nonce-${nonce}'`)) continue;
      if (sources.includes(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`)) continue;
      blocked.push(body.slice(0, 60));
    }
    return blocked;
  }

  it("runs under the policy every response is served with in production", () => {
    const build = mkdtempSync(join(tmpdir(), "fairgammon-next-"));
    try {
      mkdirSync(join(build, "server/app"), { recursive: true });
      writeFileSync(join(build, "server/app/_global-error.html"), page);
      expect(page).toMatch(/<script>/);
      const headers: Record<string, string> = {};
      const req = { headers: { host: "localhost:3000" }, socket: {} } as unknown as IncomingMessage;
      const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as ServerResponse;
      applySecurityHeaders(req, res, { trustProxy: false, dev: false, nextDir: build });
      const policy = headers["Content-Security-Policy"] ?? "";
      expect(blockedScripts(page, policy)).toEqual([]);
      // Exactly that page's three inline scripts, not inline script in general.
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy.match(/'sha256-/g)).toHaveLength(3);
      expect(blockedScripts("<script>alert(1)</script>", policy)).toEqual(["alert(1)"]);
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});

describe("securityHeaders", () => {
  it("sends the fixed headers always and HSTS only over https", () => {
    const plain = securityHeaders(base);
    expect(plain).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin" });
    expect(plain["Permissions-Policy"]).toContain("camera=()");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ ...base, https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });
});

describe("on a running server", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  // Socket.IO's own refusals too: they are written past its "headers" event.
  it.each([
    ["a foreign origin's refused handshake", "/socket.io/?EIO=4&transport=polling", { origin: "http://evil.test" }, 403],
    ["an unknown session", "/socket.io/?EIO=4&transport=polling&sid=nope", {}, 400],
    ["an unknown transport", "/socket.io/?EIO=4&transport=carrier-pigeon", {}, 400],
  ])("Socket.IO's answer to %s carries them", async (_name, path, headers, status) => {
    const response = await fetch(`${t.url}${path}`, { headers });
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it.each(["/api/health", "/api/ready", "/no/such/route", "/socket.io/?EIO=4&transport=polling"])("%s carries them, with a fresh nonce each time", async (path) => {
    const [first, second] = [await fetch(`${t.url}${path}`), await fetch(`${t.url}${path}`)];
    for (const response of [first, second]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toContain("geolocation=()");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    if (!path.startsWith("/socket.io")) {
      expect(first.headers.get("content-security-policy")).not.toBe(second.headers.get("content-security-policy"));
    }
  });
});
