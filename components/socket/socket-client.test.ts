/**
 * `send` against a real Socket.IO server: a command given while the connection is still being made waits for it and
 * is answered; one whose connection does not come in time is refused unsent, and never reaches the server later.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientSocket, retryAfterRefusal, send, whenConnected } from "./socket-client";

let http: HttpServer;
let url: string;
const received: string[] = [];

beforeAll(async () => {
  http = createServer();
  const server = new Server(http);
  server.on("connection", (socket) => {
    socket.on("lobby:list", (_payload: unknown, ack: (reply: unknown) => void) => {
      received.push("lobby:list");
      ack({ ok: true, challenges: [] });
    });
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
      expect(reply).toEqual({ ok: true, challenges: [] });
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
      expect(await send(socket, "lobby:list", {})).toEqual({ ok: true, challenges: [] });
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

  it("connects again after a refusal that passes (a killed node's places in the caps), with the delay backing off", async () => {
    const server = await refusingServer("ERR_TOO_MANY_CONNECTIONS", 2);
    const socket = io(server.url, { transports: ["websocket"] }) as ClientSocket;
    try {
      retryAfterRefusal(socket, { firstMs: 20, maxMs: 100 });
      expect(await whenConnected(socket, 5000)).toBe(true);
      expect(server.tries()).toBe(3);
    } finally {
      socket.close();
      await server.close();
    }
  });

  it("leaves a refusal that does not pass final (without it Socket.IO gives up after any refusal)", async () => {
    const server = await refusingServer("ERR_UNAUTHORIZED", 1);
    const socket = io(server.url, { transports: ["websocket"] }) as ClientSocket;
    try {
      retryAfterRefusal(socket, { firstMs: 20, maxMs: 100 });
      expect(await whenConnected(socket, 500)).toBe(false);
      expect(server.tries()).toBe(1);
    } finally {
      socket.close();
      await server.close();
    }
  });
});
