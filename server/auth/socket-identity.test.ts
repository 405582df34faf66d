import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { Server as SocketServer } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { createUser } from "@/server/db/users";
import type { Actor } from "@/server/socket/socket-types";
import { parseCookieHeader } from "./session-user";
import { socketIdentity } from "./socket-identity";
import { setRole } from "./user-writes";

const SECRET = "test-secret-for-socket-identity-0123456789";

/** A real Socket.IO server whose handshake middleware is `identify`, answering "whoami" with the actor it found. */
async function startServer(identify: ReturnType<typeof socketIdentity>): Promise<{ url: string; close(): Promise<void> }> {
  const http: HttpServer = createServer();
  const io = new SocketServer(http);
  io.use((socket, next) => {
    identify(socket.request).then(
      (actor) => {
        socket.data.actor = actor;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on("connection", (socket) => socket.on("whoami", (ack: (actor: Actor | null) => void) => ack(socket.data.actor as Actor | null)));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, close: () => io.close().then(() => undefined) };
}

/** Connects with a Cookie header (as a browser sends on the same origin) and asks who the server thinks we are. */
async function whoami(url: string, cookie?: string): Promise<Actor | null> {
  const socket = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: cookie ? { cookie } : {} });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return await socket.timeout(5_000).emitWithAck("whoami");
  } finally {
    socket.disconnect();
  }
}

describe("socketIdentity with a real Socket.IO server and next-auth session cookies", () => {
  let handle: TestDatabase;
  let server: { url: string; close(): Promise<void> };
  let userId: string;
  let guestId: string;
  const sessionCookie = async (sub: string, options: { name?: string; secret?: string; maxAge?: number } = {}) =>
    `${options.name ?? "next-auth.session-token"}=${await encode({ token: { sub, username: "ignored-by-the-server" }, secret: options.secret ?? SECRET, maxAge: options.maxAge })}`;

  beforeAll(async () => {
    handle = await openTestDatabase("sqlite");
    const user = await createUser(handle.db, { username: "sockets-ada", passwordHash: "x" });
    const guest = await createUser(handle.db, { username: "guest-amber-otter-42", isGuest: true });
    if (!user.ok || !guest.ok) throw new Error("fixture users");
    userId = user.value.id;
    guestId = guest.value.id;
    server = await startServer(socketIdentity({ secret: SECRET, db: handle.db }));
  });
  afterAll(async () => {
    await server?.close();
    await handle?.dispose();
  });

  it("knows a signed-in user from the session cookie, with the name and role from the database", async () => {
    expect(await whoami(server.url, `theme=dark; ${await sessionCookie(userId)}`)).toEqual({ id: userId, name: "sockets-ada", isGuest: false, role: "USER" });
  });

  it("reads the https cookie name too", async () => {
    expect(await whoami(server.url, await sessionCookie(guestId, { name: "__Secure-next-auth.session-token" }))).toEqual({
      id: guestId,
      name: "guest-amber-otter-42",
      isGuest: true,
      role: "USER",
    });
  });

  it("sees a role change at the next connection, without a new sign-in", async () => {
    await setRole(handle.db, userId, "ADMIN");
    try {
      expect(await whoami(server.url, await sessionCookie(userId))).toMatchObject({ id: userId, role: "ADMIN" });
    } finally {
      await setRole(handle.db, userId, "USER");
    }
  });

  it("treats as anonymous: no cookie, a forged cookie, another secret's cookie, an expired one, an unknown user", async () => {
    const refused = [
      undefined,
      "next-auth.session-token=forged.not-a-jwe.at-all",
      `next-auth.session-token=${"A".repeat(300)}`,
      await sessionCookie(userId, { secret: "some-other-secret-0123456789abcdef" }),
      await sessionCookie(userId, { maxAge: -60 }),
      await sessionCookie("no-such-user-id"),
      `next-auth.csrf-token=${(await sessionCookie(userId)).split("=")[1]}`, // the right token under the wrong name
    ];
    for (const cookie of refused) expect(await whoami(server.url, cookie)).toBeNull();
  });
});

describe("parseCookieHeader", () => {
  // Expected values follow RFC 6265's cookie-string grammar (name=value pairs separated by "; ").
  const cases: [string, string | undefined, Record<string, string>][] = [
    ["no header", undefined, {}],
    ["two cookies", "a=1; b=2", { a: "1", b: "2" }],
    ["percent-encoding", "a=x%3Dy", { a: "x=y" }],
    ["broken percent-encoding is kept", "a=%E0%A4%A", { a: "%E0%A4%A" }],
    // RFC 6265 section 5.2 keeps the double quotes as part of the value (cookie 1.x does; session tokens never have them).
    ["a quoted value keeps its quotes", 'a="v"', { a: '"v"' }],
    ["an = inside the value", "a=b=c", { a: "b=c" }],
    ["a pair without =", "junk; a=1", { a: "1" }],
    ["the first of duplicates", "a=1; a=2", { a: "1" }],
  ];
  it.each(cases)("%s", (_name, header, expected) => {
    expect(parseCookieHeader(header)).toEqual(expected);
  });
});
