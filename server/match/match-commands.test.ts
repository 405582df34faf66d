/**
 * Bad input against a live match server: every refusal has its code, and a refused command changes nothing (the
 * match version and the roll log stay as they were).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import { PROTOCOL_VERSION } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { connectedPlayers } from "@/tests/support/connected-players";
import { matchInPlay } from "@/tests/support/match-in-play";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

async function rollCount(matchId: string): Promise<number> {
  return t.db.prisma.rollLog.count({ where: { matchId } });
}

async function versionOf(matchId: string): Promise<number> {
  return (await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).version;
}

describe("refused commands change nothing", () => {
  it("refuses out-of-turn, wrong-phase, illegal and malformed commands with their codes", async () => {
    const { matchId, white, black } = await matchInPlay(t);
    const mover = white.view!.state.onRoll === "white" ? white : black;
    const waiter = mover === white ? black : white;
    const before = { version: await versionOf(matchId), rolls: await rollCount(matchId) };

    const cases: Array<[string, Promise<{ ok: boolean; code?: string }>, string]> = [
      ["out of turn roll", waiter.send("match:roll", { matchId }), "ERR_WRONG_PHASE"],
      ["out of turn move", waiter.send("match:move", { matchId, moves: [{ from: 13, to: 7 }] }), "ERR_NOT_YOUR_TURN"],
      ["double while moving", mover.send("match:double", { matchId }), "ERR_WRONG_PHASE"],
      ["illegal play", mover.send("match:move", { matchId, moves: [{ from: 1, to: 0 }] }), "ERR_ILLEGAL_PLAY"],
      ["pass with a legal play", mover.send("match:move", { matchId, moves: [] }), "ERR_MUST_MOVE"],
      ["stale version", mover.send("match:move", { matchId, expectedVersion: 1, moves: mover.legalPlays[0]!.moves.map(({ from, to }) => ({ from, to })) }), "ERR_STALE_VERSION"],
      ["take without a double", waiter.send("match:take", { matchId }), "ERR_WRONG_PHASE"],
      ["unknown match", mover.send("match:roll", { matchId: "nosuchmatch00" }), "ERR_NOT_FOUND"],
      ["bad match id", mover.send("match:roll", { matchId: "../../etc" }), "ERR_BAD_PAYLOAD"],
      ["extra field", mover.send("match:roll", { matchId, seat: "white" } as never), "ERR_BAD_PAYLOAD"],
      ["wrong type", mover.send("match:move", { matchId, moves: "13/7" } as never), "ERR_BAD_PAYLOAD"],
      ["too many moves", mover.send("match:move", { matchId, moves: Array.from({ length: 5 }, () => ({ from: 6, to: 5 })) }), "ERR_BAD_PAYLOAD"],
      ["no payload", mover.send("match:roll", null as never), "ERR_BAD_PAYLOAD"],
      ["second seed", mover.send("match:seed", { matchId, clientSeed: "again", commitment: mover.view!.commitment }), "ERR_SEED_ALREADY_SUBMITTED"],
      ["cancel after start", mover.send("match:cancel", { matchId }), "ERR_WRONG_STATUS"],
      ["claim while connected", mover.send("match:claim-abandoned", { matchId }), "ERR_OPPONENT_CONNECTED"],
    ];
    for (const [label, reply, code] of cases) {
      const answer = await reply;
      expect({ label, ok: answer.ok, code: answer.code }).toEqual({ label, ok: false, code });
    }

    const stranger = new BotClient({ url: t.url, cookie: (await t.user()).cookie, seed: 3, play: false });
    const anonymous = new BotClient({ url: t.url, seed: 4, play: false });
    await Promise.all([stranger.connect(), anonymous.connect()]);
    expect(await stranger.send("match:move", { matchId, moves: [] })).toMatchObject({ ok: false, code: "ERR_NOT_A_PLAYER" });
    expect(await stranger.send("match:join", { matchId })).toMatchObject({ ok: false, code: "ERR_SEAT_TAKEN" });
    expect(await anonymous.send("match:roll", { matchId })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    expect(await anonymous.send("lobby:create", { matchLength: 3, color: "white", visibility: "public" })).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    // Spectating is open to anyone, signed in or not.
    expect(await anonymous.send("match:watch", { matchId })).toMatchObject({ ok: true });

    expect({ version: await versionOf(matchId), rolls: await rollCount(matchId) }).toEqual(before);
    // And the match still plays on: the legal move is accepted.
    const play = mover.legalPlays[0]!;
    expect(await mover.send("match:move", { matchId, moves: play.moves.map(({ from, to }) => ({ from, to })) })).toMatchObject({ ok: true, version: before.version + 1 });
    for (const bot of [white, black, stranger, anonymous]) bot.close();
  });

  it("refuses a client seed sent against another commitment, and a malformed seed", async () => {
    const [a, b] = [await t.user(), await t.user()];
    const white = new BotClient({ url: t.url, cookie: a.cookie, seed: 1, play: false });
    const black = new BotClient({ url: t.url, cookie: b.cookie, seed: 2, play: false });
    await Promise.all([white.connect(), black.connect()]);
    const { matchId } = await white.create({ matchLength: 1, color: "black", visibility: "public" });
    await black.join(matchId);
    const other = "0".repeat(64);
    expect(await white.send("match:seed", { matchId, clientSeed: "abc", commitment: other })).toMatchObject({ ok: false, code: "ERR_COMMITMENT_MISMATCH" });
    expect(await white.send("match:seed", { matchId, clientSeed: "no spaces!", commitment: white.view!.commitment })).toMatchObject({ ok: false, code: "ERR_BAD_CLIENT_SEED" });
    const seeds = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId } });
    expect([seeds.whiteClientSeed, seeds.blackClientSeed]).toEqual([null, null]);
    white.close();
    black.close();
  });

  it("closes a socket that sends an oversized payload, and the match is untouched", async () => {
    const { matchId, white, black } = await matchInPlay(t);
    const before = await versionOf(matchId);
    const disconnected = new Promise<string>((resolve) => white.socket.once("disconnect", (reason) => resolve(reason)));
    const rawEmit = white.socket.emit.bind(white.socket) as unknown as (event: string, ...args: unknown[]) => void;
    rawEmit("match:move", { matchId, moves: [], padding: "x".repeat(100_000) }, () => undefined);
    expect(await disconnected).toBe("transport close");
    expect(await versionOf(matchId)).toBe(before);
    black.close();
  });

  it("refuses a client speaking another protocol version at the handshake", async () => {
    const socket = io(t.url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION + 1 }, reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toMatch(/ERR_PROTOCOL_VERSION/);
    socket.close();
  });
});

describe("lobby", () => {
  it("lists open public matches, keeps private ones behind their invite link, and cancels with a reveal", async () => {
    const [host, guest, other] = (await connectedPlayers(t, 3, { firstSeed: 1 })).map(({ bot }) => bot) as [BotClient, BotClient, BotClient];
    const open = await host.create({ matchLength: 3, color: "random", visibility: "public" });
    const secret = await host.create({ matchLength: 5, color: "white", visibility: "private" });
    expect(open.inviteToken).toBeNull();
    expect(secret.inviteToken).toMatch(/.{16,}/);

    const listed = await guest.send("lobby:list", {});
    expect(listed.ok && listed.openMatches.map((m) => m.matchId)).toContain(open.matchId);
    expect(listed.ok && listed.openMatches.map((m) => m.matchId)).not.toContain(secret.matchId);

    expect(await other.send("match:watch", { matchId: secret.matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    // Without the link a private match is answered as if it did not exist (visibility.ts).
    expect(await other.send("match:join", { matchId: secret.matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await other.send("match:join", { matchId: secret.matchId, inviteToken: "wrong-token-wrong-token" })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    await guest.join(secret.matchId, secret.inviteToken ?? undefined);
    expect(guest.you).toBe("black");

    expect(await other.send("match:cancel", { matchId: secret.matchId })).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
    expect(await guest.send("match:cancel", { matchId: secret.matchId })).toMatchObject({ ok: true });
    const ended = await host.until((view) => view.matchId === secret.matchId && view.ended !== null);
    expect(ended.status).toBe("aborted");
    expect(ended.ended?.reason).toBe("cancelled");
    const seed = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId: secret.matchId } });
    expect(seed.revealedSeed).toBe(ended.ended?.serverSeed);
    for (const bot of [host, guest, other]) bot.close();
  });

  it("serves the audit bundle without the seed while the match runs", async () => {
    const { matchId, white, black } = await matchInPlay(t);
    const response = await fetch(`${t.url}/api/matches/${matchId}/audit`);
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as { serverSeed: string | null; rolls: unknown[]; commitment: string };
    expect(bundle.serverSeed).toBeNull();
    expect(bundle.rolls.length).toBeGreaterThan(0);
    expect((await fetch(`${t.url}/api/matches/nosuchmatch00/audit`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/matches/${encodeURIComponent("<script>")}/audit`)).status).toBe(400);
    white.close();
    black.close();
  });
});
