/**
 * "Online now" costs a bounded number of database reads per ask, however many players are connected: the players'
 * rows are kept between asks and read again only for those who just arrived or whose row is older than its time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { newUser } from "@/server/db/test-fixtures";
import { setFollow } from "@/server/players/follows";
import { OnlineDirectory, ONLINE_ROW_TTL_MS, onlinePlayers } from "./online";

describe("online now's reads", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("sqlite");
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("reads the connected players' rows once, then only the newcomers' and the stale ones'", async () => {
    const crowd = await Promise.all(Array.from({ length: 30 }, (_, i) => newUser(handle.db, `crowd${i}`)));
    const me = crowd[0]!;
    await setFollow(handle.db, me.id, crowd[5]!.id, true);
    let now = 1_000_000;
    const directory = new OnlineDirectory({ now: () => now });
    const reads = vi.spyOn(handle.db.prisma.user, "findMany");
    const connected = crowd.map((user) => user.id);

    const first = await onlinePlayers(handle.db, connected, me.id, directory);
    expect(first.total).toBe(30);
    expect(first.players[0]).toMatchObject({ name: crowd[5]!.username, following: true });
    expect(reads).toHaveBeenCalledTimes(1);

    // Ten more asks by anyone: no user row read at all.
    reads.mockClear();
    for (let i = 0; i < 10; i++) expect(await onlinePlayers(handle.db, connected, crowd[i]!.id, directory)).toMatchObject({ total: 30 });
    expect(reads).not.toHaveBeenCalled();

    // A newcomer: one read, of that one row only. Someone leaving costs nothing.
    const late = await newUser(handle.db, "late");
    const after = await onlinePlayers(handle.db, [...connected.slice(1), late.id], null, directory);
    expect(after.total).toBe(30);
    expect(after.players.map((p) => p.name)).toContain(late.username);
    expect(after.players.map((p) => p.name)).not.toContain(me.username);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[0]?.where?.id).toEqual({ in: [late.id] });

    // A rating moved: shown once the row's time is up, by one read of the stale rows.
    await handle.db.prisma.user.update({ where: { id: crowd[7]!.id }, data: { rating: 1789.25 } });
    reads.mockClear();
    now += ONLINE_ROW_TTL_MS + 1;
    const fresh = await onlinePlayers(handle.db, connected, null, directory);
    expect(fresh.players.find((p) => p.id === crowd[7]!.id)?.rating).toBe(1789.3);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });
});
