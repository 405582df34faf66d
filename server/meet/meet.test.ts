/**
 * Meeting players over real sockets: who is online, and direct challenges by name — sent, received live on every
 * socket of the challenged player, listed after a reload, accepted (the match is made then, both seated), declined,
 * withdrawn or expired (no match is ever made) — attacked as an outsider would: a guest, a visitor, yourself, a
 * computer, a name that is no one, someone else's challenge, a second answer, a flood. And a crash between the
 * acceptance and its match: the next start makes the match, once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePageSockets, pageSocket } from "@/tests/support/page-socket";
import { guestSessionCookie } from "@/tests/support/session";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { setFollow } from "@/server/players/follows";

let t: TestServer;
/** The server's clock, which a test moves past a challenge's expiry. */
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, limits: { waitingMatchesPerUser: 50 }, now });
});
afterAll(async () => {
  closePageSockets();
  await t.close();
});

const LISTEN = ["challenge:received", "challenge:answered", "challenge:closed", "match:event"] as const;

/** Two new players, each with a page open that listens for challenges, and the first one's challenge to the second. */
async function challengeSent(offer: { readonly matchLength: number; readonly color: "white" | "black" | "random" }) {
  const [ada, bob] = [await t.user(), await t.user()];
  const a = await pageSocket(t.url, ada.cookie, LISTEN);
  const b = await pageSocket(t.url, bob.cookie, LISTEN);
  const sent = await a.send("challenge:send", { username: bob.name, ...offer });
  if (!sent.ok) throw new Error(sent.message);
  return { ada, bob, a, b, sent };
}

describe("online now", () => {
  it("lists registered players with a socket open, the followed first, and counts guests", async () => {
    const [me, ada, bob] = [await t.user(), await t.user(), await t.user()];
    const mine = await pageSocket(t.url, me.cookie);
    const adas = await pageSocket(t.url, ada.cookie);
    await pageSocket(t.url, bob.cookie);
    await pageSocket(t.url, await guestSessionCookie(t.db));
    await setFollow(t.db, me.id, bob.id, true);
    const reply = await mine.send("lobby:online", {});
    if (!reply.ok) throw new Error(reply.message);
    const names = reply.players.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([me.name, ada.name, bob.name]));
    expect(reply.players[0]).toMatchObject({ name: bob.name, following: true });
    expect(reply.guests).toBeGreaterThanOrEqual(1);
    expect(reply.total).toBe(reply.players.length + reply.guests);
    // A visitor sees the same players, none marked followed.
    const visitor = await pageSocket(t.url, undefined);
    const seen = await visitor.send("lobby:online", {});
    expect(seen.ok && seen.players.every((p) => p.following === false)).toBe(true);
    // Gone when their last socket closes.
    adas.close();
    await waitFor(async () => {
      const after = await mine.send("lobby:online", {});
      return after.ok && !after.players.some((p) => p.name === ada.name);
    }, "ada to leave the list");
  });
});

describe("direct challenges", () => {
  it("reaches every page of the challenged player, survives a reload, and accepting seats them", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie, LISTEN);
    const [b1, b2] = [await pageSocket(t.url, bob.cookie, LISTEN), await pageSocket(t.url, bob.cookie, LISTEN)];
    const sent = await a.send("challenge:send", { username: bob.name.toUpperCase(), matchLength: 3, color: "white", rated: true });
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.challenge).toMatchObject({ from: { name: ada.name }, to: { name: bob.name }, matchLength: 3, rated: true, timeControl: null });
    await waitFor(() => b1.heard("challenge:received").length === 1 && b2.heard("challenge:received").length === 1, "both of bob's pages to hear it");
    // No match until it is accepted: nothing waits in the lobby, nothing counts against ada's cap.
    expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
    // A reload: the list has it, on both sides.
    const reloaded = await pageSocket(t.url, bob.cookie);
    expect(await reloaded.send("challenge:list", {})).toEqual({ ok: true, received: [sent.challenge], sent: [], declined: [] });
    expect(await a.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [sent.challenge], declined: [] });
    // One pending challenge per pair.
    expect(await a.send("challenge:send", { username: bob.name, matchLength: 5, color: "random" })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "pending" } });

    expect(await b1.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toEqual({ ok: true, matchId: sent.challenge.matchId });
    await waitFor(() => a.heard("challenge:answered").length === 1, "ada to hear the answer");
    expect(a.heard("challenge:answered")[0]).toMatchObject({ accepted: true, by: bob.name });
    const match = await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } });
    expect(match).toMatchObject({ visibility: "private", status: "seeding", whiteId: ada.id, blackId: bob.id, rated: true });
    await waitFor(() => a.heard("challenge:closed").length === 1 && b2.heard("challenge:closed").length === 1, "every page to drop it");
    expect(b2.heard("challenge:closed")[0]).toEqual({ challengeId: sent.challenge.id, matchId: sent.challenge.matchId, status: "accepted" });
    // A second answer (the other tab) changes nothing.
    expect(await b2.send("challenge:answer", { challengeId: sent.challenge.id, accept: false })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
    expect(await a.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [], declined: [] });
  });

  it("declining makes no match and tells the challenger", async () => {
    const { ada, bob, a, b, sent } = await challengeSent({ matchLength: 1, color: "random" });
    expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: false })).toEqual({ ok: true, matchId: sent.challenge.matchId });
    await waitFor(() => a.heard("challenge:answered").length === 1, "ada to hear the answer");
    expect(a.heard("challenge:answered")[0]).toMatchObject({ accepted: false, by: bob.name });
    expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
    expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
    // A sender who was away learns it from the list after a reload.
    expect(await (await pageSocket(t.url, ada.cookie)).send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [], declined: [sent.challenge] });
    // Declined, a new challenge may follow.
    expect((await a.send("challenge:send", { username: bob.name, matchLength: 1, color: "random" })).ok).toBe(true);
  });

  it("refuses a guest, a visitor, yourself, a computer, a guest target and no one, and creates nothing", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie);
    const matches = await t.db.prisma.match.count();
    const guest = await pageSocket(t.url, await guestSessionCookie(t.db));
    expect(await guest.send("challenge:send", { username: bob.name, matchLength: 1, color: "white" })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "guest" } });
    expect(await (await pageSocket(t.url, undefined)).send("challenge:send", { username: bob.name, matchLength: 1, color: "white" })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    expect(await a.send("challenge:send", { username: ada.name, matchLength: 1, color: "white" })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "self" } });
    const guestRow = await t.db.prisma.user.findFirst({ where: { isGuest: true } });
    const computer = await t.db.prisma.user.findFirst({ where: { computerLevel: { not: null } } });
    for (const name of ["nobody-here", guestRow!.username, ...(computer ? [computer.username] : []), "<b>x</b>"]) {
      expect(await a.send("challenge:send", { username: name, matchLength: 1, color: "white" })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noPlayer" } });
    }
    for (const payload of [{ username: "", matchLength: 1, color: "white" }, { username: bob.name, matchLength: 0, color: "white" }, { username: bob.name, matchLength: 1, color: "green" }, { username: bob.name, matchLength: 1, color: "white", visibility: "public" }]) {
      expect(await a.send("challenge:send", payload as never)).toMatchObject({ ok: false, code: "ERR_BAD_PAYLOAD" });
    }
    expect(await t.db.prisma.match.count()).toBe(matches);
  });

  it("lets only the challenged player answer", async () => {
    const [ada, bob, eve] = [await t.user(), await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie);
    const sent = await a.send("challenge:send", { username: bob.name, matchLength: 1, color: "white" });
    if (!sent.ok) throw new Error(sent.message);
    const e = await pageSocket(t.url, eve.cookie, LISTEN);
    expect(e.heard("challenge:received")).toEqual([]);
    for (const accept of [true, false]) {
      expect(await e.send("challenge:answer", { challengeId: sent.challenge.id, accept })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
      expect(await a.send("challenge:answer", { challengeId: sent.challenge.id, accept })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
    }
    expect(await e.send("challenge:withdraw", { challengeId: sent.challenge.id })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
    expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
    // Withdrawn by its sender: gone from the list, every page told, and answering it says so.
    const b = await pageSocket(t.url, bob.cookie, LISTEN);
    expect(await a.send("challenge:withdraw", { challengeId: sent.challenge.id })).toEqual({ ok: true });
    await waitFor(() => b.heard("challenge:closed").length === 1, "bob's page to drop it");
    expect(b.heard("challenge:closed")[0]).toMatchObject({ status: "withdrawn" });
    expect(await b.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [], declined: [] });
    expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "gone" } });
    expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
  });

  it("expires a challenge nobody answers: gone from the lists, refused, stored as expired", async () => {
    const { a, b, sent } = await challengeSent({ matchLength: 1, color: "white" });
    expect(sent.challenge.expiresAt - sent.challenge.createdAt).toBe(30 * 60_000);
    offset += 31 * 60_000;
    try {
      expect(await b.send("notices:list", {})).toMatchObject({ ok: true, received: [] });
      expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
      // The expiry timer's work (its real time is half an hour away): settle the challenge now.
      await t.server.challenges.kernel.settle(sent.challenge.id, () => ({ now: now(), actor: null }));
      await waitFor(() => a.heard("challenge:closed").length === 1 && b.heard("challenge:closed").length === 1, "both pages to drop it");
      expect(b.heard("challenge:closed")[0]).toMatchObject({ status: "expired" });
      expect(await t.db.prisma.challenge.findUnique({ where: { id: sent.challenge.id } })).toMatchObject({ status: "expired" });
      expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
    } finally {
      offset -= 31 * 60_000;
    }
  });

  it("makes an accepted challenge's match after a crash between the acceptance and the match, once", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie);
    const sent = await a.send("challenge:send", { username: bob.name, matchLength: 3, color: "black" });
    if (!sent.ok) throw new Error(sent.message);
    // The acceptance is stored and the process stops before the match is made (the handler's next step, skipped).
    const bobAsParticipant = { player: { id: bob.id, name: bob.name, isGuest: false }, kind: "registered" as const };
    expect((await t.server.challenges.command(sent.challenge.id, { type: "accept" }, bobAsParticipant)).ok).toBe(true);
    expect(await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } })).toBeNull();
    // The next start's catch-up makes it; a second catch-up (another node, or a second restart) makes nothing more.
    await t.server.challenges.catchUp();
    await t.server.challenges.catchUp();
    expect(await t.db.prisma.match.findMany({ where: { id: sent.challenge.matchId } })).toMatchObject([{ whiteId: bob.id, blackId: ada.id, status: "seeding" }]);
    // And bob's accept, sent again from his page, opens that same match.
    expect(await (await pageSocket(t.url, bob.cookie)).send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toMatchObject({ ok: false, code: "ERR_CHALLENGE" });
  });

  it("tells a user on any page what waits for them, until answered", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie);
    const sent = await a.send("challenge:send", { username: bob.name, matchLength: 1, color: "white" });
    if (!sent.ok) throw new Error(sent.message);
    const b = await pageSocket(t.url, bob.cookie);
    expect(await b.send("notices:list", {})).toEqual({ ok: true, received: [sent.challenge], sent: [], tournamentMatches: [] });
    expect(await a.send("notices:list", {})).toEqual({ ok: true, received: [], sent: [sent.challenge], tournamentMatches: [] });
    expect(await (await pageSocket(t.url, await guestSessionCookie(t.db))).send("notices:list", {})).toEqual({ ok: true, received: [], sent: [], tournamentMatches: [] });
    expect(await (await pageSocket(t.url, undefined)).send("notices:list", {})).toEqual({ ok: true, received: [], sent: [], tournamentMatches: [] });
    expect((await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: false })).ok).toBe(true);
    expect(await b.send("notices:list", {})).toEqual({ ok: true, received: [], sent: [], tournamentMatches: [] });
  });

  it("holds a flood of challenges from one user to the limit", async () => {
    const ada = await t.user();
    const a = await pageSocket(t.url, ada.cookie);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await a.send("challenge:send", { username: (await t.user()).name, matchLength: 1, color: "white" }));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "challenges" } });
  });
});
