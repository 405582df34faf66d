/**
 * How a node stops on SIGTERM (server/main.ts, and the test nodes of tests/support/server-entry.ts): first it drains —
 * /api/ready answers 503 for `drainSeconds`, so a balancer checking it sends new players elsewhere — then it closes,
 * and it exits within `hardLimitMs` whatever happens, so a supervisor waiting for the exit can start it again.
 *
 * Closing the HTTP server waits for its connections; a balancer's keep-alive connection that keeps probing
 * /api/ready would hold it open forever (1 drain in 15 never exited in an attack run). So the close also shuts idle
 * connections as they become idle, and after `forceAfterMs` every connection that is left.
 *
 * @example
 *   process.once("SIGTERM", () => stopNode({ server, drainSeconds: 2, logger, exit: process.exit }));
 */
import type { Server as HttpServer } from "node:http";

export interface StoppableServer {
  readonly http: HttpServer;
  readonly probes: { drain(): void };
  close(): Promise<void>;
}

export interface StopOptions {
  readonly server: StoppableServer;
  readonly drainSeconds: number;
  readonly logger: { info(message: string, fields?: Record<string, unknown>): void; error(message: string, fields?: Record<string, unknown>): void };
  /** What runs after the close (closing the database, say). */
  readonly after?: () => Promise<void>;
  readonly exit: (code: number) => void;
  /** Connections still open this long after the close starts are cut. */
  readonly forceAfterMs?: number;
  /** The process exits this long after the close starts, closed or not (exit code 1 then). */
  readonly hardLimitMs?: number;
}

/** Closes idle keep-alive connections until the server is closed, then every connection left after `forceAfterMs`. */
export function closeConnectionsWhileClosing(http: HttpServer, forceAfterMs: number): () => void {
  const idle = setInterval(() => http.closeIdleConnections(), 100);
  const force = setTimeout(() => http.closeAllConnections(), forceAfterMs);
  idle.unref();
  force.unref();
  return () => {
    clearInterval(idle);
    clearTimeout(force);
  };
}

export function stopNode(options: StopOptions): void {
  const { server, logger } = options;
  server.probes.drain();
  if (options.drainSeconds > 0) logger.info("draining", { seconds: options.drainSeconds });
  setTimeout(() => {
    const hard = setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting anyway", { limitMs: options.hardLimitMs ?? 10_000 });
      options.exit(1);
    }, options.hardLimitMs ?? 10_000);
    hard.unref();
    const stopClosing = closeConnectionsWhileClosing(server.http, options.forceAfterMs ?? 3000);
    server
      .close()
      .then(() => options.after?.())
      .then(
        () => options.exit(0),
        (error: unknown) => {
          logger.error("shutdown failed", { error: error instanceof Error ? error.message : String(error) });
          options.exit(1);
        },
      )
      .finally(stopClosing);
  }, options.drainSeconds * 1000);
}
