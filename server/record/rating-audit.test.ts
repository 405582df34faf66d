/**
 * Tamper evidence for ratings (server/record/rating-audit.ts, run by `verify --all`): ratings written by the server
 * follow from the match record; a rating change cannot be edited or deleted (triggers); and each edit an operator
 * could still make — a User's rating, a Match's rated flag, a change row edited before the triggers or inserted for
 * a match that does not rate — is named. On SQLite, and on PostgreSQL when TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "@/lib/match";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { addClientSeed, newUser, storeEvent, takeSeat, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { auditRatings } from "./rating-audit";

const vault = testVault();
const SEED = "0".repeat(64);

describe.each(testDatabaseKinds())("the rating audit on %s", (kind) => {
  let handle: TestDatabase;
  let ada: UserRow;
  let bob: UserRow;
  const finished: string[] = [];

  async function play(white: UserRow, black: UserRow, matchLength: number, rated: boolean): Promise<MatchView> {
    const { view: created } = await waitingMatch(handle.db, vault, { creator: white, color: "white", matchLength, rated });
    let view = await takeSeat(handle.db, created, black.id);
    view = await addClientSeed(handle.db, view, white.id, "white-seed");
    view = await addClientSeed(handle.db, view, black.id, "black-seed");
    await storeEvent(handle.db, view, { type: "ended", reason: "finished", winner: "white", serverSeed: SEED }, null);
    finished.push(view.matchId);
    return view;
  }

  /** Runs `edit` with the RatingChange triggers off, as someone with the database's owner rights could. */
  async function withoutTriggers(edit: () => Promise<unknown>): Promise<void> {
    const sql = kind === "postgres" ? ['ALTER TABLE "RatingChange" DISABLE TRIGGER USER', 'ALTER TABLE "RatingChange" ENABLE TRIGGER USER'] : null;
    if (sql) await handle.db.prisma.$executeRawUnsafe(sql[0]!);
    else {
      await handle.db.prisma.$executeRawUnsafe('DROP TRIGGER "RatingChange_no_update"');
    }
    try {
      await edit();
    } finally {
      if (sql) await handle.db.prisma.$executeRawUnsafe(sql[1]!);
      else await handle.db.prisma.$executeRawUnsafe(`CREATE TRIGGER "RatingChange_no_update" BEFORE UPDATE ON "RatingChange" BEGIN SELECT RAISE(ABORT, 'RatingChange is append-only: UPDATE refused'); END`);
    }
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    [ada, bob] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob")];
    await play(ada, bob, 5, true);
    await play(bob, ada, 3, true);
    await play(ada, bob, 7, false);
    await play(bob, ada, 1, true);
  });
  afterAll(() => handle?.dispose());

  it("finds nothing wrong with ratings the server wrote", async () => {
    expect(await handle.db.prisma.ratingChange.count()).toBe(6);
    expect(await auditRatings(handle.db)).toEqual([]);
  });

  it("a rating change cannot be edited or deleted", async () => {
    await expect(handle.db.prisma.$executeRawUnsafe(`UPDATE "RatingChange" SET "after" = 2000`)).rejects.toThrow(/RatingChange is append-only: UPDATE refused/);
    await expect(handle.db.prisma.$executeRawUnsafe(`DELETE FROM "RatingChange"`)).rejects.toThrow(/RatingChange is append-only: DELETE refused/);
    expect(await handle.db.prisma.ratingChange.count()).toBe(6);
  });

  it("names a User whose rating was edited", async () => {
    await handle.db.prisma.user.update({ where: { id: ada.id }, data: { rating: 1900 } });
    const problems = await auditRatings(handle.db);
    expect(problems).toEqual([expect.objectContaining({ userId: ada.id, problem: expect.stringMatching(/rating 1900/) })]);
    const last = await handle.db.prisma.ratingChange.findFirstOrThrow({ where: { userId: ada.id }, orderBy: { id: "desc" } });
    await handle.db.prisma.user.update({ where: { id: ada.id }, data: { rating: last.after } });
    expect(await auditRatings(handle.db)).toEqual([]);
  });

  it("names a Match whose rated flag was flipped, and the change rows a flip leaves without a rated match", async () => {
    const unrated = finished[2]!;
    await handle.db.prisma.match.update({ where: { id: unrated }, data: { rated: true } });
    expect(await auditRatings(handle.db)).toEqual([expect.objectContaining({ matchId: unrated, problem: expect.stringMatching(/rated=true.*says false/) })]);
    await handle.db.prisma.match.update({ where: { id: unrated }, data: { rated: false } });

    // A pair of rows inserted for the unrated match (inserting is what the triggers allow).
    const [row] = await handle.db.prisma.ratingChange.findMany({ take: 1 });
    await handle.db.prisma.ratingChange.create({ data: { ...row!, id: undefined, matchId: unrated } });
    expect(await auditRatings(handle.db)).toEqual(expect.arrayContaining([expect.objectContaining({ matchId: unrated, problem: expect.stringMatching(/does not rate/) })]));
  });

  it("names the match and player of a change row edited behind the triggers' back", async () => {
    const target = finished[1]!;
    await withoutTriggers(() => handle.db.prisma.$executeRawUnsafe(`UPDATE "RatingChange" SET "after" = "after" + 5 WHERE "matchId" = '${target}' AND "userId" = '${bob.id}'`));
    const problems = await auditRatings(handle.db);
    expect(problems).toEqual(expect.arrayContaining([expect.objectContaining({ matchId: target, userId: bob.id, problem: expect.stringMatching(/^after is/) })]));
  });
});
