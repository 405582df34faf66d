/**
 * No downgrade of the dice protocol over real sockets and a real SQLite database (issue 46, item 4): a fair-dice-v1
 * match still waiting in the database — planted with the data layer, as one stored before fair-dice-v2 — seats nobody
 * (ERR_OUTDATED_PROTOCOL, nothing written) through match:join — which an invitation link and a challenge's accept go
 * through too — and the lobby does not offer it; watching it stays open. Every match the lobby creates is fair-dice-v2.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { waitingMatch } from "@/server/db/test-fixtures";
import { findUserById } from "@/server/db/users";
import { SeedVault } from "@/server/vault";
import { readStoredMatch } from "@/tests/support/match-checks";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});

afterAll(async () => {
  await t.close();
});

/** A fair-dice-v1 match waiting for an opponent, written as the server stored them before v2. */
async function plantedV1(visibility: "public" | "private") {
  const alice = await t.user();
  const creator = await findUserById(t.db, alice.id);
  if (!creator) throw new Error("no creator");
  const planted = await waitingMatch(t.db, new SeedVault(t.seedKey), { creator, matchLength: 3, visibility });
  expect(planted.view).toMatchObject({ diceProtocol: "fair-dice-v1", chainLength: null });
  return { alice, matchId: planted.match.id, inviteToken: planted.match.inviteToken ?? undefined };
}

async function rowOf(matchId: string) {
  return t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { status: true, whiteId: true, blackId: true, version: true } });
}

describe("a fair-dice-v1 match stored before v2", () => {
  for (const visibility of ["public", "private"] as const) {
    it(`refuses to seat a player (${visibility}, over match:join), and changes nothing`, async () => {
      const { matchId, inviteToken } = await plantedV1(visibility);
      const before = await rowOf(matchId);
      const bob = await t.user();
      const joiner = new BotClient({ url: t.url, cookie: bob.cookie, seed: 1, play: false });
      await joiner.connect();
      try {
        // Watching it stays open (with the invitation for a private one): the page can say why there is no seat.
        const watched = await joiner.send("match:watch", inviteToken ? { matchId, inviteToken } : { matchId });
        expect(watched.ok && watched.snapshot.view.diceProtocol).toBe("fair-dice-v1");
        const joined = await joiner.send("match:join", inviteToken ? { matchId, inviteToken } : { matchId });
        expect(joined).toEqual({
          ok: false,
          code: "ERR_OUTDATED_PROTOCOL",
          values: { reason: "join", protocol: "fair-dice-v1", current: "fair-dice-v3" },
          message: "This match uses fair-dice-v1, an older dice protocol without your browser's salt; the site seats players only in fair-dice-v2 and fair-dice-v3 matches. You can still watch it and check its dice.",
        });
        expect(await rowOf(matchId)).toEqual(before);
        expect(before).toMatchObject({ status: "waiting", version: 1 });
        const stored = await readStoredMatch(t.db, matchId);
        expect(stored.events.map(({ event }) => event.type)).toEqual(["created"]);
      } finally {
        joiner.close();
      }
    });
  }

  it("is not offered in the lobby, while a new match is, as fair-dice-v3 (the site's protocol)", async () => {
    const { matchId: oldId } = await plantedV1("public");
    const carol = await t.user();
    const host = new BotClient({ url: t.url, cookie: carol.cookie, seed: 2, play: false });
    await host.connect();
    try {
      const { matchId: newId } = await host.create({ matchLength: 3, color: "white", visibility: "public" });
      expect(host.view).toMatchObject({ diceProtocol: "fair-dice-v3", chainLength: 5 });
      const stored = await readStoredMatch(t.db, newId);
      expect(stored.events[0]?.event).toMatchObject({ type: "created", dice: { protocol: "fair-dice-v3", chainLength: 5 } });
      const listed = await host.send("lobby:list", {});
      const open = listed.ok ? listed.openMatches.map((c) => c.matchId) : [];
      expect(open).toContain(newId);
      expect(open).not.toContain(oldId);
    } finally {
      host.close();
    }
  });
});
