import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appendEvent, type AppendEventInput } from "./append-event";
import type { EventStore } from "./event-store";
import { PrismaEventStore } from "./prisma-event-store";
import { openDb, type Db } from "./client";
import { loadMatch } from "./match-read";
import { SqliteEventStore } from "./sqlite-event-store";
import { openTestDatabase, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from "./test-databases";
import { seededMatch, testVault } from "./test-fixtures";
import { writeTransaction, type Tx } from "./transaction";
import type { JsonValue } from "./types";

const vault = testVault();

/** Every EventStore implementation on every database it serves: the one `db.events` holds, and Prisma's on SQLite too. */
const implementations: { readonly name: string; readonly kind: TestDatabaseKind; readonly store: (db: Db) => EventStore }[] = [
  ...testDatabaseKinds().map((kind) => ({ name: `db.events on ${kind}`, kind, store: (db: Db) => db.events })),
  { name: "PrismaEventStore on sqlite", kind: "sqlite", store: (db: Db) => new PrismaEventStore(db) },
];

describe.each(implementations)("the event store contract: $name", ({ kind, store }) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.dispose());
  const append = (input: AppendEventInput) => store(handle.db).append(input);

  it("lets exactly one of many concurrent appends with the same expected version win", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const contenders = 12;
    const results = await Promise.all(
      Array.from({ length: contenders }, (_, i) =>
        append({
          matchId: match.id,
          expectedVersion: version,
          event: { type: "roll", payload: { contender: i } },
          roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 1 + (i % 6), die2: 1 + ((i + 1) % 6) },
        }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toEqual({ ok: true, value: { version: version + 1 } });
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.code))).toEqual(Array(contenders - 1).fill("ERR_VERSION_CONFLICT"));
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version + 1);
    const winner = loaded?.events.at(-1)?.payload as { contender: number };
    // The one logged roll is the winner's, and no loser left an event behind.
    expect(loaded?.events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(loaded?.rolls).toHaveLength(1);
    expect(loaded?.rolls[0]?.die1).toBe(1 + (winner.contender % 6));
  });

  it("refuses a nonce that is already logged and writes nothing", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const roll = { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 5 } as const;
    expect(await append({ matchId: match.id, expectedVersion: version, event: { type: "roll", payload: 1 }, roll })).toEqual({
      ok: true,
      value: { version: version + 1 },
    });
    const again = await append({ matchId: match.id, expectedVersion: version + 1, event: { type: "roll", payload: 2 }, roll: { ...roll, die1: 4 } });
    expect(again.ok ? "" : again.code).toBe("ERR_NONCE_TAKEN");
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version + 1);
    expect(loaded?.events).toHaveLength(version + 1);
    expect(loaded?.rolls.map((r) => r.die1)).toEqual([3]);
  });

  it("refuses an expected version the match is not at, stale or ahead, and writes nothing", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    for (const expectedVersion of [version - 1, version + 1, version + 5]) {
      const result = await append({ matchId: match.id, expectedVersion, event: { type: "x", payload: expectedVersion } });
      expect(result.ok ? "" : result.code).toBe("ERR_VERSION_CONFLICT");
    }
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version);
    expect(loaded?.events).toHaveLength(version);
  });

  it("answers ERR_MATCH_NOT_FOUND for an unknown match", async () => {
    const result = await append({ matchId: "no-such-match", expectedVersion: 0, event: { type: "x", payload: null } });
    expect(result.ok ? "" : result.code).toBe("ERR_MATCH_NOT_FOUND");
  });

  it("applies the match update and records a finished game with the event, once per game number", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const finishedAt = new Date("2026-11-29T12:00:00.000Z");
    const game = { number: 1, winner: "black", points: 2, resultType: "gammon", endedBy: "bear-off", cubeValue: 1, crawford: false } as const;
    const ended = await append({
      matchId: match.id,
      expectedVersion: version,
      event: { type: "ended", payload: { winner: "black" } },
      matchUpdate: { status: "finished", scoreBlack: 2, winner: "black", endReason: "completed", finishedAt },
      game,
    });
    expect(ended.ok).toBe(true);
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match).toMatchObject({ status: "finished", scoreWhite: 0, scoreBlack: 2, winner: "black", endReason: "completed", finishedAt, version: version + 1 });
    expect(loaded?.games).toMatchObject([game]);
    const twice = await append({ matchId: match.id, expectedVersion: version + 1, event: { type: "ended", payload: null }, game });
    expect(twice.ok ? "" : twice.code).toBe("ERR_GAME_RECORDED");
  });

  it("rebuilds a match from its events: every payload comes back in order, unchanged", async () => {
    const { db } = handle;
    const { match, version, white } = await seededMatch(db, vault);
    // Payloads of every JSON shape, including text that needs escaping and characters outside ASCII.
    const payloads: JsonValue[] = [
      { type: "move", play: [{ from: 24, to: 18 }, { from: 13, to: 11 }], notation: "24/18 13/11" },
      [1, 2.5, -3, true, false, null],
      "quote \" backslash \\ newline \n tab \t unicode é 🎲",
      0,
      null,
      { nested: { deeper: { list: [{ empty: {} }, []] } } },
    ];
    let current = version;
    for (const payload of payloads) {
      const result = await append({ matchId: match.id, expectedVersion: current, event: { type: "action", payload, actorId: white.id } });
      if (!result.ok) throw new Error(result.code);
      current = result.value.version;
    }
    const loaded = await loadMatch(db, match.id);
    const played = loaded?.events.slice(version) ?? [];
    expect(played.map((e) => e.sequence)).toEqual(payloads.map((_, i) => version + 1 + i));
    expect(played.map((e) => e.payload)).toEqual(payloads);
    expect(played.every((e) => e.type === "action" && e.actorId === white.id)).toBe(true);
  });

  it("reads back the log it wrote and the version it reached; null for an unknown match", async () => {
    const { db } = handle;
    const { match, version, white } = await seededMatch(db, vault);
    expect(await append({ matchId: match.id, expectedVersion: version, event: { type: "action", payload: { n: 1 }, actorId: white.id } })).toMatchObject({ ok: true });
    const log = await store(db).readLog(match.id);
    expect(log?.match).toMatchObject({ id: match.id, version: version + 1 });
    expect(log?.seed.sealed).toEqual(expect.objectContaining({ ciphertext: expect.any(String) }));
    expect(log?.seed.revealedSeed).toBeNull(); // sealed until the reveal
    expect(log?.events.map((e) => e.sequence)).toEqual(Array.from({ length: version + 1 }, (_, i) => i + 1));
    expect(log?.events.at(-1)).toMatchObject({ type: "action", payload: { n: 1 }, actorId: white.id });
    expect(await store(db).version(match.id)).toBe(version + 1);
    expect(await store(db).readLog("no-such-match")).toBeNull();
    expect(await store(db).version("no-such-match")).toBeNull();
  });
});

describe("appendEvent on SQLite, written with better-sqlite3 instead of Prisma", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("sqlite");
  });
  afterAll(() => handle?.dispose());

  /**
   * Every column of the rows a match's appends wrote (events after the four the fixture made), except generated keys
   * and the match id, as SQLite holds them: times as their stored text (`|| ''` keeps Prisma from parsing them).
   */
  async function storedRows(db: Db, matchId: string) {
    const raw = (sql: string) => db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, matchId);
    const [match] = await raw(
      `SELECT "status", "scoreWhite", "scoreBlack", "winner", "endReason", "version", "startedAt" || '' AS "startedAt",
        "finishedAt" || '' AS "finishedAt", "updatedAt" || '' AS "updatedAt" FROM "Match" WHERE "id" = ?`,
    );
    return {
      match,
      events: await raw(`SELECT "sequence", "type", "payload", "actorId", "createdAt" || '' AS "createdAt" FROM "MatchEvent" WHERE "matchId" = ? AND "sequence" > 4 ORDER BY "sequence"`),
      rolls: await raw(`SELECT "nonce", "game", "kind", "player", "die1", "die2", "whiteSalt", "blackSalt", "whiteValue", "blackValue", "createdAt" || '' AS "createdAt" FROM "RollLog" WHERE "matchId" = ? ORDER BY "nonce"`),
      games: await raw(
        `SELECT "number", "winner", "points", "resultType", "endedBy", "cubeValue", "crawford", "createdAt" || '' AS "createdAt" FROM "Game" WHERE "matchId" = ? ORDER BY "number"`,
      ),
    };
  }

  it("writes exactly the rows the Prisma path writes, byte for byte, and reads back the same through Prisma", async () => {
    const { db } = handle;
    const now = new Date("2026-11-29T15:04:05.678Z");
    const steps = (matchId: string, actorId: string): AppendEventInput[] => [
      { matchId, expectedVersion: 4, event: { type: "roll", payload: { dice: [3, 1] } }, roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 1, whiteValue: "a".repeat(64), blackValue: "b".repeat(64) }, matchUpdate: { status: "playing", startedAt: now } },
      { matchId, expectedVersion: 5, event: { type: "move", payload: { play: "8/5 6/5", note: "é 🎲 \"q\"" }, actorId } },
      { matchId, expectedVersion: 6, event: { type: "roll", payload: null, actorId }, roll: { nonce: 1, game: 1, kind: "turn", player: "black", die1: 6, die2: 6, blackSalt: "c".repeat(32), whiteValue: "d".repeat(64) } },
      { matchId, expectedVersion: 7, event: { type: "resign", payload: { level: 2 }, actorId }, matchUpdate: { scoreWhite: 2 }, game: { number: 1, winner: "white", points: 2, resultType: "gammon", endedBy: "resignation", cubeValue: 1, crawford: true } },
      { matchId, expectedVersion: 8, event: { type: "ended", payload: {} }, matchUpdate: { status: "finished", winner: "white", endReason: "completed", finishedAt: now, scoreBlack: 0 } },
    ];
    const viaPrisma = await seededMatch(db, vault);
    const direct = await seededMatch(db, vault);
    for (const step of steps(viaPrisma.match.id, viaPrisma.black.id)) expect(await new PrismaEventStore(db).append(step, now)).toMatchObject({ ok: true });
    expect(db.events).toBeInstanceOf(SqliteEventStore);
    for (const step of steps(direct.match.id, viaPrisma.black.id)) expect(await db.events.append(step, now)).toMatchObject({ ok: true });
    const expected = await storedRows(db, viaPrisma.match.id);
    expect(expected.events).toHaveLength(5);
    // fair-dice-v3: the values are written beside the salts, both ways.
    expect((expected.rolls as { whiteValue: string | null; blackValue: string | null; blackSalt: string | null }[]).map(({ whiteValue, blackValue, blackSalt }) => ({ whiteValue, blackValue, blackSalt }))).toEqual([
      { whiteValue: "a".repeat(64), blackValue: "b".repeat(64), blackSalt: null },
      { whiteValue: "d".repeat(64), blackValue: null, blackSalt: "c".repeat(32) },
    ]);
    expect(expected.match?.updatedAt).toBe("2026-11-29T15:04:05.678+00:00");
    expect(await storedRows(db, direct.match.id)).toEqual(expected);
    const [a, b] = [await loadMatch(db, viaPrisma.match.id), await loadMatch(db, direct.match.id)];
    expect(b?.events.slice(4)).toEqual(a?.events.slice(4));
    expect(b?.rolls).toEqual(a?.rolls);
    expect(b?.games).toEqual(a?.games);
    expect(b?.match).toMatchObject({ status: "finished", winner: "white", scoreWhite: 2, version: 9, startedAt: now, finishedAt: now, updatedAt: now });
    // The one generated key either path makes, Game.id, has the form the schema declares (@default(uuid()): v4).
    const gameIds = await db.prisma.game.findMany({ where: { matchId: { in: [viaPrisma.match.id, direct.match.id] } }, select: { id: true } });
    expect(gameIds).toHaveLength(2);
    for (const { id } of gameIds) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("writes the appends asked for in one event-loop turn with one commit, each with its own outcome", async () => {
    const { db } = handle;
    const [first, second] = [await seededMatch(db, vault), await seededMatch(db, vault)];
    const sqlite = db.sqlite!;
    const exclusive = vi.spyOn(sqlite, "exclusive");
    try {
      const results = await Promise.all([
        appendEvent(db, { matchId: first.match.id, expectedVersion: 4, event: { type: "a", payload: 1 }, roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 2, die2: 1 } }),
        // Same match and version again: loses to the one before it in the same commit, as a second transaction would.
        appendEvent(db, { matchId: first.match.id, expectedVersion: 4, event: { type: "a-again", payload: 2 } }),
        // A failure that is not a Result (an unknown actor breaks a foreign key) is this append's alone.
        appendEvent(db, { matchId: second.match.id, expectedVersion: 4, event: { type: "bad", payload: null, actorId: "no-such-user" } }).catch((error: Error) => error.message),
        appendEvent(db, { matchId: second.match.id, expectedVersion: 4, event: { type: "b", payload: 3 } }),
        appendEvent(db, { matchId: first.match.id, expectedVersion: 5, event: { type: "a2", payload: 4 } }),
      ]);
      expect(exclusive).toHaveBeenCalledTimes(1);
      expect(results[0]).toEqual({ ok: true, value: { version: 5 } });
      expect(results[1]).toMatchObject({ ok: false, code: "ERR_VERSION_CONFLICT" });
      expect(results[2]).toMatch(/FOREIGN KEY/);
      expect(results[3]).toEqual({ ok: true, value: { version: 5 } });
      expect(results[4]).toEqual({ ok: true, value: { version: 6 } });
    } finally {
      exclusive.mockRestore();
    }
    const [a, b] = [await loadMatch(db, first.match.id), await loadMatch(db, second.match.id)];
    expect(a?.events.slice(4).map((e) => e.type)).toEqual(["a", "a2"]);
    expect(a?.rolls.map((r) => r.nonce)).toEqual([0]);
    expect(b?.events.slice(4).map((e) => e.type)).toEqual(["b"]);
    expect(b?.match.version).toBe(5);
  });

  it("writes a burst in commits of at most 16 appends, so the first of a burst does not wait for all of it", async () => {
    const { db } = handle;
    const matches = await Promise.all(Array.from({ length: 40 }, () => seededMatch(db, vault)));
    const exclusive = vi.spyOn(db.sqlite!, "exclusive");
    try {
      const results = await Promise.all(matches.map(({ match }) => appendEvent(db, { matchId: match.id, expectedVersion: 4, event: { type: "burst", payload: null } })));
      expect(results.every((result) => result.ok)).toBe(true);
      expect(exclusive).toHaveBeenCalledTimes(3); // 16 + 16 + 8
    } finally {
      exclusive.mockRestore();
    }
  });

  it("waits for an open Prisma transaction instead of writing inside it", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: (tx: Tx) => void;
    const inside = new Promise<Tx>((resolve) => (started = resolve));
    // A transaction that takes the next version, holds it uncommitted, then rolls back.
    const rolledBack = writeTransaction(db, async (tx) => {
      expect(await tx.$executeRaw`UPDATE "Match" SET "version" = ${version + 1} WHERE "id" = ${match.id} AND "version" = ${version}`).toBe(1);
      await tx.$executeRaw`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "createdAt") VALUES (${match.id}, ${version + 1}, 'doomed', 'null', ${new Date()})`;
      started(tx);
      await held;
      return { ok: false as const, code: "ERR_TEST_ROLLBACK", message: "roll back" };
    });
    const tx = await inside;
    let settled = false;
    const append = appendEvent(db, { matchId: match.id, expectedVersion: version, event: { type: "kept", payload: 1 } }).finally(() => (settled = true));
    // Inside the transaction it would see the uncommitted version and answer ERR_VERSION_CONFLICT at once: queries
    // sent after it, inside the transaction (which holds the connection), come back while it still waits.
    for (let i = 0; i < 3; i++) await tx.$queryRaw`SELECT "version" FROM "Match" WHERE "id" = ${match.id}`;
    expect(settled).toBe(false);
    release();
    expect(await rolledBack).toMatchObject({ ok: false, code: "ERR_TEST_ROLLBACK" });
    expect(await append).toEqual({ ok: true, value: { version: version + 1 } });
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.events.map((e) => e.type).slice(version)).toEqual(["kept"]);
  });

  it("connects a client that has not run a query yet, and rolls back a write whose event violates a constraint", async () => {
    const { match, version } = await seededMatch(handle.db, vault);
    // Closing the last handle disconnects the shared client; the next handle starts unconnected.
    const url = handle.db.url;
    const second = openDb(url);
    await handle.db.close();
    await second.close();
    const fresh = openDb(url);
    handle = { ...handle, db: fresh };
    expect(await appendEvent(fresh, { matchId: match.id, expectedVersion: version, event: { type: "first", payload: null } })).toMatchObject({ ok: true });
    // An unknown actor breaks the event's foreign key after the version was bumped: the bump must not survive.
    await expect(
      appendEvent(fresh, { matchId: match.id, expectedVersion: version + 1, event: { type: "bad", payload: null, actorId: "no-such-user" } }),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect((await loadMatch(fresh, match.id))?.match.version).toBe(version + 1);
  });
});
