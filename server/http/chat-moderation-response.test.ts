/**
 * The chat moderation desk's route (app/api/admin/chat) over a real server, attacked as an outsider would: no
 * session, a player's or a guest's session, another site's page, a form post, hostile bodies, unknown ids, a flood.
 * What an administrator does takes effect for everyone: a hidden message leaves every connected page at once and
 * every history; a muted or banned user is refused at every send, on another node too (the sanction is in the
 * database); each change is in the audit trail once, however often it is asked. The store's idempotence under
 * concurrent requests runs on every test database (PostgreSQL with TEST_POSTGRES_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/admin/chat/route";
import { moderateChat } from "@/server/chat/chat-moderation";
import { registerChatRooms } from "@/server/chat/chat-rooms";
import { chatHistory, reportedMessages, reportMessage, saveChatMessage } from "@/server/chat/chat-store";
import type { Db } from "@/server/db/client";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser } from "@/server/db/test-fixtures";
import { guestSessionCookie } from "@/tests/support/session";
import { closePageSockets, pageSocket } from "@/tests/support/page-socket";
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

let t: TestServer;
let admin: { id: string; name: string; cookie: string };

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
  // The route handler reads the session with the site's secret and the process's database (getDb): the test server's.
  process.env.NEXTAUTH_SECRET = TEST_AUTH_SECRET;
  (globalThis as { __fairgammonDb?: Db }).__fairgammonDb = t.db;
  admin = await t.user(undefined, "ADMIN");
});
afterAll(async () => {
  closePageSockets();
  await t.close();
});

const SITE = "http://localhost:3000";
const sameSite = { host: "localhost:3000", origin: SITE, "content-type": "application/json" };

function moderate(body: unknown, cookie: string | null = admin.cookie, headers: Record<string, string> = sameSite): Promise<Response> {
  const request = new Request(`${SITE}/api/admin/chat`, { method: "POST", headers: { ...headers, ...(cookie ? { cookie } : {}) }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return POST(request, undefined);
}

async function moderated(body: unknown): Promise<{ action: string; changed: boolean }> {
  const answer = await moderate(body);
  expect(answer.status, JSON.stringify(body)).toBe(200);
  return (await answer.json()) as { action: string; changed: boolean };
}

async function client(cookie?: string) {
  const page = await pageSocket(t.url, cookie, ["chat:message", "chat:removed"]);
  expect(await page.send("chat:join", { channel: "lobby" })).toMatchObject({ ok: true });
  return page;
}

/** A lobby message by a new user, and that user's socket. */
async function said(text: string) {
  const author = await t.user();
  const socket = await client(author.cookie);
  const sent = await socket.send("chat:send", { channel: "lobby", text });
  if (!sent.ok) throw new Error(sent.message);
  return { author, socket, message: sent.message };
}

const auditRows = (action: string) => t.db.prisma.adminAudit.findMany({ where: { adminId: admin.id, action }, orderBy: { id: "asc" } });

describe("a reported message", () => {
  it("hidden: gone at once from every page in its channel and from every history, its report resolved, audited once", async () => {
    const reader = await client((await t.user()).cookie);
    const visitor = await client();
    const { author, message } = await said("buy cheap dice at evil.example");
    const reporter = await client((await t.user()).cookie);
    expect(await reporter.send("chat:report", { messageId: message.id })).toEqual({ ok: true });
    await waitFor(() => reader.heard("chat:message").some((m) => m.id === message.id), "the reader to see it");

    expect(await moderated({ action: "hide", messageId: message.id })).toEqual({ action: "hide", changed: true });
    await waitFor(() => reader.heard("chat:removed").some((r) => r.id === message.id), "the reader to drop it");
    await waitFor(() => visitor.heard("chat:removed").some((r) => r.id === message.id), "the visitor to drop it");
    expect(reader.heard("chat:removed")).toEqual([{ id: message.id, channel: "lobby" }]);

    // Never back: not in a new page's history, not in anyone's, and it cannot be reported again.
    const again = await pageSocket(t.url, author.cookie);
    const history = await again.send("chat:join", { channel: "lobby" });
    expect(history.ok && history.messages.map((m) => m.id)).not.toContain(message.id);
    expect((await chatHistory(t.db, "lobby", null)).map((m) => m.id)).not.toContain(message.id);
    expect(await (await client((await t.user()).cookie)).send("chat:report", { messageId: message.id })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "noMessage" } });

    // The desk shows who hid it and when, and the report as resolved by them.
    const row = (await reportedMessages(t.db, 1)).items.find((item) => item.message.id === message.id)!;
    expect(row).toMatchObject({ open: 0, hidden: { by: admin.name, deleted: false }, closed: { resolution: "resolved", by: admin.name } });
    expect(row.message.text).toBe("buy cheap dice at evil.example"); // kept for the administrators

    // Asked again: nothing changes, nothing is told, the trail has it once.
    expect(await moderated({ action: "hide", messageId: message.id })).toEqual({ action: "hide", changed: false });
    const trail = await auditRows("chat-hide");
    expect(trail.filter((entry) => entry.details?.includes(message.id))).toHaveLength(1);
    expect(JSON.parse(trail.at(-1)!.details!)).toEqual({ messageId: message.id, channel: "lobby", authorId: author.id });
  });

  it("deleted: its text erased for good (the trail does not keep it either), gone live and from history", async () => {
    const reader = await client((await t.user()).cookie);
    const { message } = await said("my phone number is 555-0100");
    expect(await moderated({ action: "delete", messageId: message.id })).toEqual({ action: "delete", changed: true });
    await waitFor(() => reader.heard("chat:removed").some((r) => r.id === message.id), "the reader to drop it");
    const stored = await t.db.prisma.chatMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored).toMatchObject({ text: "", hiddenById: admin.id });
    expect(stored.deletedAt).not.toBeNull();
    expect((await chatHistory(t.db, "lobby", null)).map((m) => m.id)).not.toContain(message.id);
    expect(JSON.stringify(await auditRows("chat-delete"))).not.toContain("555-0100");
    expect(await moderated({ action: "delete", messageId: message.id })).toEqual({ action: "delete", changed: false });
    // A hidden message can still be deleted: its text goes, and nobody is told twice.
    const { message: other } = await said("another one");
    await moderated({ action: "hide", messageId: other.id });
    await waitFor(() => reader.heard("chat:removed").some((r) => r.id === other.id), "the reader to drop the other");
    expect(await moderated({ action: "delete", messageId: other.id })).toEqual({ action: "delete", changed: true });
    expect((await t.db.prisma.chatMessage.findUniqueOrThrow({ where: { id: other.id } })).text).toBe("");
    // A round trip on the reader's socket: anything emitted before it has arrived.
    await reader.send("chat:join", { channel: "lobby" });
    expect(reader.heard("chat:removed").filter((r) => r.id === other.id)).toHaveLength(1);
  });

  it("resolved or dismissed: its open reports closed with who and when; the message stays", async () => {
    const { message } = await said("you play like a bot");
    const { message: second } = await said("gg");
    for (const m of [message, second]) {
      const reporter = await t.user();
      await reportMessage(t.db, m.id, reporter.id);
    }
    expect(await moderated({ action: "dismiss", messageId: message.id })).toEqual({ action: "dismiss", changed: true });
    expect(await moderated({ action: "dismiss", messageId: message.id })).toEqual({ action: "dismiss", changed: false });
    expect(await moderated({ action: "resolve", messageId: second.id })).toEqual({ action: "resolve", changed: true });
    const items = (await reportedMessages(t.db, 1)).items;
    expect(items.find((item) => item.message.id === message.id)).toMatchObject({ open: 0, hidden: null, closed: { resolution: "dismissed", by: admin.name } });
    expect(items.find((item) => item.message.id === second.id)).toMatchObject({ open: 0, closed: { resolution: "resolved", by: admin.name } });
    const closed = await t.db.prisma.chatReport.findFirstOrThrow({ where: { messageId: message.id } });
    expect(closed).toMatchObject({ resolvedById: admin.id, resolution: "dismissed" });
    expect(closed.resolvedAt).toBeInstanceOf(Date);
    expect((await chatHistory(t.db, "lobby", null)).map((m) => m.id)).toContain(message.id);
    // A new report opens it again.
    await reportMessage(t.db, message.id, (await t.user()).id);
    expect((await reportedMessages(t.db, 1)).items.find((item) => item.message.id === message.id)).toMatchObject({ open: 1 });
  });
});

describe("a user muted or banned site-wide", () => {
  let other: TestServer;
  beforeAll(async () => {
    // A second node on the same database.
    other = await startTestServer({ dir: t.dir, keepDir: true, rateLimit: { burst: 1000, perSecond: 1000 } });
  });
  afterAll(async () => {
    await other.close();
    // One server per process in production; here the first one's io tells the rooms again (chat-rooms.ts).
    registerChatRooms(t.server.io);
  });

  it("cannot write anywhere while muted, on any node, with a clear code; then can again once unmuted", async () => {
    const { author, socket } = await said("first");
    const there = await pageSocket(other.url, author.cookie);
    const before = await t.db.prisma.chatMessage.count({ where: { authorId: author.id } });
    expect(await moderated({ action: "mute", userId: author.id, minutes: 60 })).toEqual({ action: "mute", changed: true });
    const muted = await socket.send("chat:send", { channel: "lobby", text: "hello?" });
    expect(muted).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "muted" } });
    expect(!muted.ok && [60, 61]).toContain(!muted.ok && muted.values?.minutes); // the end is on a whole minute
    expect(await there.send("chat:send", { channel: "lobby", text: "from the other node" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "muted" } });
    const refused = await socket.send("chat:send", { channel: "lobby", text: "x" });
    expect(!refused.ok && refused.message).toMatch(/muted you in chat/);
    expect(await t.db.prisma.chatMessage.count({ where: { authorId: author.id } })).toBe(before);
    // The same mute asked again (a double click) is one change; the trail says for how long.
    expect(await moderated({ action: "mute", userId: author.id, minutes: 60 })).toEqual({ action: "mute", changed: false });
    const trail = (await auditRows("chat-mute")).filter((entry) => entry.details?.includes(author.id));
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0]!.details!)).toMatchObject({ userId: author.id, username: author.name, minutes: 60 });

    expect(await moderated({ action: "unmute", userId: author.id })).toEqual({ action: "unmute", changed: true });
    expect(await moderated({ action: "unmute", userId: author.id })).toEqual({ action: "unmute", changed: false });
    expect(await there.send("chat:send", { channel: "lobby", text: "back" })).toMatchObject({ ok: true });
  });

  it("cannot write while banned, until the ban is lifted", async () => {
    const { author, socket } = await said("first");
    expect(await moderated({ action: "ban", userId: author.id })).toEqual({ action: "ban", changed: true });
    expect(await moderated({ action: "ban", userId: author.id })).toEqual({ action: "ban", changed: false });
    expect(await socket.send("chat:send", { channel: "lobby", text: "let me in" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "banned" } });
    const there = await pageSocket(other.url, author.cookie);
    expect(await there.send("chat:send", { channel: "lobby", text: "let me in" })).toMatchObject({ ok: false, code: "ERR_CHAT", values: { reason: "banned" } });
    // A mute lifted meanwhile does not lift the ban.
    await moderated({ action: "mute", userId: author.id, minutes: 5 });
    await moderated({ action: "unmute", userId: author.id });
    expect(await socket.send("chat:send", { channel: "lobby", text: "now?" })).toMatchObject({ ok: false, values: { reason: "banned" } });
    expect(await moderated({ action: "unban", userId: author.id })).toEqual({ action: "unban", changed: true });
    expect(await socket.send("chat:send", { channel: "lobby", text: "thanks" })).toMatchObject({ ok: true });
    expect((await auditRows("chat-ban")).filter((entry) => entry.details?.includes(author.id))).toHaveLength(1);
    expect((await auditRows("chat-unban")).filter((entry) => entry.details?.includes(author.id))).toHaveLength(1);
  });

  it("is not the personal mute: a player's own Mute hides someone from them only and lets them write", async () => {
    const { author, socket } = await said("hi all");
    const reader = await client((await t.user()).cookie);
    expect(await reader.send("chat:mute", { userId: author.id, muted: true })).toMatchObject({ ok: true });
    expect(await socket.send("chat:send", { channel: "lobby", text: "still writing" })).toMatchObject({ ok: true });
  });
});

describe("refusals", () => {
  it("refuses a visitor, a player, a guest, another site, a form post and every bad body, and changes nothing", async () => {
    const { author, message } = await said("target");
    const player = await t.user();
    const guest = await guestSessionCookie(t.db);
    const auditBefore = await t.db.prisma.adminAudit.count();
    const hide = { action: "hide", messageId: message.id };
    const cases: [Promise<Response>, number, string][] = [
      [moderate(hide, null), 403, "ERR_FORBIDDEN"],
      [moderate(hide, player.cookie), 403, "ERR_FORBIDDEN"],
      [moderate(hide, guest), 403, "ERR_FORBIDDEN"],
      [moderate(hide, "next-auth.session-token=forged.token.value"), 403, "ERR_FORBIDDEN"],
      [moderate({ action: "ban", userId: author.id }, player.cookie), 403, "ERR_FORBIDDEN"],
      [moderate(hide, admin.cookie, { ...sameSite, origin: "https://evil.example" }), 403, "ERR_CROSS_SITE"],
      [moderate(hide, admin.cookie, { ...sameSite, origin: "http://localhost:3001" }), 403, "ERR_CROSS_SITE"],
      [moderate(hide, admin.cookie, { ...sameSite, "sec-fetch-site": "cross-site" }), 403, "ERR_CROSS_SITE"],
      [moderate(hide, admin.cookie, { host: "localhost:3000", "content-type": "application/json" }), 403, "ERR_CROSS_SITE"],
      [moderate(`action=hide&messageId=${message.id}`, admin.cookie, { ...sameSite, "content-type": "application/x-www-form-urlencoded" }), 415, "ERR_UNSUPPORTED_MEDIA_TYPE"],
      [moderate("not json"), 400, "ERR_BAD_REQUEST"],
      [moderate([hide]), 400, "ERR_BAD_REQUEST"],
      [moderate({ ...hide, action: "purge" }), 400, "ERR_BAD_REQUEST"],
      [moderate({ ...hide, text: "<script>alert(1)</script>" }), 400, "ERR_BAD_REQUEST"],
      [moderate({ action: "hide", messageId: "' OR 1=1 --" }), 400, "ERR_BAD_REQUEST"],
      [moderate({ action: "hide", messageId: "x".repeat(5000) }), 400, "ERR_BAD_REQUEST"],
      [moderate({ action: "mute", userId: author.id, minutes: 10 ** 9 }), 400, "ERR_BAD_REQUEST"],
      [moderate({ action: "mute", userId: author.id }), 400, "ERR_BAD_REQUEST"],
      [moderate({ action: "hide", messageId: "cnosuchmessage000000000" }), 404, "ERR_NOT_FOUND"],
      [moderate({ action: "dismiss", messageId: "cnosuchmessage000000000" }), 404, "ERR_NOT_FOUND"],
      [moderate({ action: "ban", userId: "cnosuchuser0000000000" }), 404, "ERR_USER_NOT_FOUND"],
      [moderate({ action: "ban", userId: admin.id }), 400, "ERR_BAD_REQUEST"],
    ];
    for (const [answer, status, code] of cases) {
      const response = await answer;
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: code });
    }
    expect(await t.db.prisma.adminAudit.count()).toBe(auditBefore);
    expect(await t.db.prisma.chatMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ hiddenAt: null, text: "target" });
    expect(await t.db.prisma.chatSanction.count({ where: { userId: { in: [author.id, admin.id] } } })).toBe(0);
  });

  it("holds a flood: a player's hundred tries change nothing; an administrator's same action at once is one change", async () => {
    const { author, message } = await said("flood me");
    const player = await t.user();
    const tries = await Promise.all(Array.from({ length: 100 }, () => moderate({ action: "hide", messageId: message.id }, player.cookie)));
    expect(new Set(tries.map((answer) => answer.status))).toEqual(new Set([403]));
    expect((await t.db.prisma.chatMessage.findUniqueOrThrow({ where: { id: message.id } })).hiddenAt).toBeNull();

    const reader = await client((await t.user()).cookie);
    const answers = await Promise.all(Array.from({ length: 20 }, () => moderated({ action: "hide", messageId: message.id })));
    expect(answers.filter((answer) => answer.changed)).toHaveLength(1);
    const bans = await Promise.all(Array.from({ length: 20 }, () => moderated({ action: "ban", userId: author.id })));
    expect(bans.filter((answer) => answer.changed)).toHaveLength(1);
    expect((await auditRows("chat-hide")).filter((entry) => entry.details?.includes(message.id))).toHaveLength(1);
    expect((await auditRows("chat-ban")).filter((entry) => entry.details?.includes(author.id))).toHaveLength(1);
    await waitFor(() => reader.heard("chat:removed").length > 0, "the reader to drop it");
    expect(reader.heard("chat:removed")).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())("moderateChat on %s", (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("changes a message or a user once however many ask at once, and keeps the message out of its history", async () => {
    const db = handle.db;
    const [moderator, author] = [await newUser(db, "mod"), await newUser(db, "author")];
    const message = await saveChatMessage(db, "lobby", author.id, "rude", new Date());
    await reportMessage(db, message.id, (await newUser(db, "reporter")).id);
    const now = new Date();
    const all = <T,>(n: number, work: () => Promise<T>) => Promise.all(Array.from({ length: n }, work));
    const hides = await all(10, () => moderateChat(db, moderator.id, { action: "hide", messageId: message.id }, now));
    expect(hides.filter((done) => done.ok && done.value.changed)).toHaveLength(1);
    const mutes = await all(10, () => moderateChat(db, moderator.id, { action: "mute", userId: author.id, minutes: 60 }, now));
    expect(mutes.filter((done) => done.ok && done.value.changed)).toHaveLength(1);
    const bans = await all(10, () => moderateChat(db, moderator.id, { action: "ban", userId: author.id }, now));
    expect(bans.filter((done) => done.ok && done.value.changed)).toHaveLength(1);
    expect(await db.prisma.adminAudit.count({ where: { adminId: moderator.id } })).toBe(3);
    expect((await chatHistory(db, "lobby", null)).map((m) => m.id)).not.toContain(message.id);
    expect(await db.prisma.chatReport.count({ where: { messageId: message.id, resolvedAt: null } })).toBe(0);
    expect(await moderateChat(db, moderator.id, { action: "hide", messageId: "nosuchmessage" }, now)).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
  });
});
