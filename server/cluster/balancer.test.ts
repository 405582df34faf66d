/**
 * The sticky balancer (balancer.ts) in front of two stand-in nodes — plain HTTP servers with a readiness switch and a
 * Socket.IO server each: the first answer sets the sticky cookie and later requests with it stay on that node; a node
 * whose /api/ready fails gets no new requests and its sticky clients move; a node that refuses connections is skipped
 * at once; with no node ready the answer is 503 ERR_UNAVAILABLE; WebSocket upgrades reach the sticky node.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Server as SocketServer } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBalancer, STICKY_COOKIE, type Balancer } from "./balancer";

interface StandIn {
  readonly name: string;
  ready: boolean;
  /** Its readiness check never answers (a busy node). */
  slow?: boolean;
  server: Server;
  url: string;
}

async function standIn(name: string): Promise<StandIn> {
  const node: StandIn = { name, ready: true, server: null as unknown as Server, url: "" };
  node.server = createServer((req, res) => {
    if (req.url === "/api/ready") {
      if (node.slow) return;
      res.writeHead(node.ready ? 200 : 503).end();
      return;
    }
    if (req.url?.startsWith("/socket.io")) return; // Socket.IO answers
    res.writeHead(200, { "content-type": "text/plain" }).end(name);
  });
  const io = new SocketServer(node.server, { transports: ["websocket"] });
  io.on("connection", (socket) => socket.emit("node", name));
  await new Promise<void>((resolve) => node.server.listen(0, "127.0.0.1", () => resolve()));
  node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  return node;
}

let nodes: StandIn[] = [];
let balancer: Balancer | null = null;

async function get(cookie?: string): Promise<{ status: number; body: string; sticky: string | null }> {
  const response = await fetch(`${balancer!.url}/page`, { headers: cookie ? { cookie } : {} });
  const sticky = /fairgammon_node=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? null;
  return { status: response.status, body: await response.text(), sticky };
}

describe("sticky balancer", () => {
  beforeAll(async () => {
    nodes = [await standIn("node1"), await standIn("node2")];
    balancer = await startBalancer({ port: 0, host: "127.0.0.1", nodes: nodes.map(({ name, url }) => ({ name, url })), checkEveryMs: 60_000 });
  });

  afterAll(async () => {
    await balancer?.close();
    for (const node of nodes) node.server.close();
  });

  it("sets the sticky cookie and keeps a client on its node", async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.sticky).toBe(first.body);
    for (let i = 0; i < 5; i++) {
      const again = await get(`${STICKY_COOKIE}=${first.body}`);
      expect(again.body).toBe(first.body);
      expect(again.sticky).toBeNull(); // already set
    }
    // Without the cookie, requests are spread over both nodes.
    const spread = new Set<string>();
    for (let i = 0; i < 4; i++) spread.add((await get()).body);
    expect([...spread].sort()).toEqual(["node1", "node2"]);
  });

  it("proxies WebSocket upgrades to the sticky node", async () => {
    for (const name of ["node1", "node2"]) {
      const socket = connect(balancer!.url, { transports: ["websocket"], extraHeaders: { cookie: `${STICKY_COOKIE}=${name}` } });
      const served = await new Promise<string>((resolve, reject) => {
        socket.once("node", resolve);
        socket.once("connect_error", reject);
      });
      socket.close();
      expect(served).toBe(name);
    }
  });

  it("moves clients off a node that is not ready, and answers 503 when none is", async () => {
    nodes[0]!.ready = false;
    await balancer!.check();
    expect(balancer!.ready()).toEqual(["node2"]);
    const moved = await get(`${STICKY_COOKIE}=node1`);
    expect(moved).toMatchObject({ status: 200, body: "node2", sticky: "node2" });

    nodes[1]!.ready = false;
    await balancer!.check();
    const none = await fetch(`${balancer!.url}/page`);
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ ok: false, code: "ERR_UNAVAILABLE" });

    nodes[0]!.ready = true;
    nodes[1]!.ready = true;
    await balancer!.check();
    expect(balancer!.ready()).toEqual(["node1", "node2"]);
  });

  it("skips a node that refuses connections at once, before its next check, sending the GET that found it to another", async () => {
    const closed = new Promise<void>((resolve) => nodes[0]!.server.close(() => resolve()));
    nodes[0]!.server.closeAllConnections();
    await closed;
    const refused = await get(`${STICKY_COOKIE}=node1`);
    expect(refused).toMatchObject({ status: 200, body: "node2", sticky: "node2" });
    expect(balancer!.ready()).toEqual(["node2"]);
    expect((await get(`${STICKY_COOKIE}=node1`)).body).toBe("node2");
  });
});

describe("readiness checks that time out", () => {
  let slowNodes: StandIn[] = [];
  let slowBalancer: Balancer | null = null;
  beforeAll(async () => {
    slowNodes = [await standIn("node1"), await standIn("node2")];
    slowBalancer = await startBalancer({ port: 0, host: "127.0.0.1", nodes: slowNodes.map(({ name, url }) => ({ name, url })), checkEveryMs: 60_000, checkTimeoutMs: 150 });
  });
  afterAll(async () => {
    await slowBalancer?.close();
    for (const node of slowNodes) node.server.closeAllConnections();
    for (const node of slowNodes) node.server.close();
  });

  it("take a slow node out only after several in a row, and never the last ready node", async () => {
    const [first, second] = slowNodes as [StandIn, StandIn];
    first.slow = true;
    await slowBalancer!.check();
    await slowBalancer!.check();
    expect(slowBalancer!.ready()).toEqual(["node1", "node2"]);
    await slowBalancer!.check();
    expect(slowBalancer!.ready()).toEqual(["node2"]);

    // The survivor is slow too (seen while a killed neighbour restarted): it stays in, and keeps serving.
    second.slow = true;
    for (let i = 0; i < 5; i++) await slowBalancer!.check();
    expect(slowBalancer!.ready()).toEqual(["node2"]);
    const served = await fetch(`${slowBalancer!.url}/page`);
    expect([served.status, await served.text()]).toEqual([200, "node2"]);

    // A node that answers "not ready" is still taken out at once, last or not.
    second.slow = false;
    second.ready = false;
    await slowBalancer!.check();
    expect(slowBalancer!.ready()).toEqual([]);
  });
});
