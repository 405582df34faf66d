/**
 * The ratings route's answers (its route handler sends `ratingsResponse`), which the match page's end panel reads: each
 * seat's rating before and after a rated match, nothing for an unrated one, the review's visibility rule for a private
 * match, 400 for a malformed id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { newUser, seededMatch, takeSeat, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { ratingsResponse } from "./ratings-response";

let handle: TestDatabase;
const vault = testVault();
let rated: string;
let unrated: string;
let stranger: UserRow;

beforeAll(async () => {
  handle = await openTestDatabase("sqlite");
  const waiting = await waitingMatch(handle.db, vault, { rated: true, matchLength: 1, color: "black" });
  const white = await newUser(handle.db, "white");
  await takeSeat(handle.db, waiting.view, white.id);
  rated = waiting.match.id;
  // As rating-writes.ts stores them at the match's end: the winner's row first.
  const row = (userId: string, opponentId: string, won: boolean, before: number, after: number) => ({
    matchId: rated, userId, opponentId, matchLength: 1, won, before, after, delta: after - before, opponentRating: 1500,
  });
  await handle.db.prisma.ratingChange.createMany({ data: [row(waiting.creator.id, white.id, true, 1500, 1510), row(white.id, waiting.creator.id, false, 1500, 1490)] });
  unrated = (await seededMatch(handle.db, vault)).match.id;
  stranger = await newUser(handle.db, "stranger");
});
afterAll(() => handle?.dispose());

const as = (user: UserRow | null) => async () => user;

describe("ratingsResponse", () => {
  it("gives each seat's change of a rated match, white first, never cached", async () => {
    const answer = await ratingsResponse(handle.db, rated, undefined, as(stranger));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({
      changes: [
        { color: "white", before: 1500, after: 1490, delta: -10 },
        { color: "black", before: 1500, after: 1510, delta: 10 },
      ],
    });
  });

  it("has nothing for an unrated match, and refuses an id that is not one", async () => {
    expect(await (await ratingsResponse(handle.db, unrated, undefined, as(null))).json()).toEqual({ changes: [] });
    expect((await ratingsResponse(handle.db, "nosuchmatch00", undefined, as(null))).status).toBe(404);
    expect((await ratingsResponse(handle.db, "<b>", undefined, as(null))).status).toBe(400);
  });
});
