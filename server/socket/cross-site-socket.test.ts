/**
 * Cross-site WebSocket hijacking, as it was done: a page on another port of the same host (the same *site*, so the
 * SameSite=Lax session cookie goes along) opened a socket as the signed-in user, created a private match and read its
 * invite token. Every Engine.IO request is now checked against the site's own origins before any command runs
 * (server/http/site-origin.ts); browsers cannot forge Origin, and clients that are not pages (the bots, the CLI)
 * send none and keep working.
 */
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type Ack } from "@/lib/protocol";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;
let victim: { id: string; cookie: string };

beforeAll(async () => {
  // The victim creates a match in several tests: more than the default waiting-match cap.
  t = await startTestServer({ limits: { waitingMatchesPerUser: 100 } });
  victim = await t.user();
});
afterAll(() => t?.close());

function open(headers: Record<string, string>, transport: "websocket" | "polling"): Promise<Socket | string> {
  const socket = io(t.url, { transports: [transport], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: headers, reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

const create = (socket: Socket) => socket.timeout(5000).emitWithAck("lobby:create", { matchLength: 1, color: "white", visibility: "private" }) as Promise<Ack>;
const host = () => new URL(t.url).host; // 127.0.0.1:<port>

describe.each(["websocket", "polling"] as const)("a socket over %s", (transport) => {
  it.each([
    ["another port of the same host", () => `http://${new URL(t.url).hostname}:${Number(new URL(t.url).port) + 1}`],
    ["another host", () => "https://evil.test"],
    ["a sandboxed frame (Origin: null)", () => "null"],
    ["garbage", () => "not a url"],
  ])("from %s is refused before any command, with the victim's cookie", async (_name, origin) => {
    const before = await t.db.prisma.match.count();
    const socket = await open({ cookie: victim.cookie, origin: origin() }, transport);
    expect(socket).toBeTypeOf("string"); // the connect error, not a socket
    expect(await t.db.prisma.match.count()).toBe(before);
  });

  it("from a cross-site page without Origin but with Fetch Metadata saying so is refused", async () => {
    expect(await open({ cookie: victim.cookie, "sec-fetch-site": "cross-site" }, transport)).toBeTypeOf("string");
  });

  it("from the site's own page works", async () => {
    const socket = await open({ cookie: victim.cookie, origin: `http://${host()}` }, transport);
    if (typeof socket === "string") throw new Error(socket);
    const reply = await create(socket);
    expect(reply.ok).toBe(true);
    socket.close();
  });

  it("from a client that is not a page (no Origin: the bots, the CLI) works", async () => {
    const socket = await open({ cookie: victim.cookie }, transport);
    if (typeof socket === "string") throw new Error(socket);
    expect((await create(socket)).ok).toBe(true);
    socket.close();
  });
});
