/**
 * `match:watch` and `match:join` put the socket in the match's room BEFORE they read the state their snapshot is made
 * of. On a cluster another node's event can arrive (through Redis) at any moment; if it arrives just after the read,
 * only the room can deliver it, so the socket must already be in it. This test makes that moment happen on one node:
 * right after the snapshot's read, it broadcasts an event to the room as the Redis adapter would, and checks that the
 * opening socket receives it. Joining the room after the read (the bug scale-out.test.ts once caught by chance)
 * fails here every time.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import type { MatchEventMessage, MatchSnapshot } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

import type { LiveMatch } from "./live-match";
import { rooms } from "@/server/socket/rooms";

let t: TestServer;

beforeEach(async () => {
  t = await startTestServer();
});

afterEach(async () => {
  await t.close();
});

/**
 * After every read of `matchId`'s state in the match queue, another node's next event "arrives": it is broadcast to
 * the match's room with the version after the state just read. Returns the versions broadcast.
 */
function eventAfterEveryRead(matchId: string): number[] {
  const { service, io } = t.server;
  const withMatch = service.withMatch.bind(service);
  const sent: number[] = [];
  service.withMatch = <T>(id: string, work: (live: LiveMatch | null) => Promise<T> | T) =>
    withMatch(id, async (live) => {
      const result = await work(live);
      if (id === matchId && live) {
        const message: MatchEventMessage = { matchId, version: live.view.version + 1, event: { type: "action", action: { type: "double", player: "white" } } };
        io.to(rooms.match(matchId)).emit("match:event", message);
        sent.push(message.version);
      }
      return result;
    });
  return sent;
}

function received(bot: BotClient): MatchEventMessage[] {
  const messages: MatchEventMessage[] = [];
  bot.socket.on("match:event", (message) => messages.push(message));
  return messages;
}

async function openMatch() {
  const [alice, bob] = [await t.user(), await t.user()];
  const white = new BotClient({ url: t.url, cookie: alice.cookie, seed: 1, play: false });
  const black = new BotClient({ url: t.url, cookie: bob.cookie, seed: 2, play: false });
  await Promise.all([white.connect(), black.connect()]);
  // Bare commands throughout: a BotClient holding a view would try to apply the made-up events to it.
  const created = await white.send("lobby:create", { matchLength: 1, color: "white", visibility: "public" });
  if (!created.ok) throw new Error(created.message);
  return { matchId: created.matchId, white, black };
}

/** The event broadcast right after the snapshot's read has the version after the snapshot's. */
async function expectEventAfterSnapshot(messages: MatchEventMessage[], snapshot: MatchSnapshot, sent: number[]) {
  const next = snapshot.view.version + 1;
  expect(sent).toContain(next);
  await expect.poll(() => messages.map((m) => m.version)).toContain(next);
}

it("a spectator's match:watch receives an event that arrives just after its snapshot was read", async () => {
  const { matchId, white, black } = await openMatch();
  const spectator = new BotClient({ url: t.url, seed: 3, play: false });
  await spectator.connect();
  const messages = received(spectator);
  const sent = eventAfterEveryRead(matchId);
  const reply = await spectator.send("match:watch", { matchId });
  if (!reply.ok) throw new Error(reply.message);
  await expectEventAfterSnapshot(messages, reply.snapshot, sent);
  for (const bot of [white, black, spectator]) bot.close();
});

it("a player's match:join receives an event that arrives just after its snapshot was read", async () => {
  const { matchId, white, black } = await openMatch();
  const messages = received(black);
  const sent = eventAfterEveryRead(matchId);
  const reply = await black.send("match:join", { matchId });
  if (!reply.ok) throw new Error(reply.message);
  await expectEventAfterSnapshot(messages, reply.snapshot, sent);
  for (const bot of [white, black]) bot.close();
});
