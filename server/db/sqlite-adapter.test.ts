import { describe, expect, it } from "vitest";
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_CACHE_KIB, sqliteTimestamp } from "./sqlite-adapter";
import { useTestDatabase } from "@/tests/support/test-database";
import type { Tx } from "./db";
import { findUserByUsername } from "./users";

describe("the SQLite adapter", () => {
  const handle = useTestDatabase("sqlite");

  it("sets WAL, synchronous=NORMAL, the busy timeout, foreign keys and the page cache on every connection", async () => {
    const pragma = async (name: string) => {
      const rows = await handle.db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
      return String(Object.values(rows[0] ?? {})[0]);
    };
    // Expected values from https://www.sqlite.org/pragma.html: synchronous NORMAL is 1, foreign_keys ON is 1, a
    // cache_size set in KiB reads back negative.
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe("1");
    expect(await pragma("busy_timeout")).toBe(String(SQLITE_BUSY_TIMEOUT_MS));
    expect(await pragma("foreign_keys")).toBe("1");
    expect(await pragma("cache_size")).toBe(String(-SQLITE_CACHE_KIB));
  });

  it("makes a plain query wait for an open transaction instead of running inside it", async () => {
    const { prisma } = handle.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let insideTransaction!: (tx: Tx) => void;
    const started = new Promise<Tx>((resolve) => (insideTransaction = resolve));
    const transaction = prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { username: "rolled-back" } });
        insideTransaction(tx);
        await held;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    const tx = await started;
    // Issued while the transaction holds an uncommitted row; with the stock adapter it would see that row and its
    // own write would vanish in the rollback.
    // Prisma's promises are lazy: `then` sends the query.
    let settled = 0;
    const read = findUserByUsername(handle.db, "rolled-back").then((user) => (settled++, user));
    const write = prisma.user.create({ data: { username: "outside" } }).then((user) => (settled++, user));
    // Both had every chance to run early: queries sent after them, through the same client, inside the transaction
    // (which holds the connection), have come back — with the stock adapter the two would have run before these. A
    // correct adapter holds them until the transaction ends however long it stays open.
    for (let i = 0; i < 3; i++) await tx.user.count();
    expect(settled).toBe(0);
    release();
    expect(await transaction).toBe("roll back");
    expect(await read).toBeNull();
    await write;
    expect(await findUserByUsername(handle.db, "outside")).not.toBeNull();
  });

  it("stores a DateTime as sqliteTimestamp text and reads it back as the same instant", async () => {
    const { prisma } = handle.db;
    const at = new Date("2026-12-02T09:08:07.654Z");
    const user = await prisma.user.create({ data: { username: "dated", createdAt: at } });
    expect(user.createdAt).toEqual(at);
    const [row] = await prisma.$queryRawUnsafe<{ stored: string }[]>(`SELECT "createdAt" || '' AS "stored" FROM "User" WHERE "id" = ?`, user.id);
    expect(row?.stored).toBe(sqliteTimestamp(at));
    expect(sqliteTimestamp(at)).toBe("2026-12-02T09:08:07.654+00:00");
  });

  it("turns SQLite's constraint errors into Prisma's codes (P2002 unique, P2003 foreign key) and writes nothing", async () => {
    const { prisma } = handle.db;
    await prisma.user.create({ data: { username: "taken" } });
    await expect(prisma.user.create({ data: { username: "taken" } })).rejects.toMatchObject({ code: "P2002" });
    await expect(prisma.match.create({ data: { creatorId: "no-such-user", matchLength: 3 } })).rejects.toMatchObject({ code: "P2003" });
    expect(await prisma.user.count({ where: { username: "taken" } })).toBe(1);
    expect(await prisma.match.count({ where: { creatorId: "no-such-user" } })).toBe(0);
  });
});
