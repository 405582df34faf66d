import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminAudit, ROLL_LOG_VIEW } from "./admin";
import { matchVisibleTo } from "@/server/match/visibility";
import { listLiveMatches, listMatchesForUser, listOpenMatches, normalisePage } from "./listings";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "./test-databases";
import { newUser, playingMatch, takeSeat, testVault, waitingMatch } from "./test-fixtures";
import type { MatchRow, UserRow } from "./types";

const vault = testVault();

describe("normalisePage", () => {
  // Expected values: the rule in listings.ts (pages from 1, sizes 1..100, default 20).
  it.each([
    [{}, { page: 1, pageSize: 20, skip: 0 }],
    [{ page: 3, pageSize: 10 }, { page: 3, pageSize: 10, skip: 20 }],
    [{ page: 0, pageSize: 0 }, { page: 1, pageSize: 1, skip: 0 }],
    [{ page: -2, pageSize: 1000 }, { page: 1, pageSize: 100, skip: 0 }],
    [{ page: 2.7, pageSize: 5.5 }, { page: 2, pageSize: 5, skip: 5 }],
  ])("%j → %j", (request, expected) => {
    expect(normalisePage(request)).toEqual(expected);
  });
});

describe.each(testDatabaseKinds())("listings on %s", (kind) => {
  let handle: TestDatabase;
  let ada: UserRow;
  let bob: UserRow;
  let admin: UserRow;
  /** Oldest first: ada's public waiting match (fair-dice-v2), ada vs bob (seeded), bob's private waiting match. */
  let matches: MatchRow[];

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const { db } = handle;
    ada = await newUser(db, "ada");
    bob = await newUser(db, "bob");
    admin = await newUser(db, "admin");
    const first = await waitingMatch(db, vault, { creator: ada, chain: true });
    const second = await waitingMatch(db, vault, { creator: ada, color: "black" });
    await takeSeat(db, second.view, bob.id);
    const third = await waitingMatch(db, vault, { creator: bob, visibility: "private" });
    matches = [first.match, second.match, third.match];
  });
  afterAll(() => handle?.dispose());

  const ids = (page: { items: readonly { id: string }[] }) => page.items.map((m) => m.id);

  it("lists a user's matches newest first, by seat or creation, filtered by status and paged", async () => {
    const [first, second, third] = matches as [MatchRow, MatchRow, MatchRow];
    expect(ids(await listMatchesForUser(handle.db, ada.id))).toEqual([second.id, first.id]);
    expect(ids(await listMatchesForUser(handle.db, bob.id))).toEqual([third.id, second.id]);
    expect(ids(await listMatchesForUser(handle.db, bob.id, { status: "seeding" }))).toEqual([second.id]);
    const paged = await listMatchesForUser(handle.db, ada.id, { page: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(ids(paged)).toEqual([first.id]);
    const summary = (await listMatchesForUser(handle.db, bob.id)).items[1];
    expect(summary).toMatchObject({ creator: { id: ada.id, username: ada.username }, white: { id: bob.id }, black: { id: ada.id }, status: "seeding" });
    expect(summary).not.toHaveProperty("inviteToken");
  });

  it("lists open matches: public, waiting and fair-dice-v2 only", async () => {
    // A fair-dice-v1 match still waiting seats nobody: the lobby does not offer it.
    const oldProtocol = await waitingMatch(handle.db, vault, { creator: admin });
    const open = ids(await listOpenMatches(handle.db));
    expect(open).toContain(matches[0]?.id);
    expect(open).not.toContain(matches[1]?.id);
    expect(open).not.toContain(matches[2]?.id);
    expect(open).not.toContain(oldProtocol.match.id);
  });

  it("lists the public matches being played, however many private ones are newer", async () => {
    // The lobby took a page (50) of the newest playing matches and then dropped the private ones, so a page's worth of
    // newer private matches hid every public one (issue 23, point 5). A page of 5 and 6 private matches show it
    // without writing 60 matches. A database of its own, so that the other tests' counts stay as they are.
    const own = await openTestDatabase(kind);
    try {
      const { db } = own;
      const publicLive = await playingMatch(db, vault, "public");
      for (let i = 0; i < 6; i++) await playingMatch(db, vault, "private");
      await waitingMatch(db, vault, { visibility: "public" }); // waiting for an opponent: not live
      const seating = await waitingMatch(db, vault, { visibility: "public" });
      await takeSeat(db, seating.view, (await newUser(db)).id); // seated, the client seeds still missing: not live
      const newestPlaying = await db.prisma.match.findMany({ where: { status: "playing" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 5 });
      const filteredAfterwards = newestPlaying.filter((m) => m.visibility === "public");
      expect(filteredAfterwards).toEqual([]); // the old way: the public match is hidden
      const live = await listLiveMatches(db, { pageSize: 5 });
      expect(ids(live)).toEqual([publicLive.match.id]);
      expect(live.total).toBe(1);
    } finally {
      await own.dispose();
    }
  });

  it("lets the match page show a private match only to whom may see it, as if it did not exist to anyone else", async () => {
    const [first, , third] = matches as [MatchRow, MatchRow, MatchRow];
    expect(third.visibility).toBe("private");
    const row = await handle.db.prisma.match.findUniqueOrThrow({ where: { id: third.id } });
    const player = { id: (row.whiteId ?? row.blackId) as string, role: "USER" as const };
    const stranger = { id: "someone-else", role: "USER" as const };
    expect(await matchVisibleTo(handle.db, first.id, null, undefined)).toBe(true);
    expect(await matchVisibleTo(handle.db, third.id, player, undefined)).toBe(true);
    expect(await matchVisibleTo(handle.db, third.id, { id: "an-admin", role: "ADMIN" }, undefined)).toBe(true);
    expect(await matchVisibleTo(handle.db, third.id, stranger, row.inviteToken ?? undefined)).toBe(row.inviteToken !== null);
    expect(await matchVisibleTo(handle.db, third.id, stranger, undefined)).toBe(false);
    expect(await matchVisibleTo(handle.db, third.id, null, "wrong-token")).toBe(false);
    expect(await matchVisibleTo(handle.db, "nosuchmatch00", stranger, undefined)).toBe(false);
  });

  it("lists the audit trail newest first, by admin or match, with its details parsed", async () => {
    // Written as the admin queries write them (server/admin/): a row with its details as JSON text.
    const [first, second] = matches as [MatchRow, MatchRow];
    const look = (matchId: string | null, details: object | null) =>
      handle.db.prisma.adminAudit.create({ data: { adminId: admin.id, action: ROLL_LOG_VIEW, matchId, details: details === null ? null : JSON.stringify(details) } });
    await look(first.id, { view: "match" });
    await look(null, { user: "bob", page: 2 });
    await look(second.id, null);
    const all = await listAdminAudit(handle.db, { adminId: admin.id });
    expect(all.total).toBe(3);
    expect(all.items.map((entry) => [entry.matchId, entry.details])).toEqual([
      [second.id, null],
      [null, { user: "bob", page: 2 }],
      [first.id, { view: "match" }],
    ]);
    expect((await listAdminAudit(handle.db, { matchId: first.id })).items).toMatchObject([{ adminId: admin.id, action: ROLL_LOG_VIEW, details: { view: "match" } }]);
    expect((await listAdminAudit(handle.db, { adminId: bob.id })).total).toBe(0);
    expect(await listAdminAudit(handle.db, { adminId: admin.id, page: 2, pageSize: 2 })).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ matchId: first.id }] });
  });
});
