/**
 * Meeting players over real sockets: who is online, and direct challenges by name — sent, received live on every
 * socket of the challenged player, listed after a reload, accepted (the seat is taken) or declined (the match is
 * cancelled) — attacked as an outsider would: a guest, a visitor, yourself, a computer, a name that is no one,
 * someone else's challenge, a second answer, a flood.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePageSockets, pageSocket } from "@/tests/support/page-socket";
import { guestSessionCookie } from "@/tests/support/session";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { setFollow } from "@/server/players/follows";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, limits: { waitingMatchesPerUser: 50 } });
});
afterAll(async () => {
  closePageSockets();
  await t.close();
});

const LISTEN = ["challenge:received", "challenge:answered", "match:event"] as const;

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
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await mine.send("lobby:online", {});
    expect(after.ok && after.players.map((p) => p.name)).not.toContain(ada.name);
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
    const match = await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } });
    expect(match).toMatchObject({ visibility: "private", status: "waiting", whiteId: ada.id, blackId: null, rated: true });
    // A reload: the list has it, on both sides.
    const reloaded = await pageSocket(t.url, bob.cookie);
    expect(await reloaded.send("challenge:list", {})).toEqual({ ok: true, received: [sent.challenge], sent: [], declined: [] });
    expect(await a.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [sent.challenge], declined: [] });
    // One pending challenge per pair.
    expect(await a.send("challenge:send", { username: bob.name, matchLength: 5, color: "random" })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "pending" } });

    expect(await b1.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toEqual({ ok: true, matchId: sent.challenge.matchId });
    await waitFor(() => a.heard("challenge:answered").length === 1, "ada to hear the answer");
    expect(a.heard("challenge:answered")[0]).toMatchObject({ accepted: true, by: bob.name });
    expect((await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } }))?.blackId).toBe(bob.id);
    // A second answer (the other tab) changes nothing.
    expect(await b2.send("challenge:answer", { challengeId: sent.challenge.id, accept: false })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
    expect(await a.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [], declined: [] });
  });

  it("declining cancels the match made for it and tells the challenger", async () => {
    const [ada, bob] = [await t.user(), await t.user()];
    const a = await pageSocket(t.url, ada.cookie, LISTEN);
    const b = await pageSocket(t.url, bob.cookie, LISTEN);
    const sent = await a.send("challenge:send", { username: bob.name, matchLength: 1, color: "random" });
    if (!sent.ok) throw new Error(sent.message);
    expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: false })).toEqual({ ok: true, matchId: sent.challenge.matchId });
    await waitFor(() => a.heard("challenge:answered").length === 1, "ada to hear the answer");
    expect(a.heard("challenge:answered")[0]).toMatchObject({ accepted: false, by: bob.name });
    expect((await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } }))?.status).toBe("aborted");
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
    expect((await t.db.prisma.match.findUnique({ where: { id: sent.challenge.matchId } }))?.status).toBe("waiting");
    // Withdrawn by its sender (cancelled): gone from the list, and answering it says so.
    const b = await pageSocket(t.url, bob.cookie);
    expect((await a.send("match:cancel", { matchId: sent.challenge.matchId })).ok).toBe(true);
    expect(await b.send("challenge:list", {})).toEqual({ ok: true, received: [], sent: [], declined: [] });
    expect(await b.send("challenge:answer", { challengeId: sent.challenge.id, accept: true })).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "gone" } });
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
