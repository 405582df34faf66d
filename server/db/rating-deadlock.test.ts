/**
 * Two rated matches of one player ending at the same moment on PostgreSQL (issue 47): each end's transaction inserts
 * its event (whose foreign key to the acting player takes a KEY SHARE lock on that User row) before the rating write
 * locks both players. Both ends must be stored — neither a deadlock (40P01) nor any other refusal — and the ratings
 * must follow from the record (rating-audit.ts), iteration after iteration.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "@/lib/match";
import { auditRatings } from "@/server/record/rating-audit";
import { openTestDatabase, type TestDatabase } from "./test-databases";
import { addClientSeed, newUser, storeEvent, takeSeat, testVault, waitingMatch } from "./test-fixtures";
import type { UserRow } from "./types";

const vault = testVault();
const SEED = "0".repeat(64);
const ITERATIONS = 12;

describe.skipIf(!process.env.TEST_POSTGRES_URL)("rated ends of one player at once on PostgreSQL (needs TEST_POSTGRES_URL)", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("postgres");
  }, 60_000);
  afterAll(() => handle?.dispose());

  async function readyMatch(white: UserRow, black: UserRow): Promise<MatchView> {
    const { view: created } = await waitingMatch(handle.db, vault, { creator: white, color: "white", matchLength: 3, rated: true });
    let view = await takeSeat(handle.db, created, black.id);
    view = await addClientSeed(handle.db, view, white.id, "white-seed");
    return addClientSeed(handle.db, view, black.id, "black-seed");
  }

  it("stores both ends, every time, with ratings the audit agrees with", async () => {
    const ada = await newUser(handle.db, "ada");
    for (let i = 0; i < ITERATIONS; i++) {
      const [bob, cyd] = [await newUser(handle.db, "bob"), await newUser(handle.db, "cyd")];
      // Ada ends one (she acts: her row gets the event's KEY SHARE lock) and cyd ends the other, which ada wins.
      const matches = [await readyMatch(ada, bob), await readyMatch(cyd, ada)];
      const ends = await Promise.allSettled([
        storeEvent(handle.db, matches[0]!, { type: "ended", reason: "finished", winner: "black", serverSeed: SEED }, ada.id),
        storeEvent(handle.db, matches[1]!, { type: "ended", reason: "finished", winner: "black", serverSeed: SEED }, cyd.id),
      ]);
      expect(ends.map((end) => (end.status === "fulfilled" ? "stored" : String(end.reason))), `iteration ${i}`).toEqual(["stored", "stored"]);
    }
    const ratedMatches = await handle.db.prisma.ratingChange.count({ where: { userId: ada.id } });
    expect(ratedMatches).toBe(2 * ITERATIONS);
    expect(await handle.db.prisma.user.findUniqueOrThrow({ where: { id: ada.id }, select: { ratedMatches: true } })).toEqual({ ratedMatches: 2 * ITERATIONS });
    expect(await auditRatings(handle.db)).toEqual([]);
  }, 120_000);
});
