/**
 * The rows a join and the client seeds write (eventAppend → appendEvent): the same through Prisma (PostgreSQL's path)
 * and through better-sqlite3 (SQLite's), as append-event.test.ts checks for play events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "@/lib/match";
import type { AppendEventInput } from "./append-event";
import { PrismaEventStore } from "./prisma-event-store";
import type { Db } from "./client";
import { eventAppend } from "./event-rows";
import { appendEventsOnSqlite } from "./sqlite-event-store";
import { openTestDatabase, type TestDatabase } from "./test-databases";
import { decided, newUser, testVault, waitingMatch } from "./test-fixtures";
import { playerInfo } from "./users";

const vault = testVault();

describe("a match's set-up written by both append paths", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("sqlite");
  });
  afterAll(() => handle?.dispose());

  /**
   * A join and both seeds, as appendEvent inputs, each decided on the view the previous one left. The view must be a
   * fair-dice-v2 match's (`waitingMatch(…, { chain: true })`): decide seats players in no other.
   */
  function setUp(view: MatchView, joiner: { id: string; username: string; isGuest: boolean }, at: Date): AppendEventInput[] {
    const joining = { player: playerInfo({ ...joiner, computerLevel: null }), kind: "registered" } as const;
    const joined = decided(view, { type: "join" }, joining);
    const creator = view.players.white;
    if (!creator) throw new Error("no creator");
    const white = decided(joined.view, { type: "seed", clientSeed: "white_seed", commitment: view.commitment }, { player: creator, kind: "registered" });
    const black = decided(white.view, { type: "seed", clientSeed: "black-seed", commitment: view.commitment }, joining);
    return [
      eventAppend(view, joined.view, joined.events[0]!, joiner.id, at),
      eventAppend(joined.view, white.view, white.events[0]!, creator.id, at),
      eventAppend(white.view, black.view, black.events[0]!, joiner.id, at),
    ];
  }

  /** The match's row, seed columns and events after the first, as SQLite holds them (times as their stored text). */
  async function storedRows(db: Db, matchId: string) {
    const raw = (sql: string) => db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, matchId);
    const [match] = await raw(`SELECT "status", "whiteId", "blackId", "version", "startedAt" || '' AS "startedAt", "updatedAt" || '' AS "updatedAt" FROM "Match" WHERE "id" = ?`);
    const [seed] = await raw(`SELECT "whiteClientSeed", "blackClientSeed" FROM "MatchSeed" WHERE "matchId" = ?`);
    const events = await raw(`SELECT "sequence", "type", "payload", "actorId", "createdAt" || '' AS "createdAt" FROM "MatchEvent" WHERE "matchId" = ? AND "sequence" > 1 ORDER BY "sequence"`);
    // The user ids differ from match to match: only that they are set is compared here.
    return {
      match: { ...match, whiteId: typeof match?.whiteId, blackId: typeof match?.blackId },
      seed,
      events: events.map((e) => ({ ...e, actorId: typeof e.actorId, payload: String(e.payload).replace(/"userId":"[^"]+"/, '"userId":"…"') }) as Record<string, unknown>),
    };
  }

  it("seats, seeds and starts the match with the same rows", async () => {
    const { db } = handle;
    const at = new Date("2026-12-01T09:08:07.654Z");
    const [viaPrisma, direct] = [await waitingMatch(db, vault, { chain: true }), await waitingMatch(db, vault, { chain: true })];
    const [prismaJoiner, directJoiner] = [await newUser(db), await newUser(db)];
    for (const step of setUp(viaPrisma.view, prismaJoiner, at)) expect(await new PrismaEventStore(db).append(step, at)).toMatchObject({ ok: true });
    for (const step of setUp(direct.view, directJoiner, at)) {
      expect(await db.sqlite!.exclusive((connection) => appendEventsOnSqlite(connection, [{ input: step, now: at }]))).toMatchObject([{ result: { ok: true } }]);
    }
    const expected = await storedRows(db, viaPrisma.match.id);
    expect(expected.match).toEqual({ status: "playing", whiteId: "string", blackId: "string", version: 4, startedAt: "2026-12-01T09:08:07.654+00:00", updatedAt: "2026-12-01T09:08:07.654+00:00" });
    expect(expected.seed).toEqual({ whiteClientSeed: "white_seed", blackClientSeed: "black-seed" });
    expect(expected.events.map((e) => e.type)).toEqual(["player-joined", "client-seed", "client-seed"]);
    expect(await storedRows(db, direct.match.id)).toEqual(expected);
    const seats = async (matchId: string) => db.prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { whiteId: true, blackId: true } });
    expect(await seats(viaPrisma.match.id)).toEqual({ whiteId: viaPrisma.creator.id, blackId: prismaJoiner.id });
    expect(await seats(direct.match.id)).toEqual({ whiteId: direct.creator.id, blackId: directJoiner.id });
  });

  it("refuses on both paths a client seed for a seat whose seed is already stored, writing nothing", async () => {
    const { db } = handle;
    const { match, view } = await waitingMatch(db, vault, { chain: true });
    const [join, whiteSeed] = setUp(view, await newUser(db), new Date()) as [AppendEventInput, AppendEventInput];
    for (const step of [join, whiteSeed]) expect(await new PrismaEventStore(db).append(step)).toMatchObject({ ok: true });
    const again = { ...whiteSeed, expectedVersion: 3 };
    await expect(new PrismaEventStore(db).append(again)).rejects.toThrow(/white's client seed is already stored/);
    expect(await db.sqlite!.exclusive((connection) => appendEventsOnSqlite(connection, [{ input: again, now: new Date() }]))).toMatchObject([
      { error: expect.objectContaining({ message: expect.stringMatching(/white's client seed is already stored/) }) },
    ]);
    const row = await db.prisma.match.findUniqueOrThrow({ where: { id: match.id }, include: { seed: true, events: true } });
    expect([row.version, row.events.length, row.seed?.whiteClientSeed]).toEqual([3, 3, "white_seed"]);
  });
});
