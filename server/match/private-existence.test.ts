/**
 * A private match must not reveal that it exists. Probing was seen to work: `match:roll`, `match:cancel`,
 * `match:check-clock` and `match:rematch` answered ERR_NOT_A_PLAYER for someone else's private match and ERR_NOT_FOUND
 * for an unknown id. Now every command that names a match gives a stranger the very same answer for both
 * (server/match/visibility.ts), in every state of the match; its players and invitees still get the real answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandSchemas, type CommandName } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;
let host: BotClient;
let guest: BotClient;
let stranger: BotClient;
const UNKNOWN = "nosuchmatch000000000";

/** A well-formed payload of every command that names a match. */
const probes: Partial<Record<CommandName, (matchId: string) => unknown>> = {
  "match:join": (matchId) => ({ matchId }),
  "match:watch": (matchId) => ({ matchId }),
  "match:unwatch": (matchId) => ({ matchId }),
  "match:snapshot": (matchId) => ({ matchId }),
  "match:cancel": (matchId) => ({ matchId }),
  "match:seed": (matchId) => ({ matchId, clientSeed: "stranger-seed", commitment: "0".repeat(64) }),
  "match:roll": (matchId) => ({ matchId }),
  "match:chain": (matchId) => ({ matchId, game: 1, head: "0".repeat(64) }),
  "match:reveal": (matchId) => ({ matchId, nonce: 0, value: "0".repeat(64) }),
  "match:double": (matchId) => ({ matchId }),
  "match:take": (matchId) => ({ matchId }),
  "match:drop": (matchId) => ({ matchId }),
  "match:move": (matchId) => ({ matchId, moves: [{ from: 24, to: 20 }] }),
  "match:resign": (matchId) => ({ matchId, level: 1 }),
  "match:resign-accept": (matchId) => ({ matchId }),
  "match:resign-decline": (matchId) => ({ matchId }),
  "match:claim-abandoned": (matchId) => ({ matchId }),
  "match:check-clock": (matchId) => ({ matchId }),
  "match:hint": (matchId) => ({ matchId }),
  "match:rematch": (matchId) => ({ matchId }),
  "match:rematch-answer": (matchId) => ({ matchId, accept: true }),
};

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
  const [a, b, c] = [await t.user(), await t.user(), await t.user()];
  host = new BotClient({ url: t.url, cookie: a.cookie, seed: 1, play: false });
  guest = new BotClient({ url: t.url, cookie: b.cookie, seed: 2, play: false });
  stranger = new BotClient({ url: t.url, cookie: c.cookie, seed: 3, play: false });
  await Promise.all([host, guest, stranger].map((bot) => bot.connect()));
});
afterAll(async () => {
  for (const bot of [host, guest, stranger]) bot?.close();
  await t?.close();
});

it("covers every command that names a match", () => {
  const named = Object.keys(commandSchemas).filter((name) => "matchId" in (commandSchemas[name as CommandName] as { shape: object }).shape);
  expect(Object.keys(probes).sort()).toEqual(named.sort());
});

async function expectIndistinguishable(matchId: string): Promise<void> {
  for (const [name, payload] of Object.entries(probes)) {
    const seen = await stranger.send(name as CommandName, payload(matchId) as never);
    const unknown = await stranger.send(name as CommandName, payload(UNKNOWN) as never);
    expect({ name, answer: JSON.stringify(seen) }).toEqual({ name, answer: JSON.stringify(unknown) });
    // Leaving a room one is not in is fine either way; everything else is refused as unknown.
    if (name !== "match:unwatch") expect(seen).toMatchObject({ ok: false, code: "ERR_NOT_FOUND" });
  }
}

describe("a stranger probing someone else's private match", () => {
  let matchId: string;
  let invite: string;

  it("gets the answers of an unknown id while it waits for an opponent", async () => {
    const created = await host.create({ matchLength: 1, color: "white", visibility: "private" });
    matchId = created.matchId;
    invite = created.inviteToken ?? "";
    await expectIndistinguishable(matchId);
  });

  it("and while it is played", async () => {
    await guest.join(matchId, invite);
    await host.submitSeed("host-seed");
    await guest.submitSeed("guest-seed");
    await host.until((view) => view.status === "playing");
    await expectIndistinguishable(matchId);
    // The players themselves still get the real refusals (not their turn, or a move before the roll).
    const refused = await guest.send("match:double", { matchId });
    expect(refused.ok === false && refused.code).not.toBe("ERR_NOT_FOUND");
  });

  it("and once it is over", async () => {
    expect((await host.send("match:resign", { matchId, level: 3 })).ok).toBe(true);
    expect((await guest.send("match:resign-accept", { matchId })).ok).toBe(true);
    await host.until((view) => view.status === "finished");
    await expectIndistinguishable(matchId);
  });
});

it("a public match's commands still tell a stranger they have no seat", async () => {
  const { matchId } = await host.create({ matchLength: 1, color: "white", visibility: "public" });
  expect(await stranger.send("match:roll", { matchId })).toMatchObject({ ok: false, code: "ERR_NOT_A_PLAYER" });
});
