/**
 * A player who sits down from the match page — an invitation link, an open challenge clicked in the lobby: their page
 * watched the match as a spectator first — is shown as here to the opponent at once. Before, the room heard about
 * presence only when a player opened the match, and this player had no seat then: the opponent saw "away" for the
 * whole match.
 */
import { describe, expect, it } from "vitest";
import type { PresenceMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { useTestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

const t = useTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });

describe("presence when a player sits down from the match page", () => {
  for (const visibility of ["public", "private"] as const) {
    it(`tells the creator the joiner is here (${visibility} match, joined after watching)`, async () => {
      const [alice, bob] = [await t().user(), await t().user()];
      const host = new BotClient({ url: t().url, cookie: alice.cookie, seed: 1, play: false });
      const joiner = new BotClient({ url: t().url, cookie: bob.cookie, seed: 2, play: false });
      await Promise.all([host.connect(), joiner.connect()]);
      const heard: PresenceMessage[] = [];
      host.socket.on("match:presence", (message) => heard.push(message));
      const { matchId, inviteToken } = await host.create({ matchLength: 3, color: "white", visibility });
      // The joiner's page opens the match (as the invitation link or the lobby does), then takes the seat.
      const watched = await joiner.send("match:watch", inviteToken ? { matchId, inviteToken } : { matchId });
      expect(watched.ok).toBe(true);
      await joiner.join(matchId, inviteToken ?? undefined);
      await waitFor(() => heard.some((m) => m.matchId === matchId && m.connected.black), "the creator to hear that black is here", 5_000);
      host.close();
      joiner.close();
    });
  }
});
