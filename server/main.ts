/**
 * The one entry point: an HTTP server on one port that serves Next.js (app router) pages and the Socket.IO endpoint.
 *
 * @example
 *   PORT=3000 npx tsx server/main.ts            # development (Next dev server)
 *   NODE_ENV=production npx tsx server/main.ts  # after `next build`; `npm start` does both
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import next from "next";
import { Server as SocketServer } from "socket.io";
import { parseEnv, type Env } from "./config/env";
import { handleHealth, type HealthCheck } from "./http/health";
import { createLogger, type Logger } from "./log";

export interface AppServer {
  readonly url: string;
  readonly port: number;
  readonly http: HttpServer;
  readonly io: SocketServer;
  close(): Promise<void>;
}

export interface AppServerOptions {
  readonly env: Env;
  readonly logger?: Logger;
  /** Serve Next.js pages too. Socket-only integration tests leave it off to start in milliseconds. */
  readonly withNext?: boolean;
  readonly healthChecks?: readonly HealthCheck[];
}

export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const startedAt = Date.now();
  const dev = env.NODE_ENV !== "production";

  let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;
  const httpServer = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?", 1)[0];
    if (pathname === "/api/health" && req.method === "GET") {
      void handleHealth(req, res, options.healthChecks ?? [], startedAt);
      return;
    }
    if (!nextHandler) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "ERR_NOT_FOUND", message: "No such route." }));
      return;
    }
    nextHandler(req, res).catch((error: unknown) => {
      logger.error("request failed", { path: pathname, error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal server error");
    });
  });

  if (options.withNext ?? true) {
    const app = next({ dev, dir: process.cwd(), httpServer, port: env.PORT, hostname: env.HOST });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  }

  const io = new SocketServer(httpServer, { path: "/socket.io", serveClient: false, maxHttpBufferSize: 64 * 1024 });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, env.HOST, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info("server listening", { url, mode: dev ? "development" : "production" });

  return {
    url,
    port,
    http: httpServer,
    io,
    close: async () => {
      await io.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

export async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const server = await createAppServer({ env });
  const shutdown = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`Fairgammon failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
