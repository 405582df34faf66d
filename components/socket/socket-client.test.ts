/**
 * `send` against a real Socket.IO server: a command given while the connection is still being made waits for it and
 * is answered; one whose connection does not come in time is refused unsent, and never reaches the server later.
 * `openSocket` shares one connection among its handles: a late "connect" listener is still called, a handle's close
 * takes only its own listeners off and leaves what it entered, and the last close closes the connection.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientSocket, openSocket, retryAfterRefusal, send, whenConnected } from "./socket-client";
import { socketHolders } from "./shared-socket";

let http: HttpServer;
let url: string;
const received: string[] = [];
let connections = 0;

beforeAll(async () => {
  http = createServer();
  const server = new Server(http);
  server.on("connection", (socket) => {
    connections++;
    socket.on("lobby:list", (_payload: unknown, ack: (reply: unknown) => void) => {
      received.push("lobby:list");
      ack({ ok: true, openMatches: [] });
    });
    for (const command of ["queue:join", "queue:leave", "match:watch", "match:unwatch"]) {
      socket.on(command, (payload: unknown, ack: (reply: unknown) => void) => {
        received.push(`${command} ${JSON.stringify(payload)}`);
        ack({ ok: true, rating: 1500, window: 50 });
      });
    }
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

const client = (): ClientSocket => io(url, { autoConnect: false, transports: ["websocket"], reconnection: false }) as ClientSocket;

describe("send", () => {
  it("waits for a connection being made, then is answered", async () => {
    received.length = 0;
    const socket = client();
    try {
      socket.connect();
      expect(socket.connected).toBe(false);
      const reply = await send(socket, "lobby:list", {});
      expect(reply).toEqual({ ok: true, openMatches: [] });
      expect(received).toEqual(["lobby:list"]);
    } finally {
      socket.disconnect();
    }
  });

  it("gives up unsent when no connection comes in time, and the command never arrives later", async () => {
    received.length = 0;
    const socket = client();
    try {
      const reply = await send(socket, "lobby:list", {}, 150);
      expect(reply).toEqual({ ok: false, code: "ERR_NO_ANSWER" });
      socket.connect();
      expect(await whenConnected(socket, 5_000)).toBe(true);
      // A round trip after connecting: anything buffered would have arrived before its answer.
      expect(await send(socket, "lobby:list", {})).toEqual({ ok: true, openMatches: [] });
      expect(received).toEqual(["lobby:list"]);
    } finally {
      socket.disconnect();
    }
  });

  it("whenConnected answers at once for a connected socket and false after its wait otherwise", async () => {
    const socket = client();
    try {
      expect(await whenConnected(socket, 50)).toBe(false);
      socket.connect();
      expect(await whenConnected(socket, 5_000)).toBe(true);
      expect(await whenConnected(socket, 0)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});

describe("retryAfterRefusal", () => {
  /** A server whose middleware refuses the first `refusals` handshakes with `code`, then lets them in. */
  async function refusingServer(code: string, refusals: number): Promise<{ url: string; tries: () => number; close: () => Promise<void> }> {
    const server = createServer();
    const sockets = new Server(server);
    let tries = 0;
    sockets.use((_socket, next) => (++tries <= refusals ? next(new Error(code)) : next()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      tries: () => tries,
      close: async () => {
        await sockets.close();
      },
    };
  }

  it.each([
    { when: "connects again after a refusal that passes (a killed node's places in the caps), with the delay backing off", code: "ERR_TOO_MANY_CONNECTIONS", refusals: 2, waitMs: 5000, connects: true, tries: 3 },
    { when: "leaves a refusal that does not pass final (without it Socket.IO gives up after any refusal)", code: "ERR_UNAUTHORIZED", refusals: 1, waitMs: 500, connects: false, tries: 1 },
  ])("$when", async ({ code, refusals, waitMs, connects, tries }) => {
    const server = await refusingServer(code, refusals);
    const socket = io(server.url, { transports: ["websocket"] }) as ClientSocket;
    try {
      retryAfterRefusal(socket, { firstMs: 20, maxMs: 100 });
      expect(await whenConnected(socket, waitMs)).toBe(connects);
      expect(server.tries()).toBe(tries);
    } finally {
      socket.close();
      await server.close();
    }
  });
});

describe("openSocket", () => {
  const connectTo = () => io(url, { transports: ["websocket"], reconnection: false }) as ClientSocket;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("gives every holder a handle on one connection, and calls a late holder's connect listener", async () => {
    const before = connections;
    const first = openSocket(901, connectTo);
    const second = openSocket(901, connectTo);
    try {
      expect(await whenConnected(first, 5_000)).toBe(true);
      let connected = 0;
      const third = openSocket(901, connectTo);
      third.on("connect", () => connected++);
      await tick();
      expect(connected).toBe(1);
      third.close();
      expect(connections - before).toBe(1);
      expect(socketHolders(901)).toBe(2);
      expect(second.connected).toBe(true);
      expect(await send(second, "lobby:list", {})).toEqual({ ok: true, openMatches: [] });
    } finally {
      first.close();
      second.close();
    }
    expect(socketHolders(901)).toBe(0);
    expect(first.connected).toBe(false);
  });

  it("takes a closed handle's listeners off, and leaves what it entered while others still hold the connection", async () => {
    received.length = 0;
    const page = openSocket(902, connectTo);
    const lobby = openSocket(902, connectTo);
    try {
      const heard: string[] = [];
      lobby.on("lobby:changed", () => heard.push("lobby"));
      page.on("lobby:changed", () => heard.push("page"));
      expect((await send(lobby, "queue:join", { matchLength: 3, rated: false })).ok).toBe(true);
      expect((await send(lobby, "match:watch", { matchId: "abcdef" })).ok).toBe(true);
      expect((await send(lobby, "match:unwatch", { matchId: "abcdef" })).ok).toBe(true);
      lobby.close();
      lobby.close();
      await send(page, "lobby:list", {});
      // The queue is left (the lobby's own socket would have left it by closing); the match was left already.
      expect(received).toEqual(['queue:join {"matchLength":3,"rated":false}', 'match:watch {"matchId":"abcdef"}', 'match:unwatch {"matchId":"abcdef"}', "queue:leave {}", "lobby:list"]);
      expect(page.listeners("lobby:changed")).toHaveLength(1);
      expect(heard).toEqual([]);
    } finally {
      page.close();
    }
  });

  it("connects again for a new holder after the last one closed", async () => {
    const first = openSocket(903, connectTo);
    expect(await whenConnected(first, 5_000)).toBe(true);
    first.close();
    const again = openSocket(903, connectTo);
    try {
      expect(await whenConnected(again, 5_000)).toBe(true);
      expect(first.connected).toBe(false);
    } finally {
      again.close();
    }
  });
});
