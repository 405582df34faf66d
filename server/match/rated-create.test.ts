/**
 * Creating and joining rated matches over the socket: a registered player creates one (stored rated, shown so in the
 * open matches), a guest can neither create nor join one (ERR_REGISTERED_ONLY, nothing stored), and a match
 * against the computer is never rated.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;
const bots: BotClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const bot of bots) bot.close();
  await t?.close();
});

async function connected(cookie: string): Promise<BotClient> {
  const bot = new BotClient({ url: t.url, cookie, seed: bots.length, play: false });
  bots.push(bot);
  await bot.connect();
  return bot;
}

async function guestCookie(): Promise<string> {
  const created = await createUser(t.db, { username: `guest-${Date.now().toString(36)}${bots.length}`, isGuest: true });
  if (!created.ok) throw new Error(created.code);
  return sessionCookieFor(created.value);
}

describe("rated matches", () => {
  it("are created by registered players, listed as rated, and refuse a guest at the door", async () => {
    const ada = await connected((await t.user()).cookie);
    const { matchId } = await ada.create({ matchLength: 3, color: "white", visibility: "public", rated: true });
    expect((await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).rated).toBe(true);
    const listed = await ada.send("lobby:list", {});
    expect(listed.ok && listed.openMatches.find((c) => c.matchId === matchId)?.rated).toBe(true);

    const guest = await connected(await guestCookie());
    const joined = await guest.send("match:join", { matchId });
    expect(joined.ok ? "" : joined.code).toBe("ERR_REGISTERED_ONLY");
    expect(joined.ok ? "" : joined.message).toMatch(/rated match: only registered players/);
    expect((await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).blackId).toBeNull();

    const before = await t.db.prisma.match.count();
    const created = await guest.send("lobby:create", { matchLength: 3, color: "white", visibility: "public", rated: true });
    expect(created.ok ? "" : created.code).toBe("ERR_REGISTERED_ONLY");
    expect(await t.db.prisma.match.count()).toBe(before);
  });

  it("are never played against the computer", async () => {
    const bob = await connected((await t.user()).cookie);
    const before = await t.db.prisma.match.count();
    const refused = await bob.send("lobby:create", { matchLength: 1, color: "white", visibility: "public", computer: "easy", rated: true });
    expect(refused.ok ? "" : refused.code).toBe("ERR_BAD_PAYLOAD");
    expect(await t.db.prisma.match.count()).toBe(before);
  });
});
