/**
 * The probes (health.ts): liveness always answers; readiness names each check's result, answers 503 when one fails or
 * does not answer within its limit, and while draining after SIGTERM.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Probes, type HealthCheck } from "./health";

let server: Server | null = null;

async function serve(probes: Probes): Promise<string> {
  server = createServer((req, res) => void (req.url === "/api/ready" ? probes.ready(res) : probes.health(res)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function ask(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(() => {
  server?.close();
  server = null;
});

describe("health and readiness probes", () => {
  it("reports each check, 503 for a failing or hanging one, and 503 while draining", async () => {
    let database: HealthCheck["check"] = async () => {};
    const probes = new Probes({
      startedAt: Date.now() - 5000,
      checkTimeoutMs: 200,
      checks: [
        { name: "database", check: () => database() },
        { name: "redis", check: async () => {} },
      ],
    });
    const url = await serve(probes);
    expect(await ask(`${url}/api/health`)).toEqual({ status: 200, body: { status: "ok", uptimeSeconds: 5 } });
    expect(await ask(`${url}/api/ready`)).toMatchObject({ status: 200, body: { status: "ready", checks: { database: "ok", redis: "ok" } } });

    database = async () => {
      throw new Error("ECONNREFUSED");
    };
    expect(await ask(`${url}/api/ready`)).toMatchObject({ status: 503, body: { status: "unavailable", checks: { database: "unavailable", redis: "ok" } } });

    database = () => new Promise(() => {}); // never answers
    const started = Date.now();
    expect(await ask(`${url}/api/ready`)).toMatchObject({ status: 503, body: { checks: { database: "timeout" } } });
    expect(Date.now() - started).toBeLessThan(5000);

    database = async () => {};
    probes.drain();
    expect(await ask(`${url}/api/ready`)).toMatchObject({ status: 503, body: { status: "draining", checks: { database: "ok" } } });
    expect((await ask(`${url}/api/health`)).status).toBe(200); // alive all the same
  });
});
