/**
 * Per-node probes for load balancers, supervisors and the start scripts. Both report, never throw.
 *
 * - GET /api/health — liveness: the process is up and its event loop answers. 200 always (a balancer that gets no
 *   answer at all knows enough). Restart a node whose health check times out.
 * - GET /api/ready — readiness: the node can serve players now. 200 when every required dependency answered within
 *   its time limit (the database), 503 otherwise and while the node drains after SIGTERM. An optional one (Redis, on a
 *   clustered node) that fails makes it 200 "degraded": the node still serves its own players, so taking every node
 *   out of the balancer for a Redis outage would turn a partial fault into a total one. Send no new players to a node
 *   that is not ready; its sockets already open stay where they are.
 *
 * @example
 *   const probes = new Probes({ startedAt: Date.now(), checks: [{ name: "database", check: () => ping() }] });
 *   if (pathname === "/api/ready") return probes.ready(res);
 *   probes.drain(); // on SIGTERM: /api/ready answers 503 from now on
 */
import type { ServerResponse } from "node:http";

export interface HealthCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
  /** Failing it makes the node "degraded", still ready (see above). */
  readonly optional?: boolean;
}

export interface ProbesOptions {
  readonly startedAt: number;
  readonly checks: readonly HealthCheck[];
  /** A check that has not answered by then counts as unavailable: a dead database can hang a connect for long. */
  readonly checkTimeoutMs?: number;
  readonly now?: () => number;
}

const DEFAULT_CHECK_TIMEOUT_MS = 2000;

export class Probes {
  #draining = false;

  constructor(private readonly options: ProbesOptions) {}

  /** From now on the node is not ready: a balancer stops sending it new players while it finishes what it has. */
  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  health(res: ServerResponse): void {
    send(res, 200, { status: "ok", uptimeSeconds: this.#uptime() });
  }

  async ready(res: ServerResponse): Promise<void> {
    const results = await Promise.all(this.options.checks.map(async ({ name, check, optional }) => [name, await this.#run(check), optional === true] as const));
    const checks = Object.fromEntries(results.map(([name, result]) => [name, result]));
    const ok = !this.#draining && results.every(([, result, optional]) => optional || result === "ok");
    const degraded = results.some(([, result]) => result !== "ok");
    const status = this.#draining ? "draining" : !ok ? "unavailable" : degraded ? "degraded" : "ready";
    send(res, ok ? 200 : 503, { status, uptimeSeconds: this.#uptime(), checks });
  }

  async #run(check: () => Promise<void>): Promise<string> {
    const limit = this.options.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve("timeout"), limit);
    });
    try {
      return await Promise.race([check().then(() => "ok", () => "unavailable"), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #uptime(): number {
    return Math.round(((this.options.now ?? Date.now)() - this.options.startedAt) / 1000);
  }
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}
