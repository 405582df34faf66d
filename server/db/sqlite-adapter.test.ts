import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_CACHE_KIB } from "./sqlite-adapter";
import { openTestDatabase, type TestDatabase } from "./test-databases";
import { findUserByUsername } from "./users";

describe("the SQLite adapter", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("sqlite");
  });
  afterAll(() => handle?.dispose());

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
    let insideTransaction!: () => void;
    const started = new Promise<void>((resolve) => (insideTransaction = resolve));
    const transaction = prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { username: "rolled-back" } });
        insideTransaction();
        await held;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    await started;
    // Issued while the transaction holds an uncommitted row; with the stock adapter it would see that row and its
    // own write would vanish in the rollback.
    // Prisma's promises are lazy: `then` sends the query.
    const read = findUserByUsername(handle.db, "rolled-back").then((user) => user);
    const write = prisma.user.create({ data: { username: "outside" } }).then((user) => user);
    // Give both every chance to run early (with the stock adapter they complete within this pause); a correct
    // adapter holds them until the transaction ends however long it stays open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await transaction).toBe("roll back");
    expect(await read).toBeNull();
    await write;
    expect(await findUserByUsername(handle.db, "outside")).not.toBeNull();
  });
});
