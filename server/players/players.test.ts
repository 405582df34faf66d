import { describe, expect, it } from "vitest";
import { appendEvent } from "@/server/db/append-event";
import { testDatabaseKinds } from "@/server/db/test-databases";
import { useTestDatabase } from "@/tests/support/test-database";
import { newUser, seededMatch, testVault } from "@/server/db/test-fixtures";
import type { Visibility } from "@/server/db/types";
import { leaderboard } from "./leaderboard";
import { playerProfile } from "./player-profile";

const vault = testVault();

describe.each(testDatabaseKinds())("players' public pages on %s", (kind) => {
  const handle = useTestDatabase(kind);

  /**
   * A finished match whose roll log holds `rolls` (as [player, die1, die2]); the events are placeholders: the
   * profile reads the Match columns and the roll log, never the events.
   */
  async function finishedWithRolls(rolls: readonly ["white" | "black", number, number][], visibility: Visibility = "public") {
    const seeded = await seededMatch(handle.db, vault, undefined, visibility);
    let version = seeded.version;
    for (const [nonce, [player, die1, die2]] of rolls.entries()) {
      const stored = await appendEvent(handle.db, {
        matchId: seeded.match.id, expectedVersion: version, event: { type: "test-roll", payload: nonce },
        roll: { nonce, game: 1, kind: "turn", player, die1, die2 },
      });
      if (!stored.ok) throw new Error(stored.code);
      version = stored.value.version;
    }
    const ended = await appendEvent(handle.db, {
      matchId: seeded.match.id, expectedVersion: version, event: { type: "test-end", payload: null },
      matchUpdate: { status: "finished", winner: "white", scoreWhite: 5, scoreBlack: 2, finishedAt: new Date() },
    });
    if (!ended.ok) throw new Error(ended.code);
    return seeded;
  }

  it("counts a player's own turn rolls in public finished matches: doubles, pips, and the Wilson interval", async () => {
    const match = await finishedWithRolls([["white", 6, 6], ["black", 1, 1], ["white", 3, 1], ["white", 2, 2], ["black", 5, 4]]);
    await finishedWithRolls([["white", 4, 4]], "private");
    const profile = await playerProfile(handle.db, match.white.username);
    // White rolled 6-6 (24 pips), 3-1 (4) and 2-2 (8) here; the private match's 4-4 is left out.
    expect(profile?.luck).toMatchObject({ rolls: 3, doubles: 2, pipsPerRoll: 12, verdict: "too few rolls" });
    expect(profile?.luck.doublesRate).toBeCloseTo(2 / 3, 10);
    expect(profile).toMatchObject({ played: 1, won: 1, rating: 1500, ratedMatches: 0 });
    expect(profile?.recent).toEqual([
      expect.objectContaining({ id: match.match.id, opponent: match.black.username, won: true, score: "5–2", rated: false, ratingDelta: null }),
    ]);
    const loser = await playerProfile(handle.db, match.black.username.toUpperCase());
    expect(loser).toMatchObject({ played: 1, won: 0, recent: [expect.objectContaining({ won: false, score: "2–5" })] });
    expect(loser?.luck).toMatchObject({ rolls: 2, doubles: 1, pipsPerRoll: 6.5 });
  });

  it("has no profile for a bad name, an unknown one or a guest", async () => {
    expect(await playerProfile(handle.db, "../etc")).toBeNull();
    expect(await playerProfile(handle.db, "nobody-at-all")).toBeNull();
    const guest = await handle.db.prisma.user.create({ data: { username: `guest-${Date.now().toString(36)}`, isGuest: true } });
    expect(await playerProfile(handle.db, guest.username)).toBeNull();
  });

  it("ranks players active in the last 90 days by rating, a page at a time", async () => {
    const now = new Date("2026-12-02T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const [ada, bob, cyd, dan] = [await newUser(handle.db, "lb-ada"), await newUser(handle.db, "lb-bob"), await newUser(handle.db, "lb-cyd"), await newUser(handle.db, "lb-dan")];
    const set = (id: string, rating: number, lastRatedAt: Date | null, ratedMatches = 3) =>
      handle.db.prisma.user.update({ where: { id }, data: { rating, lastRatedAt, ratedMatches } });
    await set(ada.id, 1600, new Date(now.getTime() - 2 * day));
    await set(bob.id, 1700, new Date(now.getTime() - 91 * day)); // inactive: off the list
    await set(cyd.id, 1550, new Date(now.getTime() - 89 * day));
    await set(dan.id, 1650, null, 0); // never rated
    const board = await leaderboard(handle.db, { page: 1 }, now);
    const ours = board.items.filter((line) => line.username.startsWith("lb-"));
    expect(ours.map((line) => [line.username, line.rating])).toEqual([[ada.username, 1600], [cyd.username, 1550]]);
    expect(ours[0]!.rank).toBeLessThan(ours[1]!.rank);
    expect((await leaderboard(handle.db, { page: 2 }, now)).items).toEqual([]);
  });
});
