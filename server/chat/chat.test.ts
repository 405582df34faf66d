/**
 * Chat over real sockets, attacked as an outsider would: hostile text, someone else's match, a private match's
 * stranger, a visitor without a session, a guest in the lobby, a flood (from one account, and from many accounts on
 * one address), malformed payloads. Messages are stored before anyone sees them and come back after a reload; mutes
 * hide a user everywhere; reports reach the admin view.
 */
import { io, type ManagerOptions, type Socket as ClientSocket, type SocketOptions } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type Ack, type CommandReplies } from "@/lib/protocol";
import { ACTION_RULES } from "@/server/action-limits";
import { CLIENT_ADDRESS_HEADER } from "@/server/auth/client-address";
import { guestSessionCookie } from "@/tests/support/session";
import { matchInPlay } from "@/tests/support/match-in-play";
import { closePageSockets, pageSocket } from "@/tests/support/page-socket";
import { startTestServer, useTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { reportedMessages } from "./chat-store";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, limits: { waitingMatchesPerUser: 50 } });
});
afterAll(async () => {
  closePageSockets();
  await t.close();
});

/** A page's socket that keeps the chat messages it hears. */
async function client(cookie?: string) {
  const page = await pageSocket(t.url, cookie, ["chat:message"]);
  return { ...page, heard: page.heard("chat:message") };
}

describe("the lobby's chat", () => {
  it("stores a message before it is shown, shows it as text, and gives it back after a reload", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await client(ada.cookie);
    const b = await client(bob.cookie);
    expect(await a.send("chat:join", { channel: "lobby" })).toMatchObject({ ok: true, canWrite: true });
    expect(await b.send("chat:join", { channel: "lobby" })).toMatchObject({ ok: true, canWrite: true });
    const hostile = "<img src=x onerror=alert(1)>\n\u202Egl hf";
    const sent = await a.send("chat:send", { channel: "lobby", text: hostile });
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.message).toMatchObject({ channel: "lobby", author: { id: ada.id, name: ada.name }, text: "<img src=x onerror=alert(1)> gl hf" });
    await waitFor(() => b.heard.some((m) => m.id === sent.message.id), "bob to hear ada");
    expect(a.heard).toEqual([]); // the sender has it in the answer, not twice
    const stored = await t.db.prisma.chatMessage.findUnique({ where: { id: sent.message.id } });
    expect(stored?.text).toBe(sent.message.text);
    const again = await client(bob.cookie);
    const reloaded = await again.send("chat:join", { channel: "lobby" });
    expect(reloaded.ok && reloaded.messages.map((m) => m.id)).toContain(sent.message.id);
  });

  it("is read by visitors and guests, and written only with an account", async () => {
    const visitor = await client();
    expect(await visitor.send("chat:join", { channel: "lobby" })).toMatchObject({ ok: true, canWrite: false, muted: [] });
    expect(await visitor.send("chat:send", { channel: "lobby", text: "hi" })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED", values: { reason: "chat" } });
    const guest = await client(await guestSessionCookie(t.db));
    expect(await guest.send("chat:join", { channel: "lobby" })).toMatchObject({ ok: true, canWrite: false });
    expect(await guest.send("chat:send", { channel: "lobby", text: "hi" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "guest" } });
  });

  it("refuses empty, too long and malformed messages, and stores none of them", async () => {
    const user = await t.user();
    const c = await client(user.cookie);
    const before = await t.db.prisma.chatMessage.count();
    expect(await c.send("chat:send", { channel: "lobby", text: " \u200B\n " })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "empty" } });
    expect(await c.send("chat:send", { channel: "lobby", text: "x".repeat(281) })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "tooLong", max: 280 } });
    for (const payload of [{ channel: "lobby", text: 5 }, { channel: "lobby", text: "x".repeat(5000) }, { channel: "lobby", text: "hi", html: true }, { channel: "x".repeat(200), text: "hi" }, null]) {
      expect(await c.send("chat:send", payload as never)).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD" });
    }
    expect(await c.send("chat:send", { channel: "admins", text: "hi" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "channel" } });
    expect(await t.db.prisma.chatMessage.count()).toBe(before);
  });

  it("holds a flood from one user to a burst, over all their sockets", async () => {
    const user = await t.user();
    const [one, two] = [await client(user.cookie), await client(user.cookie)];
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await (i % 2 === 0 ? one : two).send("chat:send", { channel: "lobby", text: `spam ${i}` }));
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "chat" } });
    expect(await t.db.prisma.chatMessage.count({ where: { authorId: user.id } })).toBe(5);
    // Someone else still talks.
    const other = await client((await t.user()).cookie);
    expect((await other.send("chat:send", { channel: "lobby", text: "still here" })).ok).toBe(true);
  });
});

describe("a flood from many accounts on one address", () => {
  // A server of its own: every test connects from 127.0.0.1, and this one uses up the address's messages.
  const own = useTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });

  /** A signed-in page's socket connecting from `localAddress` (any 127.x address is this machine). */
  async function from(localAddress: string, options: { transport?: "websocket" | "polling"; headers?: Record<string, string> } = {}) {
    const user = await own().user();
    const socket = io(own().url, {
      transports: [options.transport ?? "websocket"],
      auth: { protocol: PROTOCOL_VERSION },
      extraHeaders: { ...options.headers, cookie: user.cookie },
      localAddress,
      reconnection: false,
      forceNew: true,
    } as Partial<ManagerOptions & SocketOptions>);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    sockets.push(socket);
    return { user, say: (text: string) => socket.timeout(5000).emitWithAck("chat:send", { channel: "lobby", text }) as Promise<Ack<CommandReplies["chat:send"]>> };
  }
  const sockets: ClientSocket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  it("holds the address to its limit whoever's accounts write, and leaves other addresses alone", async () => {
    const perAccount = ACTION_RULES.burst.limit;
    const accounts = [];
    for (let i = 0; i < Math.ceil(ACTION_RULES.addressBurst.limit / perAccount) + 1; i++) accounts.push(await from("127.0.0.1"));
    const answers = [];
    // Each fresh account stays within its own limit: only the address can stop them.
    for (const account of accounts) for (let i = 0; i < perAccount; i++) answers.push(await account.say(`flood ${i}`));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(ACTION_RULES.addressBurst.limit);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "chat" } });
    // Nor over long polling, nor by naming another address in the header the server stamps.
    for (const late of [await from("127.0.0.1"), await from("127.0.0.1", { transport: "polling" }), await from("127.0.0.1", { headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.9", "x-forwarded-for": "198.51.100.9" } })]) {
      expect(await late.say("one more")).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "chat" } });
    }
    expect(await own().db.prisma.chatMessage.count({ where: { channel: "lobby" } })).toBe(ACTION_RULES.addressBurst.limit);
    // Someone on another address still talks.
    const elsewhere = await from("127.0.0.2");
    expect(await elsewhere.say("still here")).toMatchObject({ ok: true, message: { author: { id: elsewhere.user.id } } });
  });
});

describe("a match's chat", () => {
  it("keeps the players' channel to the players, and lets spectators talk in theirs", async () => {
    const { matchId, whiteUser, blackUser, white, black } = await matchInPlay(t);
    white.close();
    black.close();
    const [w, b] = [await client(whiteUser.cookie), await client(blackUser.cookie)];
    const watcherUser = await t.user();
    const watcher = await client(watcherUser.cookie);
    const players = `match:${matchId}:players`;
    const spectators = `match:${matchId}:spectators`;
    expect(await w.send("chat:join", { channel: players })).toMatchObject({ ok: true, canWrite: true });
    expect(await b.send("chat:join", { channel: players })).toMatchObject({ ok: true, canWrite: true });
    expect(await w.send("chat:join", { channel: spectators })).toMatchObject({ ok: true, canWrite: false });
    expect(await b.send("chat:join", { channel: spectators })).toMatchObject({ ok: true, canWrite: false });
    expect(await watcher.send("chat:join", { channel: players })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noRead" } });
    expect(await watcher.send("chat:join", { channel: spectators })).toMatchObject({ ok: true, canWrite: true });

    const said = await w.send("chat:send", { channel: players, text: "good luck" });
    expect(said.ok).toBe(true);
    await waitFor(() => b.heard.some((m) => m.text === "good luck"), "black to hear white");
    expect(await watcher.send("chat:send", { channel: players, text: "psst" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noWrite" } });
    expect(await w.send("chat:send", { channel: spectators, text: "hello room" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noWrite" } });
    const fromRoom = await watcher.send("chat:send", { channel: spectators, text: "nice roll" });
    expect(fromRoom.ok).toBe(true);
    await waitFor(() => w.heard.some((m) => m.text === "nice roll") && b.heard.some((m) => m.text === "nice roll"), "the players to hear the room");
    // The spectator never heard the players.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watcher.heard.map((m) => m.text)).toEqual([]);
  });

  it("answers a private match's stranger exactly as a match that does not exist", async () => {
    const owner = await t.user();
    const o = await client(owner.cookie);
    const created = await o.send("lobby:create", { matchLength: 1, color: "white", visibility: "private" });
    if (!created.ok) throw new Error(created.message);
    const stranger = await client((await t.user()).cookie);
    const hidden = await stranger.send("chat:join", { channel: `match:${created.matchId}:spectators` });
    const missing = await stranger.send("chat:join", { channel: "match:nosuchmatch1:spectators" });
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await stranger.send("chat:send", { channel: `match:${created.matchId}:spectators`, text: "hi" })).toEqual(missing);
    // With the invite link, the spectators' channel opens.
    expect(await stranger.send("chat:join", { channel: `match:${created.matchId}:spectators`, inviteToken: created.inviteToken! })).toMatchObject({ ok: true });
  });
});

describe("mutes and reports", () => {
  it("hides a muted user's messages from the history, is saved, and can be undone", async () => {
    const [rude, reader] = [await t.user(), await t.user()];
    const r = await client(rude.cookie);
    const said = await r.send("chat:send", { channel: "lobby", text: "rude words" });
    if (!said.ok) throw new Error(said.message);
    const me = await client(reader.cookie);
    expect(await me.send("chat:mute", { userId: rude.id, muted: true })).toEqual({ ok: true, muted: [rude.id] });
    const later = await client(reader.cookie);
    const joined = await later.send("chat:join", { channel: "lobby" });
    expect(joined.ok && joined.muted).toEqual([rude.id]);
    expect(joined.ok && joined.messages.some((m) => m.id === said.message.id)).toBe(false);
    expect(await me.send("chat:mute", { userId: reader.id, muted: true })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "muteSelf" } });
    expect(await me.send("chat:mute", { userId: "nosuchuser", muted: true })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noUser" } });
    expect(await me.send("chat:mute", { userId: rude.id, muted: false })).toEqual({ ok: true, muted: [] });
  });

  it("takes a report once per reader, only of a message they could read, and shows it to administrators", async () => {
    const { matchId, whiteUser, blackUser, white, black } = await matchInPlay(t);
    white.close();
    black.close();
    const w = await client(whiteUser.cookie);
    const b = await client(blackUser.cookie);
    const said = await w.send("chat:send", { channel: `match:${matchId}:players`, text: "you are bad" });
    if (!said.ok) throw new Error(said.message);
    expect(await b.send("chat:report", { messageId: said.message.id })).toEqual({ ok: true });
    expect(await b.send("chat:report", { messageId: said.message.id })).toEqual({ ok: true });
    expect(await w.send("chat:report", { messageId: said.message.id })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "reportSelf" } });
    const outsider = await client((await t.user()).cookie);
    const unreadable = await outsider.send("chat:report", { messageId: said.message.id });
    expect(unreadable).toEqual(await outsider.send("chat:report", { messageId: "nosuchmessage" }));
    expect(unreadable).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noMessage" } });
    expect(await (await client()).send("chat:report", { messageId: said.message.id })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    const reports = await reportedMessages(t.db, 1);
    const entry = reports.items.find((item) => item.message.id === said.message.id);
    expect(entry).toMatchObject({ reports: 1, reporters: [blackUser.name], message: { text: "you are bad", author: { name: whiteUser.name } } });
  });
});
