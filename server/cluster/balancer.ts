/**
 * A sticky HTTP and WebSocket load balancer for a local cluster of server nodes (scripts/start-cluster.ts), built on
 * http-proxy-3. What it does is what nginx or HAProxy do in a real deployment (README, "Several server nodes"):
 *
 * - Sticky sessions: the first answer sets the cookie `fairgammon_node` naming the node that served it, and later
 *   requests carrying it go back to that node. Socket.IO needs this when it falls back to HTTP long-polling (each poll
 *   must reach the node holding the session); a WebSocket stays on its node by itself.
 * - Readiness: every `checkEveryMs` each node's GET /api/ready is asked; a node that answers anything but 200 (its
 *   database is gone, it is draining after SIGTERM) gets no new requests. A node that refuses a connection is marked
 *   down at once, and a sticky client is moved to a ready node. A check that only *times out* says the node is slow
 *   (a busy event loop, a neighbour restarting on the same machine), not that it is gone: it takes a node out after
 *   `timeoutsToFail` in a row, and never the last ready node — answering slowly beats answering 503 to everyone.
 * - WebSocket upgrades are proxied (Socket.IO's transport); when a node dies its sockets close, and the clients'
 *   reconnects land on a node that is up.
 *
 * @example
 *   const balancer = await startBalancer({ port: 3000, nodes: [{ name: "node1", url: "http://127.0.0.1:3001" }] });
 *   await balancer.close();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { parse as parseCookie } from "cookie";
import { createProxyServer } from "http-proxy-3";
import type { Failure } from "@/lib/protocol";
import { fail } from "@/server/socket/failure";

export const STICKY_COOKIE = "fairgammon_node";

export interface BalancedNode {
  /** Stored in the sticky cookie: letters, digits, "-" and "_". */
  readonly name: string;
  readonly url: string;
}

export interface BalancerOptions {
  readonly port: number;
  readonly host?: string;
  readonly nodes: readonly BalancedNode[];
  readonly checkEveryMs?: number;
  readonly checkTimeoutMs?: number;
  /** Consecutive timed-out checks that take a node out (default 3); never the last ready node. */
  readonly timeoutsToFail?: number;
  readonly log?: (line: string) => void;
}

export interface Balancer {
  readonly url: string;
  readonly port: number;
  /** The names of the nodes that passed their last readiness check. */
  ready(): string[];
  /** Asks every node's /api/ready now (the periodic check does the same). */
  check(): Promise<void>;
  close(): Promise<void>;
}

interface NodeState extends BalancedNode {
  ready: boolean;
  /** Readiness checks in a row that timed out. */
  timeouts: number;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  for (const node of options.nodes) if (!NAME.test(node.name)) throw new Error(`balancer: bad node name "${node.name}"`);
  const log = options.log ?? (() => {});
  const nodes: NodeState[] = options.nodes.map((node) => ({ ...node, ready: false, timeouts: 0 }));
  const byName = new Map(nodes.map((node) => [node.name, node]));
  let turn = 0;
  // xfwd: the nodes (run with TRUST_PROXY=true) see the client's address in X-Forwarded-For, for their rate limits.
  const proxy = createProxyServer({ xfwd: true, ws: true });

  function setReady(node: NodeState, ready: boolean, why: string): void {
    if (node.ready === ready) return;
    node.ready = ready;
    log(`${node.name} ${ready ? "ready" : `not ready (${why})`}`);
  }

  /** The node a request goes to: its sticky node if that one is ready, else the next ready one in turn. */
  function pick(req: IncomingMessage): NodeState | null {
    const sticky = byName.get(parseCookie(req.headers.cookie ?? "")[STICKY_COOKIE] ?? "");
    if (sticky?.ready) return sticky;
    const ready = nodes.filter((node) => node.ready);
    if (ready.length === 0) return null;
    return ready[turn++ % ready.length]!;
  }

  proxy.on("proxyRes", (proxyRes, req) => {
    const chosen = (req as IncomingMessage & { fairgammonNode?: string }).fairgammonNode;
    if (!chosen) return;
    if (parseCookie(req.headers.cookie ?? "")[STICKY_COOKIE] === chosen) return;
    const existing = proxyRes.headers["set-cookie"] ?? [];
    proxyRes.headers["set-cookie"] = [...existing, `${STICKY_COOKIE}=${chosen}; Path=/; HttpOnly; SameSite=Lax`];
  });

  // A node that refuses or drops a connection: marked down until its readiness check passes again. A refused GET or
  // WebSocket upgrade (nothing of it reached the node, no body to replay) is sent once more, to another ready node.
  proxy.on("error", (error, req, target) => {
    const tagged = req as IncomingMessage & { fairgammonNode?: string; fairgammonRetried?: boolean; fairgammonHead?: Buffer };
    const name = tagged.fairgammonNode;
    const node = name ? byName.get(name) : undefined;
    const code = (error as NodeJS.ErrnoException).code ?? error.message;
    if (node && (code === "ECONNREFUSED" || code === "ECONNRESET")) setReady(node, false, code);
    const isResponse = target instanceof Object && "writeHead" in target;
    if (code === "ECONNREFUSED" && !tagged.fairgammonRetried && (!isResponse || req.method === "GET" || req.method === "HEAD")) {
      const next = pick(req);
      if (next && target && !(isResponse && (target as ServerResponse).headersSent)) {
        tagged.fairgammonRetried = true;
        tagged.fairgammonNode = next.name;
        if (isResponse) proxy.web(req, target as ServerResponse, { target: next.url });
        else proxy.ws(req, target as Socket, tagged.fairgammonHead, { target: next.url });
        return;
      }
    }
    if (isResponse) {
      const res = target as ServerResponse;
      if (!res.headersSent) unavailable(res, fail("ERR_UNAVAILABLE", { reason: "nodeFailed", node: name ?? "?", cause: String(code) }));
      else res.end();
    } else if (target) {
      (target as Socket).destroy();
    }
  });

  const server: Server = createServer((req, res) => {
    const node = pick(req);
    if (!node) return unavailable(res, fail("ERR_UNAVAILABLE", { reason: "noNode" }));
    (req as IncomingMessage & { fairgammonNode?: string }).fairgammonNode = node.name;
    proxy.web(req, res, { target: node.url });
  });
  // Upgraded sockets leave the HTTP server's books: closing the balancer ends them itself.
  const upgraded = new Set<Socket>();
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    const node = pick(req);
    if (!node) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    Object.assign(req, { fairgammonNode: node.name, fairgammonHead: head });
    socket.on("error", () => socket.destroy());
    proxy.ws(req, socket, head, { target: node.url });
  });

  const timeoutMs = options.checkTimeoutMs ?? 1500;
  async function checkNode(node: NodeState): Promise<void> {
    try {
      const response = await fetch(`${node.url}/api/ready`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      node.timeouts = 0;
      setReady(node, response.status === 200, `/api/ready answered ${response.status}`);
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      node.timeouts = timedOut ? node.timeouts + 1 : 0;
      if (timedOut && node.ready) {
        const lastReady = nodes.every((other) => other === node || !other.ready);
        if (lastReady || node.timeouts < (options.timeoutsToFail ?? 3)) {
          log(`${node.name} slow (/api/ready timed out ${node.timeouts}× in a row); kept${lastReady ? ": it is the last ready node" : ""}`);
          return;
        }
      }
      setReady(node, false, (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message);
    }
  }
  const check = () => Promise.all(nodes.map(checkNode)).then(() => undefined);
  await check();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, options.checkEveryMs ?? 1000);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "localhost";
  return {
    url: `http://${host}:${port}`,
    port,
    ready: () => nodes.filter((node) => node.ready).map((node) => node.name),
    check,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}

/** No node can answer: a Failure as the socket protocol has it (code, values and the English sentence). */
function unavailable(res: ServerResponse, failure: Failure): void {
  res.writeHead(503, { "content-type": "application/json", "cache-control": "no-store", "retry-after": "1" });
  res.end(JSON.stringify(failure));
}
