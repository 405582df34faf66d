/**
 * GET /api/health: a cheap liveness answer for load balancers and the start script. It reports, never throws.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface HealthCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
}

export async function handleHealth(_req: IncomingMessage, res: ServerResponse, checks: readonly HealthCheck[], startedAt: number): Promise<void> {
  const results: Record<string, string> = {};
  let healthy = true;
  for (const { name, check } of checks) {
    try {
      await check();
      results[name] = "ok";
    } catch {
      healthy = false;
      results[name] = "unavailable";
    }
  }
  res.writeHead(healthy ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ status: healthy ? "ok" : "degraded", uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), checks: results }));
}
