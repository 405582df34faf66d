import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendEvent } from "./append-event";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "./test-databases";
import { seededMatch, testVault } from "./test-fixtures";

const vault = testVault();

/** The append-only tables, and for each an INSERT that is valid given a match id and a user id. */
const TABLES = [
  {
    table: "RollLog",
    insert: (matchId: string) =>
      `INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt") VALUES ('${matchId}', 99, 1, 'turn', 'white', 2, 3, CURRENT_TIMESTAMP)`,
  },
  {
    table: "MatchEvent",
    insert: (matchId: string) =>
      `INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "createdAt") VALUES ('${matchId}', 99, 'raw', '{}', CURRENT_TIMESTAMP)`,
  },
  {
    table: "AdminAudit",
    insert: (matchId: string, userId: string) =>
      `INSERT INTO "AdminAudit" ("adminId", "action", "matchId", "createdAt") VALUES ('${userId}', 'raw', '${matchId}', CURRENT_TIMESTAMP)`,
  },
  {
    table: "RatingChange",
    insert: (matchId: string, userId: string) =>
      `INSERT INTO "RatingChange" ("matchId", "userId", "opponentId", "matchLength", "won", "before", "after", "delta", "opponentRating", "createdAt") VALUES ('${matchId}', '${userId}', '${userId}', 1, false, 1500, 1490, -10, 1500, CURRENT_TIMESTAMP)`,
  },
] as const;

describe.each(testDatabaseKinds())("append-only tables on %s (triggers in the migrations)", (kind) => {
  let handle: TestDatabase;
  let matchId: string;
  let userId: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const seeded = await seededMatch(handle.db, vault);
    matchId = seeded.match.id;
    userId = seeded.white.id;
    const rolled = await appendEvent(handle.db, {
      matchId,
      expectedVersion: seeded.version,
      event: { type: "roll", payload: { dice: [3, 5] } },
      roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 5 },
    });
    if (!rolled.ok) throw new Error(rolled.code);
    await handle.db.prisma.adminAudit.create({ data: { adminId: userId, action: "view-match", matchId } });
  });
  afterAll(() => handle?.dispose());

  const count = async (table: string): Promise<number> => {
    const rows = await handle.db.prisma.$queryRawUnsafe<{ n: unknown }[]>(`SELECT COUNT(*) AS n FROM "${table}" WHERE "matchId" = '${matchId}'`);
    return Number(rows[0]?.n);
  };

  it.each(TABLES)("$table: INSERT is allowed", async ({ table, insert }) => {
    const before = await count(table);
    await handle.db.prisma.$executeRawUnsafe(insert(matchId, userId));
    expect(await count(table)).toBe(before + 1);
  });

  it.each(TABLES)("$table: UPDATE is refused", async ({ table }) => {
    const column = table === "AdminAudit" ? `"action" = 'changed'` : `"createdAt" = CURRENT_TIMESTAMP`;
    await expect(handle.db.prisma.$executeRawUnsafe(`UPDATE "${table}" SET ${column} WHERE "matchId" = '${matchId}'`)).rejects.toThrow(
      `${table} is append-only: UPDATE refused`,
    );
  });

  it.each(TABLES)("$table: DELETE is refused and every row stays", async ({ table }) => {
    const before = await count(table);
    expect(before).toBeGreaterThan(0);
    await expect(handle.db.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE "matchId" = '${matchId}'`)).rejects.toThrow(
      `${table} is append-only: DELETE refused`,
    );
    expect(await count(table)).toBe(before);
  });

  it.runIf(kind === "postgres").each(TABLES)("$table: TRUNCATE is refused", async ({ table }) => {
    await expect(handle.db.prisma.$executeRawUnsafe(`TRUNCATE "${table}" CASCADE`)).rejects.toThrow(`${table} is append-only: TRUNCATE refused`);
  });

  it("deleting a match with a record is refused (Restrict, never a cascade into the log)", async () => {
    await expect(handle.db.prisma.$executeRawUnsafe(`DELETE FROM "Match" WHERE "id" = '${matchId}'`)).rejects.toThrow();
    expect(await count("RollLog")).toBeGreaterThan(0);
  });
});
