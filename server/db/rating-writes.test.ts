import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolve, type MatchView } from "@/lib/match";
import { appendEvent } from "./append-event";
import type { Db } from "./client";
import type { AppendEventInput } from "./event-store";
import { PrismaEventStore } from "./prisma-event-store";
import { eventAppend } from "./event-rows";
import { ratingWrite } from "./rating-writes";
import { runInPrisma, runOnSqlite } from "./sql-plan";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "./test-databases";
import { addClientSeed, newUser, storeEvent, takeSeat, testVault, waitingMatch } from "./test-fixtures";
import { inTransaction } from "./transaction";
import type { UserRow } from "./types";

const vault = testVault();
const SEED = "0".repeat(64);

describe.each(testDatabaseKinds())("rating changes on %s", (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.dispose());

  /** A rated (or not) match between white and black, seeded, not ended; its view. */
  async function readyMatch(white: UserRow, black: UserRow, matchLength: number, rated = true): Promise<MatchView> {
    const { view: created } = await waitingMatch(handle.db, vault, { creator: white, color: "white", matchLength, rated });
    let view = await takeSeat(handle.db, created, black.id);
    view = await addClientSeed(handle.db, view, white.id, "white-seed");
    return addClientSeed(handle.db, view, black.id, "black-seed");
  }

  async function ratingOf(userId: string) {
    return handle.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { rating: true, experience: true, ratedMatches: true, lastRatedAt: true } });
  }

  async function changesOf(matchId: string) {
    return handle.db.prisma.ratingChange.findMany({ where: { matchId }, orderBy: { delta: "desc" } });
  }

  it("writes the FIBS changes with the event that ends a rated match, checked by hand", async () => {
    const [ada, bob] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob")];
    // 5 points, both new (1500, experience 0, K = 5): P = 1/2, so each moves 4·5·√5·½ = 10√5 = 22.3607.
    const first = await readyMatch(ada, bob, 5);
    await storeEvent(handle.db, first, { type: "ended", reason: "finished", winner: "white", serverSeed: SEED }, null);
    const changes = await changesOf(first.matchId);
    expect(changes.map((c) => [c.userId, c.won, c.before, c.after, c.opponentId, c.opponentRating, c.matchLength])).toEqual([
      [ada.id, true, 1500, expect.closeTo(1522.3607, 4), bob.id, 1500, 5],
      [bob.id, false, 1500, expect.closeTo(1477.6393, 4), ada.id, 1500, 5],
    ]);
    expect(changes[0]?.delta).toBeCloseTo(22.3607, 4);
    expect(changes[1]?.delta).toBeCloseTo(-22.3607, 4);
    expect(await ratingOf(ada.id)).toMatchObject({ rating: expect.closeTo(1522.3607, 4), experience: 5, ratedMatches: 1 });
    expect((await ratingOf(bob.id)).lastRatedAt).toBeInstanceOf(Date);

    // Then bob (1477.64) beats ada (1522.36) over 3 points, both at experience 5 (K = 4.95):
    // P_upset = 1/(10^(44.7214·√3/2000) + 1) = 1/(1.09332 + 1) = 0.47772; change = 4.95·4·√3·(1 − 0.47772) = 17.9114.
    const second = await readyMatch(bob, ada, 3);
    await storeEvent(handle.db, second, { type: "ended", reason: "finished", winner: "white", serverSeed: SEED }, null);
    const [won, lost] = await changesOf(second.matchId);
    expect(won).toMatchObject({ userId: bob.id, before: expect.closeTo(1477.6393, 4), delta: expect.closeTo(17.9114, 4), after: expect.closeTo(1495.5507, 4) });
    expect(lost).toMatchObject({ userId: ada.id, before: expect.closeTo(1522.3607, 4), delta: expect.closeTo(-17.9114, 4), after: expect.closeTo(1504.4493, 4) });
    expect(await ratingOf(bob.id)).toMatchObject({ rating: expect.closeTo(1495.5507, 4), experience: 8, ratedMatches: 2 });
  });

  it("rates a claimed abandonment, and never an unrated match or a cancelled one", async () => {
    const [ada, bob, cyd, dan] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob"), await newUser(handle.db, "cyd"), await newUser(handle.db, "dan")];
    const claimed = await readyMatch(ada, bob, 3);
    await storeEvent(handle.db, claimed, { type: "ended", reason: "abandoned", winner: "black", serverSeed: SEED }, bob.id);
    expect((await changesOf(claimed.matchId)).map((c) => [c.userId, c.won])).toEqual([[bob.id, true], [ada.id, false]]);

    const unrated = await readyMatch(cyd, dan, 3, false);
    await storeEvent(handle.db, unrated, { type: "ended", reason: "finished", winner: "white", serverSeed: SEED }, null);
    const cancelled = await readyMatch(cyd, dan, 3);
    await storeEvent(handle.db, cancelled, { type: "ended", reason: "cancelled", winner: null, serverSeed: SEED }, cyd.id);
    expect(await changesOf(unrated.matchId)).toEqual([]);
    expect(await changesOf(cancelled.matchId)).toEqual([]);
    expect(await ratingOf(cyd.id)).toMatchObject({ rating: 1500, experience: 0, ratedMatches: 0, lastRatedAt: null });
  });

  it("cannot apply a match's rating twice: the same end again is a version conflict, a second write breaks the unique key", async () => {
    const [ada, bob] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob")];
    const view = await readyMatch(ada, bob, 1);
    const ended = { type: "ended", reason: "finished", winner: "black", serverSeed: SEED, detail: "Black won." } as const;
    const after = evolve(view, ended);
    const input = eventAppend(view, after, ended, null, new Date());
    expect(input.rating).toEqual({ winnerId: bob.id, loserId: ada.id, matchLength: 1 });
    expect((await appendEvent(handle.db, input)).ok).toBe(true);
    const again = await appendEvent(handle.db, input);
    expect(again.ok ? "" : again.code).toBe("ERR_VERSION_CONFLICT");
    const ratings = [await ratingOf(ada.id), await ratingOf(bob.id)];

    // The rating write alone, as a buggy caller might repeat it: the unique (match, player) key refuses it.
    await expect(
      inTransaction(handle.db, (tx) => runInPrisma(tx, kind, ratingWrite(view.matchId, input.rating!, new Date(), kind))),
    ).rejects.toThrow();
    if (handle.db.sqlite) {
      await expect(
        handle.db.sqlite.exclusive((connection) => connection.transaction(() => runOnSqlite(connection, ratingWrite(view.matchId, input.rating!, new Date(), "sqlite")))()),
      ).rejects.toThrow(/UNIQUE/);
    }
    expect(await changesOf(view.matchId)).toHaveLength(2);
    expect([await ratingOf(ada.id), await ratingOf(bob.id)]).toEqual(ratings);
  });

  it("chains two matches of one player that end at the same moment: the second starts from the first's result", async () => {
    const [ada, bob, cyd] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob"), await newUser(handle.db, "cyd")];
    const matches = [await readyMatch(ada, bob, 5), await readyMatch(cyd, ada, 5)];
    const ended = { type: "ended", reason: "finished", winner: "white", serverSeed: SEED, detail: "White won." } as const;
    // Ada wins one and loses the other; on PostgreSQL both transactions run at once and the second waits for the
    // first one's lock on ada's row (without the row lock both would read 1500 and one change would be lost).
    await Promise.all(matches.map((view) => storeEvent(handle.db, view, ended, null)));
    const changes = await handle.db.prisma.ratingChange.findMany({ where: { userId: ada.id }, orderBy: { id: "asc" } });
    expect(changes).toHaveLength(2);
    expect(changes[0]?.before).toBe(1500);
    expect(changes[1]?.before).toBeCloseTo(changes[0]!.after, 6);
    expect(await ratingOf(ada.id)).toMatchObject({ rating: expect.closeTo(changes[1]!.after, 6), experience: 10, ratedMatches: 2 });
  });

  it("writes the same rows through Prisma as through the SQLite fast path", async () => {
    const written = [];
    const viaStore = (db: Db, input: AppendEventInput) => db.events.append(input);
    const viaPrisma = (db: Db, input: AppendEventInput) => new PrismaEventStore(db).append(input);
    for (const append of [viaStore, viaPrisma]) {
      const [ada, bob] = [await newUser(handle.db, "ada"), await newUser(handle.db, "bob")];
      const view = await readyMatch(ada, bob, 7);
      const ended = { type: "ended", reason: "finished", winner: "white", serverSeed: SEED, detail: "White won." } as const;
      const at = new Date();
      expect((await append(handle.db, eventAppend(view, evolve(view, ended), ended, null, at))).ok).toBe(true);
      const rows = await handle.db.prisma.ratingChange.findMany({ where: { matchId: view.matchId }, orderBy: { won: "desc" } });
      const users = await handle.db.prisma.user.findMany({ where: { id: { in: [ada.id, bob.id] } }, orderBy: { rating: "desc" } });
      written.push({
        rows: rows.map(({ id: _id, matchId: _m, userId: _u, opponentId: _o, createdAt, ...rest }) => ({ ...rest, at: createdAt.getTime() > 0 })),
        // lastRatedAt is the append's own clock reading, different in each run.
        users: users.map(({ rating, experience, ratedMatches, lastRatedAt }) => ({ rating, experience, ratedMatches, rated: lastRatedAt !== null })),
      });
    }
    expect(written[0]).toEqual(written[1]);
    expect(written[0]?.users.map((user) => user.rated)).toEqual([true, true]);
  });

});
