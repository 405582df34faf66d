/**
 * The public dice record and its dataset on every test database: only finished public matches count (a running
 * match's seeds are secret, a private match is nobody else's), the counts are right, the cache computes once, and the
 * dataset streams every roll in order, in batches, and refuses bad filters and floods.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { Db } from "@/server/db/client";
import type { Visibility } from "@/server/db/types";
import { createLimiter } from "@/server/rate-limiter";
import { datasetResponse, datasetStream, parseDatasetQuery } from "./dice-dataset";
import { computeDiceRecord, diceRecordFrom, DiceRecordCache, type DiceRecord } from "./dice-record";
import { monthOf, PUBLIC_FINISHED, ROLLER, tallyPlan } from "./dice-tally";

type Rolled = readonly [number, number];
/** A finished public match's turn rolls (white, black, white, …) after its opening 3-1. */
const COUNTED: readonly Rolled[] = [[6, 6], [1, 2], [3, 3], [5, 4], [2, 1], [6, 6]];

/** A match with an opening 3-1 and these turn rolls, its status and visibility set as given. */
async function matchWithRolls(db: Db, rolls: readonly Rolled[], status: "finished" | "playing", visibility: Visibility, white?: string, createdAt?: Date) {
  const waiting = await waitingMatch(db, testVault(), { color: "white", visibility });
  const black = await newUser(db, "black");
  const whiteId = white ?? waiting.creator.id;
  await db.prisma.match.update({ where: { id: waiting.match.id }, data: { status, whiteId, blackId: black.id } });
  await db.prisma.rollLog.createMany({
    data: [
      { matchId: waiting.match.id, nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 1, createdAt },
      ...rolls.map(([die1, die2], i) => ({ matchId: waiting.match.id, nonce: i + 1, game: 1, kind: "turn" as const, player: i % 2 === 0 ? ("white" as const) : ("black" as const), die1, die2, createdAt })),
    ],
  });
  return { matchId: waiting.match.id, whiteId, blackId: black.id };
}

/** The record as it was computed before the tallies (issue 47): two GROUP BYs over the whole roll log. */
async function scannedRecord(db: Db): Promise<Omit<DiceRecord, "computedAt">> {
  const month = monthOf(db.kind, `r."createdAt"`);
  const pairs = await db.prisma.$queryRawUnsafe<{ month: string; die1: number; die2: number; count: bigint }[]>(
    `SELECT ${month} AS "month", r."die1" AS "die1", r."die2" AS "die2", COUNT(*) AS "count"
       FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId" WHERE ${PUBLIC_FINISHED} GROUP BY ${month}, r."die1", r."die2"`,
  );
  const players = await db.prisma.$queryRawUnsafe<{ userId: string; rolls: bigint; doubles: bigint; pips: bigint }[]>(
    `SELECT ${ROLLER} AS "userId", COUNT(*) AS "rolls", SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END) AS "doubles",
            SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END) AS "pips"
       FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId" WHERE r."kind" = 'turn' AND ${PUBLIC_FINISHED} GROUP BY ${ROLLER}`,
  );
  const matches = await db.prisma.match.count({ where: { status: "finished", visibility: "public" } });
  const { computedAt: _at, ...record } = await diceRecordFrom(pairs, players, matches, db, () => new Date(0));
  return record;
}

const withoutTime = ({ computedAt: _at, ...record }: DiceRecord) => record;

/** A finished public match of `count` turn rolls from a small seeded generator, made in month `month` of 2026. */
async function randomMatch(db: Db, seed: number, count: number, month: number, white?: string) {
  let state = seed;
  const die = () => 1 + ((state = (state * 1103515245 + 12345) % 2147483648) % 6);
  return matchWithRolls(db, Array.from({ length: count }, () => [die(), die()] as const), "finished", "public", white, new Date(Date.UTC(2026, month - 1, 10)));
}

const generous = () => createLimiter({ limit: 1000, windowMs: 60_000 }, `test:${Math.random()}`);

describe.each(testDatabaseKinds())("the public dice record on %s", (kind) => {
  let handle: TestDatabase;
  let counted: { matchId: string; whiteId: string };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    counted = await matchWithRolls(handle.db, COUNTED, "finished", "public");
    // Not counted: a running public match and a finished private one, with rolls that would show (all 1-1).
    await matchWithRolls(handle.db, [[1, 1], [1, 1], [1, 1]], "playing", "public");
    await matchWithRolls(handle.db, [[1, 1], [1, 1], [1, 1]], "finished", "private");
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("counts every roll of finished public matches only: faces, outcomes, doubles, months, players", async () => {
    const record = await computeDiceRecord(handle.db);
    expect(record.matches).toBe(1);
    expect(record.overall.rolls).toBe(7);
    expect(record.overall.doubles.count).toBe(3);
    expect(record.overall.outcomes.find((o) => o.label === "6-6")?.count).toBe(2);
    expect(record.overall.outcomes.find((o) => o.label === "1-1")?.count).toBe(0);
    // 3-1, 6-6, 1-2, 3-3, 5-4, 2-1, 6-6.
    expect(record.overall.faces).toEqual([3, 2, 3, 1, 1, 4]);
    expect(record.months).toHaveLength(1);
    expect(record.months[0]?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(record.months[0]?.stats.rolls).toBe(7);
    // Turn rolls only, by their roller: white rolled 6-6, 3-3, 2-1; black 1-2, 5-4, 6-6.
    const white = record.players.find((p) => p.rolls === 3 && p.doubles === 2);
    const black = record.players.find((p) => p.rolls === 3 && p.doubles === 1);
    expect(white?.pipsPerRoll).toBeCloseTo((24 + 12 + 3) / 3);
    expect(black?.pipsPerRoll).toBeCloseTo((3 + 9 + 24) / 3);
    expect(record.luckOutliers).toEqual({ players: 0, outside: 0 });
  });

  it("computes once for a crowd, and again only after its time", async () => {
    let now = new Date("2026-12-01T00:00:00Z");
    const cache = new DiceRecordCache(handle.db, { ttlMs: 60_000, now: () => now });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    now = new Date(now.getTime() + 59_000);
    expect(await cache.get()).toBe(a);
    now = new Date(now.getTime() + 2_000);
    const later = await cache.get();
    expect(later).not.toBe(a);
    expect(later.overall.rolls).toBe(7);
  });

  it("streams every counted roll in order, in batches, as CSV and as JSON, with each match's audit link", async () => {
    const read = async (format: "csv" | "json", batch: number) => new Response(datasetStream(handle.db, {}, format, "https://fair.example", batch)).text();
    const csv = await read("csv", 2);
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("match_id,game,nonce,kind,player,die1,die2,audit");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 7).join(","))).toEqual([
      `${counted.matchId},1,0,opening,,3,1`,
      ...COUNTED.map(([d1, d2], i) => `${counted.matchId},1,${i + 1},turn,${i % 2 === 0 ? "white" : "black"},${d1},${d2}`),
    ]);
    expect(lines[1]?.split(",")[7]).toBe(`https://fair.example/api/matches/${counted.matchId}/audit`);
    const json = JSON.parse(await read("json", 3)) as { matchId: string; dice: number[] }[];
    expect(json.map((row) => row.dice)).toEqual([[3, 1], ...COUNTED]);
    expect(JSON.parse(await read("json", 100))).toEqual(json);
    // This month's window holds them all; a window with nothing in it is an empty list.
    const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const windowed = JSON.parse(await new Response(datasetStream(handle.db, { from: thisMonth, until: new Date(thisMonth.getTime() + 40 * 86_400_000) }, "json", "x", 4)).text()) as unknown[];
    expect(windowed).toHaveLength(7);
    expect(JSON.parse(await new Response(datasetStream(handle.db, { from: new Date("2001-01-01"), until: new Date("2001-02-01") }, "json", "x")).text())).toEqual([]);
  });

  it("refuses bad filters and a flood from one address, and names the download", async () => {
    for (const query of ["from=2026-13", "from=26-01", "from=x", "to=2026-01&from=2026-02", "from=2026-01&from=2026-02", "limit=5", "from=<script>"]) {
      expect(parseDatasetQuery(new URLSearchParams(query)), query).toMatchObject({ ok: false, code: "ERR_BAD_REQUEST" });
    }
    expect(parseDatasetQuery(new URLSearchParams("from=2026-01&to=2026-01"))).toEqual({ ok: true, value: { from: new Date("2026-01-01T00:00:00Z"), until: new Date("2026-02-01T00:00:00Z") } });
    const bad = await datasetResponse(handle.db, new Request("http://x/api/fairness/dice.csv?from=nope"), "csv", generous());
    expect(bad.status).toBe(400);
    const limiter = createLimiter({ limit: 2, windowMs: 60_000 }, `test:${Math.random()}`);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await datasetResponse(handle.db, new Request("http://x/api/fairness/dice.json"), "json", limiter);
      statuses.push(answer.status);
      if (answer.status === 200) {
        expect(answer.headers.get("content-disposition")).toBe('attachment; filename="fairgammon-dice.json"');
        await answer.text();
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("names the site's host in the audit links, not the name the server listens on", async () => {
    // Behind the custom server a route's request.url says localhost whatever host the visitor used.
    const at = (headers: Record<string, string>) => new Request("http://localhost:3000/api/fairness/dice.csv", { headers });
    const firstAudit = async (answer: Response) => (await answer.text()).split("\n")[1]?.split(",")[7];
    const audit = `/api/matches/${counted.matchId}/audit`;
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "fair.example:8080" }), "csv", generous(), undefined))).toBe(`http://fair.example:8080${audit}`);
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "10.0.0.5:3000", "x-forwarded-host": "fair.example", "x-forwarded-proto": "https" }), "csv", generous(), undefined))).toBe(`https://fair.example${audit}`);
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "10.0.0.5:3000" }), "csv", generous(), "https://fairgammon.example"))).toBe(`https://fairgammon.example${audit}`);
  });

  it("counts what a GROUP BY over the whole roll log counts, as matches finish between two refreshes", async () => {
    expect(withoutTime(await computeDiceRecord(handle.db))).toEqual(await scannedRecord(handle.db));
    const regular = await newUser(handle.db, "regular");
    for (let i = 0; i < 7; i++) await randomMatch(handle.db, 1000 + i, 20 + 9 * i, 1 + (i % 3), i % 2 === 0 ? regular.id : undefined);
    await matchWithRolls(handle.db, [[2, 2], [2, 2]], "playing", "public");
    const record = await computeDiceRecord(handle.db);
    expect(record.matches).toBe(8);
    expect(withoutTime(record)).toEqual(await scannedRecord(handle.db));
    // Counted once: another refresh with nothing new finds the same.
    expect(withoutTime(await computeDiceRecord(handle.db))).toEqual(withoutTime(record));
  });

  it("reads only the new matches' rolls, by the roll log's key, never the whole log (SQLite's plan)", async () => {
    if (!handle.db.sqlite) return;
    await randomMatch(handle.db, 77, 30, 5);
    const plans: string[] = [];
    const counted = await handle.db.sqlite.exclusive((connection) => {
      const plan = tallyPlan("sqlite", new Date(), 50);
      let step = plan.next();
      while (!step.done) {
        const { sql, params } = step.value;
        const values = params.map((value) => (value instanceof Date ? value.toISOString() : value));
        if (sql.includes("RollLog")) plans.push(...(connection.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]).map((row) => row.detail));
        const statement = connection.prepare(sql);
        step = plan.next(statement.reader ? (statement.all(...values) as Record<string, unknown>[]) : (statement.run(...values), []));
      }
      return step.value;
    });
    expect(counted).toBe(1);
    expect(plans.filter((detail) => / r\b/.test(detail))).toEqual([expect.stringMatching(/^SEARCH r USING INDEX RollLog_matchId_nonce_key \(matchId=\?\)/), expect.stringMatching(/^SEARCH r USING INDEX RollLog_matchId_nonce_key \(matchId=\?\)/)]);
    expect(plans.join("\n")).not.toMatch(/SCAN r\b/);
    expect(withoutTime(await computeDiceRecord(handle.db))).toEqual(await scannedRecord(handle.db));
  });

  it("the migration counts the matches finished before it", async () => {
    const dir = handle.db.kind === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations";
    const migration = readFileSync(`${dir}/20261206194646_dice_tally/migration.sql`, "utf8");
    const backfill = migration.slice(migration.indexOf("-- Backfill"));
    await handle.db.prisma.$executeRawUnsafe(`DELETE FROM "DiceTally"`);
    await handle.db.prisma.$executeRawUnsafe(`DELETE FROM "DicePlayerTally"`);
    await handle.db.prisma.$executeRawUnsafe(`DELETE FROM "DiceTallyMatch"`);
    for (const statement of backfill.split(";").map((text) => text.replace(/^\s*--.*$/gm, "").trim()).filter(Boolean)) await handle.db.prisma.$executeRawUnsafe(statement);
    expect(await handle.db.prisma.diceTallyMatch.count()).toBeGreaterThan(0);
    expect(withoutTime(await computeDiceRecord(handle.db))).toEqual(await scannedRecord(handle.db));
  });
});
